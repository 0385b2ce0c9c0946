import { useState } from 'react';
import { SATISFACTION_COMMENT_MAX } from '@app/shared';
import { ErrorLine } from '../../../components/ErrorBanner';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import type { SatisfactionReply } from '../api/satisfaction';

const SCORES = [1, 2, 3, 4, 5] as const;

/**
 * The one optional question on the closing screen (issue 47, item 3): 1-5 and a comment, or Skip.
 * Answered or skipped, it is not asked again; an answer the server already has (409, e.g. from
 * another tab) counts as answered.
 */
export function SatisfactionQuestion({
  subject,
  send,
}: {
  /** What is rated: "interview" or "practice". */
  subject: string;
  send: (reply: SatisfactionReply) => Promise<unknown>;
}) {
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'open' | 'sending' | 'answered' | 'skipped'>('open');
  const [error, setError] = useState<string | null>(null);

  const submit = async (reply: SatisfactionReply) => {
    setState('sending');
    setError(null);
    try {
      await send(reply);
      setState('skipped' in reply ? 'skipped' : 'answered');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) return setState('answered');
      setError(describeError(err, 'Your answer could not be sent. Please try again.'));
      setState('open');
    }
  };

  if (state === 'answered') return <p className="mt-5 text-sm text-emerald-700">Thank you for your feedback.</p>;
  if (state === 'skipped') return null;
  const sending = state === 'sending';
  return (
    <form
      aria-label={`Rate this ${subject}`}
      className="mt-5 rounded-xl border border-slate-200 bg-slate-50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (score !== null) void submit({ score, ...(comment.trim() && { comment: comment.trim() }) });
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">How did this {subject} feel? (optional)</legend>
        <div className="mt-2 flex gap-2" role="radiogroup" aria-label="Score from 1 (poor) to 5 (great)">
          {SCORES.map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={score === s}
              aria-label={`${s} of 5`}
              onClick={() => setScore(s)}
              className={`h-9 w-9 rounded-full border text-sm font-semibold ${
                score === s
                  ? 'border-indigo-600 bg-indigo-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-indigo-400'
              }`}
            >
              {s}
            </button>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-500">1 = poor, 5 = great</p>
      </fieldset>
      <label className="mt-3 block text-sm text-slate-700">
        Anything to add?
        <textarea
          value={comment}
          maxLength={SATISFACTION_COMMENT_MAX}
          onChange={(e) => setComment(e.target.value)}
          rows={2}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </label>
      <ErrorLine message={error} className="mt-2" />
      <div className="mt-3 flex justify-end gap-2">
        <button
          type="button"
          disabled={sending}
          onClick={() => void submit({ skipped: true })}
          className="rounded-lg px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-200"
        >
          Skip
        </button>
        <button
          type="submit"
          disabled={sending || score === null}
          className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-40"
        >
          Send
        </button>
      </div>
    </form>
  );
}
