import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Clock, Wallet, TrendingUp } from 'lucide-react';
import {
  type EarningsTransaction,
  formatMoney,
  pendingAvailableDate,
  transactionBadge,
  transactionDescription,
} from '@app/shared';
import { Badge } from '../../../components/Badge';
import { formatDate } from '../../../lib/format';
import { useAuth } from '../../../lib/auth';
import { useEarningsSummary } from '../api/get-earnings-summary';
import { useEarningsTransactions } from '../api/get-earnings-transactions';
import { TabList } from '../../../components/TabList';
import { PaymentSettings } from './PaymentSettings';
import { RequestPayoutButton } from './RequestPayoutButton';
import { PayoutsTable } from './PayoutsTable';
import { DownloadStatement } from './DownloadStatement';
import { DisputeForm } from './DisputeForm';
import { DisputesList } from './DisputesList';
import { PayoutRequestsList } from './PayoutRequestsList';

type Tab = 'transactions' | 'settings';

const BADGE_COLORS = {
  Completed: 'green',
  Available: 'blue',
  Requested: 'yellow',
  'On its way': 'yellow',
  Pending: 'yellow',
} as const;

function TransactionRow({ transaction: t }: { transaction: EarningsTransaction }) {
  const badge = transactionBadge(t.status, t.payout);
  // Rejected work earns nothing: the amount struck through, and the provider's reason.
  const rejected = t.status === 'rejected';
  return (
    <li data-testid="transaction" className="flex items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{transactionDescription(t)}</p>
        <p className="text-sm text-slate-500">{formatDate(t.created_at)}</p>
        {rejected && t.rejection_reason && <p className="mt-1 text-sm text-red-700">Reason: {t.rejection_reason}</p>}
        {rejected && t.task_id && <DisputeForm taskId={t.task_id} />}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
        <span className={rejected ? 'font-semibold text-slate-400 line-through' : 'font-semibold text-green-700'}>
          {formatMoney(t.amount, { sign: true })}
        </span>
        {rejected ? <Badge color="red">Rejected</Badge> : <Badge color={BADGE_COLORS[badge]}>{badge}</Badge>}
      </div>
    </li>
  );
}

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
  // ?tab=settings opens Payment Settings (the job page's 'Setup Payments' item links there).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'settings' ? 'settings' : 'transactions');

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
  // Dollars with two decimals: subtract in cents so $0.30 - $0.10 is not 0.19999.
  const requested = s.requested_payout ?? 0;
  const inReview = (Math.round(s.pending_payout * 100) - Math.round(requested * 100)) / 100;
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
          <RequestPayoutButton />
        </Card>
        <Card
          icon={<Clock className="h-4 w-4" aria-hidden />}
          title="Pending Payment"
          amount={formatMoney(s.pending_payout)}
        >
          {/* Work in review becomes available after the review window; requested money is paid on a
              payout day instead. Nothing pending, no line (issue 34). */}
          {inReview > 0 && (
            <p className="mt-3 text-sm text-slate-500">
              {requested > 0 && `${formatMoney(inReview)} in review: `}Available on {formatDate(pendingAvailableDate())}
            </p>
          )}
          {requested > 0 && (
            <p className="mt-1 text-sm text-slate-500">
              {formatMoney(requested)} requested: paid on the next payout day
            </p>
          )}
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
              <DownloadStatement userId={user?.id} />
            </div>
            <section aria-labelledby="payouts-title" className="px-4 py-3">
              <h3 id="payouts-title" className="text-sm font-semibold text-slate-700">
                Payouts
              </h3>
              <PayoutsTable userId={user?.id} className="mt-1" />
            </section>
            <PayoutRequestsList />
            <h3 className="border-t border-slate-200 px-4 pt-3 text-sm font-semibold text-slate-700">Transactions</h3>
            {transactions.data.length === 0 ? (
              <p className="px-4 py-10 text-center text-slate-600">No transactions yet</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {transactions.data.map((t) => (
                  <TransactionRow key={t.id} transaction={t} />
                ))}
              </ul>
            )}
            <DisputesList />
          </>
        ) : (
          <PaymentSettings />
        )}
      </TabList>
    </div>
  );
}
