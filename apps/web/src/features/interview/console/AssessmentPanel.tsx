import { RECOMMENDATION_LABELS, RUBRIC_SCALE, type Assessment } from '@app/shared';
import { Badge } from '../../../components/Badge';

/** The AI assessment: who produced it, the recommendation, each criterion with its evidence. */
export function AssessmentPanel({ assessment }: { assessment: Assessment | null }) {
  if (!assessment) {
    return <p className="text-sm text-slate-500">The assessment is being prepared. This page updates by itself.</p>;
  }
  const a = assessment;
  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge color={a.method === 'model' ? 'blue' : 'grey'}>
          {a.method === 'model' ? `Model assessment${a.model ? `: ${a.model}` : ''}` : 'Built-in assessment'}
        </Badge>
        <span className="text-xs text-slate-500">Rubric {a.rubric_version}</span>
      </div>
      {a.fallback_reason && <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-800">{a.fallback_reason}</p>}
      {a.status === 'needs_human_review' ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-800">Needs human review. {a.summary}</p>
      ) : a.status === 'insufficient_audio' ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-800">
          Audio not clear enough to score. {a.summary}
        </p>
      ) : (
        <>
          <div className="flex items-baseline gap-3">
            <span className="text-lg font-semibold text-slate-900">
              {a.recommendation ? RECOMMENDATION_LABELS[a.recommendation] : '—'}
            </span>
            {a.overall_score !== null && <span className="text-slate-600">Overall {a.overall_score} / 5</span>}
          </div>
          <p className="text-slate-700">{a.summary}</p>
          <ul className="space-y-3">
            {a.criteria.map((c) => (
              <li key={c.key} className="rounded-md border border-slate-200 p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{c.label}</span>
                  <span className="text-slate-700">
                    {c.score} / 5 <span className="text-xs text-slate-500">({RUBRIC_SCALE[c.score]})</span>
                  </span>
                </div>
                <div className="mt-1 h-1.5 rounded bg-slate-100" aria-hidden>
                  <div className="h-1.5 rounded bg-brand-500" style={{ width: `${(c.score / 5) * 100}%` }} />
                </div>
                <p className="mt-2 text-slate-600">{c.rationale}</p>
                {c.quotes.map((q, i) => (
                  <blockquote key={i} className="mt-2 border-l-2 border-brand-100 pl-3 text-slate-700 italic">
                    “{q}”
                  </blockquote>
                ))}
              </li>
            ))}
          </ul>
        </>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-xs text-slate-600">
        <dt>Candidate turns</dt>
        <dd>{a.signals.candidate_turns}</dd>
        <dt>Words</dt>
        <dd>{a.signals.candidate_words}</dd>
        <dt>Speaking time</dt>
        <dd>
          {Math.floor(a.signals.speaking_seconds / 60)} min {a.signals.speaking_seconds % 60} s
        </dd>
        <dt>Skills covered</dt>
        <dd>{a.signals.skills_covered.join(', ') || '—'}</dd>
        <dt>Skills missing</dt>
        <dd>{a.signals.skills_missing.join(', ') || '—'}</dd>
        <dt>Job questions answered</dt>
        <dd>
          {a.signals.questions_answered.length} of{' '}
          {a.signals.questions_answered.length + a.signals.questions_unanswered.length}
        </dd>
      </dl>
    </div>
  );
}
