import { useState } from 'react';
import { isDecidableStatus, type AdminInterviewDetail } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { TextField } from '../../../components/TextField';
import { ConfirmDialog } from '../../../components/lazy-dialogs';
import { describeError } from '../../../lib/describe-error';
import { useDecideInterview } from './api/interviews';
import { DecisionButtons, dateTime } from '../../../components/console-ui';

type Decision = 'approved' | 'rejected';

/** Both of the decision's texts: three lines, at most what the server keeps. */
const textArea = { multiline: true, rows: 3, maxLength: 2000 } as const;

/**
 * The decision on an interview (issue 43, decision 0226): an internal reason, kept in the decision log
 * and required when the decision goes against the AI, apart from the optional note e-mailed to the
 * candidate; Approve and Reject ask to confirm first.
 */
export function DecisionForm({ interview }: { interview: AdminInterviewDetail }) {
  const decide = useDecideInterview(interview.id);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const recommendation = interview.assessment?.recommendation;
  const overriding: Decision | null =
    recommendation === 'advance' ? 'rejected' : recommendation === 'do_not_advance' ? 'approved' : null;
  if (!isDecidableStatus(interview.status)) {
    if (interview.status === 'approved' || interview.status === 'rejected') {
      return (
        <div className="text-sm text-slate-700">
          <p>
            <span className="font-medium">{interview.status === 'approved' ? 'Approved' : 'Rejected'}</span> on{' '}
            {dateTime(interview.decided_at)}. The candidate was e-mailed.
          </p>
          {interview.decision_note && (
            <p className="mt-2 text-slate-600">Note to the candidate: {interview.decision_note}</p>
          )}
        </div>
      );
    }
    return <p className="text-sm text-slate-600">A decision is possible once the interview is completed.</p>;
  }
  if (interview.assessment_hidden) {
    return (
      <p className="text-sm text-slate-600">
        Score the interview in the blind review form first; the decision follows your scores.
      </p>
    );
  }

  const ask = (decision: Decision) => {
    decide.reset();
    // Going against the AI needs an internal reason (issue 35); the server refuses it without one too.
    if (decision === overriding && !reason.trim()) {
      setReasonError(
        `${decision === 'approved' ? 'Approving' : 'Rejecting'} goes against the AI's recommendation: give the internal reason.`,
      );
      return;
    }
    setReasonError(undefined);
    setConfirming(decision);
  };
  const confirm = () => {
    if (!confirming) return;
    decide.mutate(
      { decision: confirming, reason: reason.trim() || undefined, note: note.trim() || undefined },
      { onSettled: () => setConfirming(null) },
    );
  };
  const against = overriding === 'approved' ? 'Approving' : overriding === 'rejected' ? 'Rejecting' : null;
  const who = interview.candidate_name || interview.candidate_email;

  return (
    <form className="space-y-3" onSubmit={(e) => e.preventDefault()} aria-label="Decision">
      <TextField
        label="Internal reason"
        help={
          against
            ? `Kept in the decision log, never sent to the candidate. ${against} goes against the AI's recommendation and needs a reason.`
            : 'Optional. Kept in the decision log, never sent to the candidate.'
        }
        error={reasonError}
        {...textArea}
        value={reason}
        onChange={(value) => {
          setReason(value);
          if (reasonError && value.trim()) setReasonError(undefined);
        }}
      />
      <TextField
        label="Note to the candidate (optional)"
        help="E-mailed to the candidate with the decision."
        {...textArea}
        value={note}
        onChange={setNote}
      />
      <ErrorBanner message={decide.error ? describeError(decide.error, 'Could not record the decision') : null} />
      <div className="flex gap-3">
        <DecisionButtons
          approve="Approve"
          busy={decide.isPending}
          onDecide={(approved) => ask(approved ? 'approved' : 'rejected')}
        />
      </div>
      {confirming && (
        <ConfirmDialog
          title={confirming === 'approved' ? `Approve ${who}?` : `Reject ${who}?`}
          confirmLabel={confirming === 'approved' ? 'Approve' : 'Reject'}
          busy={decide.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {who} will be e-mailed the decision
            {note.trim() ? ' with your note to the candidate' : ' without a note'}; the internal reason stays here.
          </p>
          {note.trim() && <p className="mt-2 rounded bg-slate-50 px-3 py-2 text-slate-700">“{note.trim()}”</p>}
        </ConfirmDialog>
      )}
    </form>
  );
}
