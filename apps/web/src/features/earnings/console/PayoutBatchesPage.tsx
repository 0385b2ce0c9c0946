import { useState } from 'react';
import { Download } from 'lucide-react';
import { type PayoutBatch, type PayoutBatchItem, formatMoney } from '@app/shared';
import { BusyButton } from '../../../components/BusyButton';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import {
  type BankFileFormat,
  downloadBankFile,
  useBuildBatch,
  usePayoutBatch,
  usePayoutBatches,
  useSettleItem,
} from './api/payout-batches';
import { ReasonInput } from './ReasonInput';
import {
  ActionCell,
  Empty,
  ListTable,
  PageHeader,
  Section,
  Table,
  dateTime,
  td,
  titleCase,
} from '../../../components/console-ui';

const FILES: { format: BankFileFormat; label: string }[] = [
  { format: 'nacha', label: 'NACHA file' },
  { format: 'pain.001', label: 'pain.001 file' },
];

/** Payout batches (issue 36 item 6): build one from the open requests, send its bank files, record the bank's answer. */
export function PayoutBatchesPage() {
  const list = usePayoutBatches();
  const build = useBuildBatch();
  const [openId, setOpenId] = useState<string | null>(null);
  const batch = usePayoutBatch(openId);

  return (
    <>
      <PageHeader title="Payout batches">
        <BusyButton
          busy={build.isPending}
          busyLabel="Building..."
          onClick={() => build.mutate(undefined, { onSuccess: (b) => setOpenId(b.id) })}
          className={primaryButtonClass}
        >
          Build payout batch
        </BusyButton>
      </PageHeader>
      <div className="space-y-6">
        <ErrorBanner message={build.error ? describeError(build.error, 'The batch could not be built') : null} />
        {openId && batch.data && <BatchDetail batch={batch.data} />}
        <ErrorBanner message={batch.error ? describeError(batch.error, 'The batch could not be loaded') : null} />
        <Section title="Batches">
          <ListTable
            rows={list.data}
            error={list.error}
            failed="The batches could not be loaded"
            label="Payout batches"
            head={['Created', 'Total', 'Items', 'Paid', 'Failed', '']}
            empty="No payout batches yet."
          >
            {(b) => (
              <tr key={b.id}>
                <td className={td}>{dateTime(b.created_at)}</td>
                <td className={`${td} font-medium`}>{formatMoney(b.total)}</td>
                <td className={td}>{b.item_count}</td>
                <td className={td}>{b.paid}</td>
                <td className={td}>{b.failed}</td>
                <ActionCell name={`Open batch of ${dateTime(b.created_at)}`} onClick={() => setOpenId(b.id)}>
                  Open
                </ActionCell>
              </tr>
            )}
          </ListTable>
        </Section>
      </div>
    </>
  );
}

function BatchDetail({ batch }: { batch: PayoutBatch }) {
  const [fileError, setFileError] = useState<string | null>(null);
  return (
    <Section
      title={`Batch of ${dateTime(batch.created_at)}: ${formatMoney(batch.total)}`}
      actions={
        // A one-click payout's batch was paid by other means: a file would pay it again (issue 43 item 5).
        batch.outside_files ? (
          <p className="text-sm text-slate-600">Paid outside the bank files (a one-click payout): no bank file.</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {FILES.map(({ format, label }) => (
              <button
                key={format}
                type="button"
                className={secondaryButtonClass}
                onClick={() => {
                  setFileError(null);
                  downloadBankFile(batch.id, format).catch((e: Error) => setFileError(e.message));
                }}
              >
                <Download className="h-4 w-4" aria-hidden />
                {label}
              </button>
            ))}
          </div>
        )
      }
    >
      <div className="space-y-4">
        <ErrorBanner message={fileError} />
        {batch.items.length === 0 ? (
          <Empty>This batch has no items.</Empty>
        ) : (
          <Table label="Batch items" head={['Payee', 'Amount', 'Rail', 'Status', '']}>
            {batch.items.map((item) => (
              <ItemRow key={item.request_id} batchId={batch.id} item={item} />
            ))}
          </Table>
        )}
        {batch.held.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Held back from this batch</h3>
            <ul aria-label="Held payees" className="mt-2 space-y-1 text-sm text-slate-700">
              {batch.held.map((h) => (
                <li key={`${h.request_id}:${h.user_id}`}>
                  Payee {h.user_id}: {h.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Section>
  );
}

function ItemRow({ batchId, item }: { batchId: string; item: PayoutBatchItem }) {
  const settle = useSettleItem();
  const [failing, setFailing] = useState(false);
  const [reason, setReason] = useState('');
  const open = item.status === 'batched';
  const ids = { batchId, requestId: item.request_id };
  return (
    <tr>
      <td className={td}>{item.email}</td>
      <td className={`${td} font-medium`}>{formatMoney(item.amount)}</td>
      <td className={td}>{item.rail === 'none' ? 'None (paid outside the files)' : item.rail}</td>
      <td className={td}>
        {/* One child per cell: on a phone the cell is a two-column grid (label, value). */}
        <div>
          {titleCase(item.status)}
          {item.failure_reason && <div className="text-xs text-red-700">{item.failure_reason}</div>}
          {settle.error && (
            <div role="alert" className="text-xs text-red-700">
              {describeError(settle.error, 'The change was not saved')}
            </div>
          )}
        </div>
      </td>
      <td className={`${td} text-right`}>
        {open && !failing && (
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={settle.isPending}
              aria-label={`Mark paid ${item.email}`}
              onClick={() => settle.mutate({ ...ids, outcome: 'paid' })}
            >
              Mark paid
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              aria-label={`Mark failed ${item.email}`}
              onClick={() => setFailing(true)}
            >
              Mark failed
            </button>
          </div>
        )}
        {open && failing && (
          <form
            className="flex flex-col items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              settle.mutate(
                { ...ids, outcome: 'failed', reason: reason.trim() },
                { onSuccess: () => setFailing(false) },
              );
            }}
          >
            <ReasonInput
              label="Why the bank returned it"
              value={reason}
              onChange={setReason}
              className="w-full text-left text-xs text-slate-600"
            />
            <div className="flex gap-2">
              <button type="button" className={secondaryButtonClass} onClick={() => setFailing(false)}>
                Cancel
              </button>
              <button type="submit" className={primaryButtonClass} disabled={settle.isPending}>
                Confirm failed
              </button>
            </div>
          </form>
        )}
      </td>
    </tr>
  );
}
