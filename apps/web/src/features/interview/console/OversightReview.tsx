import { useState } from 'react';
import {
  INTEGRITY_KIND_LABELS,
  RUBRIC_CRITERIA,
  RUBRIC_SCALE,
  type AdminInterviewDetail,
  type Provenance,
} from '@app/shared';
import { Badge } from '../../../components/Badge';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { formatClock } from '../../../lib/format';
import { useMarkIntegrityEvent, usePostHumanScores } from './api/interviews';

/**
 * Blind review (issue 35): the reviewer scores every criterion before the AI's assessment is shown;
 * the scores are final once sent.
 */
export function BlindScoringForm({ interviewId }: { interviewId: string }) {
  const post = usePostHumanScores(interviewId);
  const [scores, setScores] = useState<Record<string, number>>({});
  const complete = RUBRIC_CRITERIA.every((c) => scores[c.key]);
  return (
    <form
      aria-label="Your blind scores"
      className="space-y-4 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (complete) post.mutate(RUBRIC_CRITERIA.map((c) => ({ criterion: c.key, score: scores[c.key]! })));
      }}
    >
      <p className="rounded-md bg-brand-50 px-3 py-2 text-brand-700">
        This interview is in the blind review sample. Score it yourself first; the AI&apos;s assessment appears once
        your scores are recorded, and they cannot be changed afterwards.
      </p>
      {RUBRIC_CRITERIA.map((c) => (
        <fieldset key={c.key} className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 font-medium text-slate-900">{c.label}</legend>
          <p className="text-xs text-slate-500">{c.description}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="flex items-center gap-1 text-slate-700" title={RUBRIC_SCALE[n]}>
                <input
                  type="radio"
                  name={`score-${c.key}`}
                  value={n}
                  checked={scores[c.key] === n}
                  onChange={() => setScores((s) => ({ ...s, [c.key]: n }))}
                />
                {n}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <ErrorBanner message={post.error ? describeError(post.error, 'Could not record your scores') : null} />
      <button type="submit" className={primaryButtonClass} disabled={!complete || post.isPending}>
        Record my scores and show the AI assessment
      </button>
    </form>
  );
}

/** The reviewer's own blind scores beside the AI's, once both exist. */
export function HumanScoresNote({ interview }: { interview: AdminInterviewDetail }) {
  if (!interview.human_scores) return null;
  const ai = new Map(interview.assessment?.criteria.map((c) => [c.key, c.score]));
  return (
    <div className="mb-4 rounded-md bg-slate-50 p-3 text-xs text-slate-600" data-testid="human-scores">
      <p className="font-medium text-slate-700">Your blind scores (AI in brackets)</p>
      <p className="mt-1">
        {interview.human_scores
          .map((s) => {
            const label = RUBRIC_CRITERIA.find((c) => c.key === s.criterion)?.label ?? s.criterion;
            return `${label} ${s.score}${ai.has(s.criterion as never) ? ` (${ai.get(s.criterion as never)})` : ''}`;
          })
          .join(' · ')}
      </p>
    </div>
  );
}

/** What produced the assessment: rubric, method, model, the hashes of the instructions and the transcript. */
export function ProvenancePanel({ provenance }: { provenance: Provenance | null }) {
  if (!provenance) return null;
  const short = (h: string) => `${h.slice(0, 12)}…`;
  return (
    <details
      open
      className="mt-4 rounded-md border border-slate-200 p-3 text-xs text-slate-600"
      data-testid="provenance"
    >
      <summary className="cursor-pointer font-medium text-slate-700">Provenance</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-all">
        <dt>Rubric</dt>
        <dd>{provenance.rubric_version}</dd>
        <dt>Method</dt>
        <dd>{provenance.method === 'model' ? 'Language model' : 'Built-in rules'}</dd>
        <dt>Model</dt>
        <dd>{provenance.model ?? '—'}</dd>
        <dt>Recognizer</dt>
        <dd>{provenance.recognizer}</dd>
        <dt>Instructions</dt>
        <dd title={provenance.prompt_sha256}>sha256 {short(provenance.prompt_sha256)}</dd>
        <dt>Transcript</dt>
        <dd title={provenance.transcript_sha256}>sha256 {short(provenance.transcript_sha256)}</dd>
        {provenance.transcript_note && (
          <>
            <dt>Careful pass</dt>
            <dd className="break-normal" data-testid="transcript-note">
              {provenance.transcript_note}
            </dd>
          </>
        )}
      </dl>
    </details>
  );
}

/**
 * Integrity evidence on the review timeline: each event seeks the recording to its moment and can be
 * marked explained or a concern. Evidence for the reviewer, never a verdict (decision 0197).
 */
export function IntegrityTimeline({
  interview,
  onSeek,
  canSeek,
}: {
  interview: AdminInterviewDetail;
  onSeek: (seconds: number) => void;
  canSeek: boolean;
}) {
  const mark = useMarkIntegrityEvent(interview.id);
  const events = interview.integrity_events;
  return (
    <div className="mt-4" data-testid="integrity-events">
      <h3 className="text-sm font-semibold text-slate-900">Integrity evidence</h3>
      <p className="text-xs text-slate-500">
        What the candidate&apos;s page noticed. Not a verdict: it changes no score or status. Ask, then mark.
      </p>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Nothing was reported.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {events.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-50">
              <button
                type="button"
                className="text-left text-slate-700 disabled:cursor-default"
                disabled={!canSeek}
                onClick={() => onSeek(e.offset_seconds)}
                title={canSeek ? `Play from ${formatClock(e.offset_seconds)}` : undefined}
              >
                <span className="mr-2 font-mono text-xs text-slate-500">{formatClock(e.offset_seconds)}</span>
                {INTEGRITY_KIND_LABELS[e.kind]}
                {e.duration_seconds !== null && <span className="text-slate-500"> · {e.duration_seconds} s</span>}
              </button>
              {e.mark && (
                <Badge color={e.mark === 'concern' ? 'red' : 'green'}>
                  {e.mark === 'concern' ? 'Concern' : 'Explained'}
                </Badge>
              )}
              <span className="ml-auto flex gap-1">
                {(['explained', 'concern'] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    className={`${secondaryButtonClass} px-2 py-0.5 text-xs`}
                    disabled={mark.isPending || e.mark === m}
                    aria-label={`Mark ${INTEGRITY_KIND_LABELS[e.kind]} at ${formatClock(e.offset_seconds)} as ${m}`}
                    onClick={() => mark.mutate({ eventId: e.id, mark: m })}
                  >
                    {m === 'explained' ? 'Explained' : 'Concern'}
                  </button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ErrorBanner message={mark.error ? describeError(mark.error, 'Could not mark the event') : null} />
    </div>
  );
}
