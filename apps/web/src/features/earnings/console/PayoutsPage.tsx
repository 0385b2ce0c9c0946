import { useState } from 'react';
import { Download } from 'lucide-react';
import { type Payout, formatMoney } from '@app/shared';
import { BusyButton } from '../../../components/BusyButton';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Modal } from '../../../components/lazy-dialogs';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { downloadPayoutCsv, useBalances, useCreatePayout, usePayouts } from './api/payouts';
import { useSearchState } from '../../../lib/use-search-state';
import {
  ActionCell,
  Empty,
  PageHeader,
  PagedTable,
  Pagination,
  Section,
  Table,
  dateTime,
  td,
} from '../../../components/console-ui';

const PAGE_SIZE = 20;

type Confirm = { userId?: string; who: string; amount: number } | null;

/** Balances per candidate, paying out (everyone or one), payout history with CSV export. */
export function PayoutsPage() {
  const { values, page, set, paging } = useSearchState(['available', 'hpage'] as const);
  const historyPage = Math.max(1, Number(values.hpage) || 1);
  const balances = useBalances({
    only_available: values.available === 'all' ? undefined : 'true',
    page,
    page_size: PAGE_SIZE,
  });
  const history = usePayouts({ page: historyPage, page_size: 10 });
  const pay = useCreatePayout();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [result, setResult] = useState<Payout | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const totalAvailable = (balances.data?.items ?? []).reduce((s, b) => s + b.available, 0);

  const onConfirm = async () => {
    if (!confirm) return;
    try {
      setResult(await pay.mutateAsync(confirm.userId));
    } finally {
      setConfirm(null);
    }
  };

  return (
    <>
      <PageHeader title="Payouts">
        <BusyButton
          busy={pay.isPending}
          onClick={() => setConfirm({ who: 'every candidate with an available balance', amount: totalAvailable })}
          className={primaryButtonClass}
        >
          Pay out all available
        </BusyButton>
      </PageHeader>
      <div className="space-y-6">
        {result && (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
            {result.payout_id
              ? `Paid ${formatMoney(result.total)} to ${result.items.length} candidate${result.items.length === 1 ? '' : 's'}. They were e-mailed.`
              : 'Nothing was available to pay.'}
          </p>
        )}
        {result?.held && result.held.length > 0 && (
          <div role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
            Not paid now, their money stays available:
            <ul aria-label="Held payees" className="mt-1 list-disc pl-5">
              {result.held.map((h) => (
                <li key={h.user_id}>
                  {h.email || h.user_id}: {h.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        <ErrorBanner message={pay.error ? describeError(pay.error, 'The payout failed') : null} />
        <Section
          title="Balances"
          actions={
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={values.available === 'all'}
                onChange={(e) => set({ available: e.target.checked ? 'all' : '' })}
              />
              Show everyone with earnings
            </label>
          }
        >
          <PagedTable
            list={balances}
            empty="No available balances to pay."
            label="Balances"
            head={['Candidate', 'Pending review', 'Available', 'Paid', '']}
            paging={paging(PAGE_SIZE)}
          >
            {(b) => (
              <tr key={b.user_id}>
                <td className={td}>
                  <div className="font-medium text-slate-900">{b.name || b.email}</div>
                  {b.name && <div className="text-xs text-slate-500">{b.email}</div>}
                </td>
                <td className={td}>{formatMoney(b.pending)}</td>
                <td className={`${td} font-medium`}>{formatMoney(b.available)}</td>
                <td className={td}>{formatMoney(b.paid)}</td>
                <ActionCell
                  name={`Pay out ${b.name || b.email}`}
                  disabled={b.available <= 0 || pay.isPending}
                  onClick={() => setConfirm({ userId: b.user_id, who: b.name || b.email, amount: b.available })}
                >
                  Pay out
                </ActionCell>
              </tr>
            )}
          </PagedTable>
        </Section>
        <Section title="History">
          <ErrorBanner message={exportError} />
          {history.data && history.data.items.length === 0 && <Empty>No payouts yet.</Empty>}
          {history.data && history.data.items.length > 0 && (
            <Table label="Payout history" head={['Date', 'Total', 'Candidates', 'Transactions', 'By', '']}>
              {history.data.items.map((p) => (
                <tr key={p.id}>
                  <td className={td}>{dateTime(p.created_at)}</td>
                  <td className={`${td} font-medium`}>{formatMoney(p.total)}</td>
                  <td className={td}>{p.recipients}</td>
                  <td className={td}>{p.transactions}</td>
                  <td className={td}>{p.created_by_email ?? '—'}</td>
                  <ActionCell
                    name={`Export payout of ${dateTime(p.created_at)} as CSV`}
                    onClick={() => {
                      setExportError(null);
                      downloadPayoutCsv(p.id).catch((e: Error) => setExportError(e.message));
                    }}
                  >
                    <Download className="h-4 w-4" aria-hidden />
                    CSV
                  </ActionCell>
                </tr>
              ))}
            </Table>
          )}
          {history.data && (
            <Pagination
              label="Payout history"
              page={historyPage}
              pageSize={10}
              total={history.data.total}
              onPage={(p) => set({ hpage: p })}
            />
          )}
        </Section>
      </div>
      {confirm && (
        <Modal title="Confirm payout" onClose={() => setConfirm(null)}>
          <p className="text-sm text-slate-700">
            Pay out {confirm.userId ? formatMoney(confirm.amount) : 'every available balance'} to {confirm.who}? The
            accepted earnings are marked paid and each candidate receives an e-mail.
          </p>
          <div className="mt-5 flex justify-end gap-3">
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirm(null)}>
              Cancel
            </button>
            <button
              type="button"
              className={primaryButtonClass}
              disabled={pay.isPending}
              onClick={() => void onConfirm()}
              data-autofocus
            >
              {pay.isPending ? 'Paying...' : 'Pay out'}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
