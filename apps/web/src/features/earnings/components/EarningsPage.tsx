import { useState } from 'react';
import { Clock, Download, Landmark, Wallet, TrendingUp } from 'lucide-react';
import { formatMoney, pendingAvailableDate, transactionBadge, transactionDescription } from '@app/shared';
import { Badge } from '../../../components/Badge';
import { formatDate } from '../../../lib/format';
import { useAuth } from '../../../lib/auth';
import { useEarningsSummary } from '../api/get-earnings-summary';
import { useEarningsTransactions } from '../api/get-earnings-transactions';
import { TabList } from '../../../components/TabList';

type Tab = 'transactions' | 'settings';

/** Placeholder bank details: no bank integration exists yet (docs/product/screens/earnings.md). */
const BANK = { bank: 'First National Bank', account: '•••• •••• 4821', routing: '•••• 0193' };

function Card({
  icon,
  title,
  amount,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  amount: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex items-center gap-2 text-sm font-medium text-slate-500">
        {icon}
        <h2>{title}</h2>
      </div>
      <p className="mt-2 text-3xl font-semibold text-slate-900">{amount}</p>
      {children}
    </section>
  );
}

/** Earnings (docs/product/screens/earnings.md). */
export function EarningsPage() {
  const { user } = useAuth();
  const summary = useEarningsSummary(user?.id);
  const transactions = useEarningsTransactions(user?.id);
  const [tab, setTab] = useState<Tab>('transactions');

  if (summary.isPending || transactions.isPending) {
    return <p className="py-24 text-center text-slate-600">Loading earnings...</p>;
  }
  if (summary.isError || transactions.isError) {
    return (
      <p role="alert" className="py-24 text-center text-red-700">
        Failed to load earnings
      </p>
    );
  }

  const s = summary.data;
  const tabs: { key: Tab; label: string }[] = [
    { key: 'transactions', label: 'Transactions' },
    { key: 'settings', label: 'Payment Settings' },
  ];

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 md:px-8 md:py-8">
      <h1 className="text-2xl font-semibold text-slate-900">Earnings</h1>

      <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-3">
        <Card
          icon={<TrendingUp className="h-4 w-4" aria-hidden />}
          title="Total Earnings"
          amount={formatMoney(s.total_earnings)}
        />
        <Card
          icon={<Wallet className="h-4 w-4" aria-hidden />}
          title="Available Balance"
          amount={formatMoney(s.available_balance)}
        >
          <button
            type="button"
            className="mt-3 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Request Payout
          </button>
        </Card>
        <Card
          icon={<Clock className="h-4 w-4" aria-hidden />}
          title="Pending Payment"
          amount={formatMoney(s.pending_payout)}
        >
          <p className="mt-3 text-sm text-slate-500">Available on {formatDate(pendingAvailableDate())}</p>
        </Card>
      </div>

      <TabList
        label="Earnings"
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        className="mt-8"
        panelClassName="mt-4 rounded-xl border border-slate-200 bg-white"
      >
        {tab === 'transactions' ? (
          <>
            <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
              <h2 className="font-semibold text-slate-900">History</h2>
              <button
                type="button"
                className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                <Download className="h-4 w-4" aria-hidden />
                Download Statement
              </button>
            </div>
            {transactions.data.length === 0 ? (
              <p className="px-4 py-10 text-center text-slate-600">No transactions yet</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {transactions.data.map((t) => {
                  const badge = transactionBadge(t.status);
                  // Rejected work earns nothing: the amount struck through, and the provider's reason.
                  const rejected = t.status === 'rejected';
                  return (
                    <li
                      key={t.id}
                      data-testid="transaction"
                      className="flex items-center justify-between gap-3 px-4 py-3"
                    >
                      <div className="min-w-0">
                        <p className="truncate font-medium text-slate-900">{transactionDescription(t)}</p>
                        <p className="text-sm text-slate-500">{formatDate(t.created_at)}</p>
                        {rejected && t.rejection_reason && (
                          <p className="mt-1 text-sm text-red-700">Reason: {t.rejection_reason}</p>
                        )}
                      </div>
                      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
                        <span
                          className={
                            rejected ? 'font-semibold text-slate-400 line-through' : 'font-semibold text-green-700'
                          }
                        >
                          {formatMoney(t.amount, { sign: true })}
                        </span>
                        {rejected ? (
                          <Badge color="red">Rejected</Badge>
                        ) : (
                          <Badge color={badge === 'Completed' ? 'green' : 'yellow'}>{badge}</Badge>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        ) : (
          <div className="space-y-4 p-4">
            <div className="flex items-center gap-2">
              <Landmark className="h-5 w-5 text-slate-500" aria-hidden />
              <h2 className="font-semibold text-slate-900">Bank Account</h2>
            </div>
            <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-500">Account holder</dt>
                <dd className="font-medium text-slate-900">{user?.name || 'Account holder'}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Bank name</dt>
                <dd className="font-medium text-slate-900">{BANK.bank}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Account number</dt>
                <dd className="font-medium text-slate-900">{BANK.account}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Routing number</dt>
                <dd className="font-medium text-slate-900">{BANK.routing}</dd>
              </div>
            </dl>
            <button
              type="button"
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Update Bank Account
            </button>
            <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-800">
              <strong>Bi-weekly Payouts:</strong> You receive payouts every 2 weeks on Mondays
            </p>
          </div>
        )}
      </TabList>
    </div>
  );
}
