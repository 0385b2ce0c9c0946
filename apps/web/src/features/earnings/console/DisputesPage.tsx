import { useState } from 'react';
import { type Dispute, DISPUTE_STATUSES, formatMoney } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { type DisputeOutcome, useDisputes, useResolveDispute } from './api/payout-batches';
import { ReasonInput } from './ReasonInput';
import { ListTable, PageHeader, Section, dateTime, td, titleCase } from '../../../components/console-ui';

/** Raters' disputes of rejected tasks (issue 36 item 9): read them and resolve each with a reason. */
export function DisputesPage() {
  const [status, setStatus] = useState<string>('open');
  const list = useDisputes(status);
  return (
    <>
      <PageHeader title="Disputes" />
      <Section
        title="Disputes"
        actions={
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Status
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            >
              {DISPUTE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {titleCase(s)}
                </option>
              ))}
              <option value="">All</option>
            </select>
          </label>
        }
      >
        <ListTable
          rows={list.data}
          error={list.error}
          failed="The disputes could not be loaded"
          label="Disputes"
          head={['Task', 'Rater', 'Reason', 'Created', '']}
          empty="No disputes here."
        >
          {(d) => <DisputeRow key={d.id} dispute={d} />}
        </ListTable>
      </Section>
    </>
  );
}

function DisputeRow({ dispute: d }: { dispute: Dispute }) {
  const resolve = useResolveDispute();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<DisputeOutcome>('upheld');
  const [reason, setReason] = useState('');
  return (
    <tr>
      <td className={td}>
        {/* One child per cell: on a phone the cell is a two-column grid (label, value). */}
        <div>
          <div className="font-medium text-slate-900">{d.task_name}</div>
          <div className="text-xs text-slate-500">
            {d.job_title} · {formatMoney(d.amount)}
          </div>
          {d.rejection_reason && <div className="text-xs text-slate-500">Rejected: {d.rejection_reason}</div>}
        </div>
      </td>
      <td className={td}>{d.email}</td>
      <td className={`${td} whitespace-pre-wrap`}>{d.reason}</td>
      <td className={td}>{dateTime(d.created_at)}</td>
      <td className={`${td} text-right`}>
        {d.status !== 'open' && (
          <div className="text-sm">
            {titleCase(d.status)}
            {d.resolution && <div className="text-xs text-slate-500">{d.resolution}</div>}
          </div>
        )}
        {d.status === 'open' && !open && (
          <button
            type="button"
            className={secondaryButtonClass}
            aria-label={`Resolve dispute of ${d.email} on ${d.task_name}`}
            onClick={() => setOpen(true)}
          >
            Resolve
          </button>
        )}
        {d.status === 'open' && open && (
          <form
            className="flex flex-col items-stretch gap-2 text-left"
            onSubmit={(e) => {
              e.preventDefault();
              resolve.mutate({ id: d.id, outcome, reason: reason.trim() });
            }}
          >
            <label className="text-xs text-slate-600">
              Outcome
              <select
                className={inputClass}
                value={outcome}
                onChange={(e) => setOutcome(e.target.value as DisputeOutcome)}
              >
                <option value="upheld">Upheld (the rejection stands)</option>
                <option value="overturned">Overturned (the work is accepted)</option>
              </select>
            </label>
            <ReasonInput label="Reason" value={reason} onChange={setReason} />
            <ErrorBanner
              message={resolve.error ? describeError(resolve.error, 'The dispute was not resolved') : null}
            />
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButtonClass} onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="submit" className={primaryButtonClass} disabled={resolve.isPending}>
                Resolve
              </button>
            </div>
          </form>
        )}
      </td>
    </tr>
  );
}
