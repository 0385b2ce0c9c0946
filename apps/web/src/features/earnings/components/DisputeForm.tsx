import { useState } from 'react';
import { useCreateDispute } from '../api/disputes';
import { ErrorLine } from '../../../components/ErrorBanner';

/** Dispute a rejected task: a reason, sent to the provider's review (issue 36 item 9). */
export function DisputeForm({ taskId }: { taskId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const create = useCreateDispute();
  if (create.isSuccess) {
    return (
      <p role="status" className="mt-1 text-sm text-slate-700">
        Dispute sent
      </p>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
      >
        Dispute
      </button>
    );
  }
  return (
    <form
      className="mt-2 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ task_id: taskId, reason });
      }}
    >
      <label className="text-sm text-slate-700">
        Why should this be reviewed again?
        <textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={1000}
          required
          minLength={3}
          className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
      </label>
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded-md bg-brand-600 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Send dispute
        </button>
        <button type="button" onClick={() => setOpen(false)} className="px-3 py-1 text-sm text-slate-600">
          Cancel
        </button>
      </div>
      <ErrorLine message={create.error?.message} />
    </form>
  );
}
