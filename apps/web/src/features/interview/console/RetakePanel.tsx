import { useState } from 'react';
import type { AdminInterviewDetail } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { inputClass } from '../../../components/form-styles';
import { Modal } from '../../../components/lazy-dialogs';
import { describeError } from '../../../lib/describe-error';
import { useAllowRetake } from './api/interviews';

/**
 * The provider lets the candidate take this interview again (decision 0149): the interview goes
 * back to not started and the reason is kept. Not while it runs, nor before it was taken.
 */
export function RetakePanel({ interview }: { interview: AdminInterviewDetail }) {
  const retake = useAllowRetake(interview.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState(false);

  if (interview.status === 'in_progress') {
    return (
      <p className="text-sm text-slate-600">The interview is running; a retake can be allowed once it has ended.</p>
    );
  }
  if (interview.status === 'not_started' || interview.status === 'scheduled') {
    return (
      <p className="text-sm text-slate-600">
        {done
          ? 'Retake allowed: the candidate can take the interview again.'
          : 'The candidate can take this interview.'}
      </p>
    );
  }

  const submit = () => {
    if (!reason.trim()) return;
    retake.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          setDone(true);
          setOpen(false);
        },
      },
    );
  };

  return (
    <div className="text-sm text-slate-700">
      <p>
        A retake sets this interview back to not started: its transcript, assessment and decision are cleared and the
        candidate can take it again. The reason is kept.
      </p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-3 rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50"
      >
        Allow a retake
      </button>
      {open && (
        <Modal title="Allow a retake?" onClose={() => setOpen(false)}>
          <form
            className="mt-3 space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <div>
              <label htmlFor="retake-reason" className="block text-sm font-medium text-slate-700">
                Reason (kept in the log)
              </label>
              <textarea
                id="retake-reason"
                data-autofocus
                rows={3}
                maxLength={2000}
                required
                className={inputClass}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            <ErrorBanner message={retake.error ? describeError(retake.error, 'Could not allow the retake') : null} />
            <div className="flex justify-end gap-3">
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Cancel
              </button>
              <button
                type="submit"
                disabled={retake.isPending || !reason.trim()}
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
              >
                {retake.isPending ? 'Allowing...' : 'Allow retake'}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
