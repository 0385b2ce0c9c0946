import { useState } from 'react';
import { Bot } from 'lucide-react';
import { AI_ASSESSMENT_NOTICE } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { inputClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useAiNotice, useOwnAlternative, useRequestAlternative } from '../api/ai-notice';

const SIGNAL_LABELS: Record<string, string> = {
  focus_lost: 'the interview window losing focus',
  tab_hidden: 'the tab being hidden',
  fullscreen_exit: 'leaving full screen',
  paste: 'pasting text',
  microphone_changed: 'a changed microphone',
};

/**
 * The AI notice before "Start Interview" (issue 35): what the AI does, the criteria, that a person
 * decides, retention, integrity signals; its acknowledgement; and the human-only alternative.
 */
export function AiNoticePanel({
  jobId,
  checked,
  onChange,
}: {
  jobId: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const notice = useAiNotice(jobId);
  const own = useOwnAlternative(jobId);
  const request = useRequestAlternative(jobId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const n = notice.data;

  return (
    <section
      aria-labelledby="ai-notice-title"
      className="rounded-md border border-brand-200 bg-brand-50/40 p-4 text-sm"
    >
      <h2 id="ai-notice-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Bot className="h-4 w-4 text-brand-600" aria-hidden />
        About the AI in this interview
      </h2>
      {notice.error && <ErrorBanner message={describeError(notice.error, 'Could not load the AI notice.')} />}
      {n && (
        <div className="mt-2 space-y-2 text-slate-700">
          <p>{n.text}</p>
          <p className="font-medium text-slate-900">What the AI assesses (the content of your answers only):</p>
          <ul className="list-disc space-y-1 pl-5">
            {n.criteria.map((c) => (
              <li key={c.name}>
                <span className="font-medium">{c.name}</span>: {c.description}
              </li>
            ))}
          </ul>
          <p>
            A person reviews every interview and makes the decision. Recordings are kept for {n.retention_days} days, or
            until you delete your account.
          </p>
          <p>
            For integrity we note, with the time, {n.integrity_signals.map((s) => SIGNAL_LABELS[s] ?? s).join(', ')}. A
            person looks at these; they never change a score or a decision by themselves.
          </p>
          <p>
            An independent auditor checks this AI assessment for bias; the summaries are public:{' '}
            {/* A new tab: the application in progress stays where it is. */}
            <a
              href={n.bias_audit_url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline"
            >
              Bias audits of our AI assessment
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            .
          </p>
        </div>
      )}
      <label className="mt-3 flex gap-3 rounded-md border border-slate-200 bg-white p-3 text-slate-700">
        <input
          type="checkbox"
          name="ai-notice"
          checked={checked}
          disabled={!n}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
        />
        <span>{AI_ASSESSMENT_NOTICE.acknowledgement}</span>
      </label>
      <div className="mt-3">
        {own.data ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-800">
            You asked for a human-only review. No AI will score your interview; a person assesses it. You may still take
            the interview.
          </p>
        ) : asking ? (
          // A group, not a form: the application wizard's step is a form already.
          <div role="group" aria-label="Human-only review request" className="space-y-2">
            <label className="block font-medium text-slate-700">
              Why would you like a human-only review? (a sentence is enough)
              <textarea
                className={inputClass}
                rows={2}
                maxLength={2000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </label>
            <ErrorBanner
              message={request.error ? describeError(request.error, 'Could not send your request.') : null}
            />
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={!reason.trim() || request.isPending}
              onClick={() => request.mutate(reason.trim())}
            >
              Send request
            </button>
          </div>
        ) : (
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => setAsking(true)}>
            Ask for a human-only review instead
          </button>
        )}
      </div>
    </section>
  );
}
