import { useState } from 'react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { formatDate } from '../../../lib/format';
import { useAppeal, useCorrectTranscript, useExplanation, useOwnTranscript } from '../api/decision';

const APPEAL_STATUS = {
  open: 'Your appeal is with the hiring team. You will hear back by e-mail.',
  upheld: 'The hiring team reviewed your appeal and kept the decision.',
  overturned: 'The hiring team reviewed your appeal and changed the decision.',
};

/**
 * After a decision (issue 35): how the AI was used and that a person decided, the appeal (once,
 * within 30 days) and corrections of the candidate's own transcript.
 */
export function DecisionExplanation({ interviewId }: { interviewId: string }) {
  const explanation = useExplanation(interviewId);
  const e = explanation.data;
  if (!e) return null;
  // Only a rejection can be appealed (the server refuses an approval's appeal too).
  const appealable = e.decision === 'rejected';
  const canAppeal = appealable && !e.appeal && Date.now() <= Date.parse(e.appeal_until);
  return (
    <section aria-label="How this decision was made" className="mt-6 space-y-3 border-t border-slate-200 pt-4 text-sm">
      <h2 className="text-base font-semibold text-slate-900">How this decision was made</h2>
      <p className="text-slate-700">
        {!e.ai_used
          ? `Your interview for ${e.role} was reviewed by a person only, without an AI assessment. The decision was made on ${formatDate(e.decided_at)}.`
          : e.ai_scored
            ? `An AI assessed what you said in the interview for ${e.role} against the criteria below (content only: never your voice, face, accent or emotions). A person on the hiring team reviewed it and made the decision on ${formatDate(e.decided_at)}.`
            : `An AI read what you said in the interview for ${e.role} but gave it no score: too little of it was long or clear enough to judge. A person on the hiring team assessed your interview against the criteria below and made the decision on ${formatDate(e.decided_at)}.`}
      </p>
      <ul className="space-y-1">
        {e.criteria.map((c) => (
          <li key={c.name}>
            <span className="font-medium text-slate-900">{c.name}:</span>{' '}
            <span className="text-slate-600">{c.description}</span>
          </li>
        ))}
      </ul>
      {e.work_sample && (
        <p className="text-slate-700" data-testid="explanation-work-sample">
          <span className="font-medium text-slate-900">Work sample:</span> {e.work_sample.within_one} of{' '}
          {e.work_sample.rated} item{e.work_sample.rated === 1 ? '' : 's'} you rated were within one point of the
          reference rating.{e.work_sample.rationale ? ` ${e.work_sample.rationale}` : ''}
        </p>
      )}
      {e.appeal && (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-slate-700" role="status">
          {APPEAL_STATUS[e.appeal.status]}
          {e.appeal.note && ` Their note: ${e.appeal.note}`}
        </p>
      )}
      {canAppeal && <AppealForm interviewId={interviewId} until={e.appeal_until} />}
      {appealable && !e.appeal && !canAppeal && (
        <p className="text-slate-600">The time to appeal ended on {formatDate(e.appeal_until)}.</p>
      )}
      <Corrections interviewId={interviewId} />
    </section>
  );
}

function AppealForm({ interviewId, until }: { interviewId: string; until: string }) {
  const appeal = useAppeal(interviewId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open) {
    return (
      <p className="text-slate-700">
        You may ask for the decision to be reviewed again, once, until {formatDate(until)}.{' '}
        <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => setOpen(true)}>
          Appeal this decision
        </button>
      </p>
    );
  }
  return (
    <form
      aria-label="Appeal"
      className="space-y-2"
      onSubmit={(ev) => {
        ev.preventDefault();
        appeal.mutate(reason.trim());
      }}
    >
      <label htmlFor="appeal-reason" className="block font-medium text-slate-700">
        Why should the decision be reviewed again?
      </label>
      <textarea
        id="appeal-reason"
        rows={3}
        maxLength={4000}
        className={inputClass}
        value={reason}
        onChange={(ev) => setReason(ev.target.value)}
      />
      <ErrorBanner message={appeal.error ? describeError(appeal.error, 'Could not send your appeal') : null} />
      <button type="submit" className={primaryButtonClass} disabled={!reason.trim() || appeal.isPending}>
        Send appeal
      </button>
    </form>
  );
}

/** The candidate's answers as transcribed, each with a way to say what they actually said. */
function Corrections({ interviewId }: { interviewId: string }) {
  const [open, setOpen] = useState(false);
  const transcript = useOwnTranscript(interviewId, open);
  const correct = useCorrectTranscript(interviewId);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const edited = Object.entries(drafts)
    .filter(([, text]) => text.trim())
    .map(([seq, text]) => ({ seq: Number(seq), text: text.trim() }));
  if (!open) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        Correct your transcript
      </button>
    );
  }
  const answers = transcript.data?.turns.filter((t) => t.speaker === 'user') ?? [];
  return (
    <form
      aria-label="Transcript corrections"
      className="space-y-3"
      onSubmit={(ev) => {
        ev.preventDefault();
        correct.mutate(edited, { onSuccess: () => setDrafts({}) });
      }}
    >
      <p className="text-slate-600">
        If the transcript misheard you, write what you said. The hiring team sees your correction beside the original.
      </p>
      <ErrorBanner
        message={transcript.error ? describeError(transcript.error, 'Could not load your transcript') : null}
      />
      {answers.map((t) => (
        <div key={t.seq} className="rounded-md border border-slate-200 p-3">
          <p className="text-slate-700">“{t.text}”</p>
          {t.candidate_correction && (
            <p className="mt-1 text-xs text-slate-500">Your correction: {t.candidate_correction}</p>
          )}
          <label htmlFor={`correction-${t.seq}`} className="sr-only">
            Correction of answer {t.seq}
          </label>
          <textarea
            id={`correction-${t.seq}`}
            rows={2}
            maxLength={4000}
            placeholder="What you said"
            className={`${inputClass} mt-2`}
            value={drafts[t.seq] ?? ''}
            onChange={(ev) => setDrafts((d) => ({ ...d, [t.seq]: ev.target.value }))}
          />
        </div>
      ))}
      <ErrorBanner message={correct.error ? describeError(correct.error, 'Could not send your corrections') : null} />
      {correct.isSuccess && !edited.length && (
        <p role="status" className="text-green-800">
          Your corrections were sent.
        </p>
      )}
      <button type="submit" className={primaryButtonClass} disabled={!edited.length || correct.isPending}>
        Send corrections
      </button>
    </form>
  );
}
