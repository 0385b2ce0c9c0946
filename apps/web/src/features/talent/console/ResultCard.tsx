/** One person in the talent search's results: who they are, their records, and why they matched. */
import { Link } from 'react-router';
import type { TalentResult } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { formatClock } from '../../../lib/format';
import { useShortlist, useShortlistActions } from './api/talent';
import { snippetNodes } from './lib/snippet';

const SOURCE_LABEL = { profile: 'Profile', resume: 'Résumé', transcript: 'Interview', note: 'Provider note' } as const;
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The latest interview's work sample (issue 46): how far the person's ratings were from gold on
 * average, over how many items. Nothing without a sample (or while its interview is blind).
 */
function WorkSampleFigure({ result }: { result: TalentResult }) {
  if (result.work_sample_distance === null || result.work_sample_items === 0) return null;
  const items = result.work_sample_items === 1 ? '1 item' : `${result.work_sample_items} items`;
  return (
    <p className="text-xs text-slate-500">
      Work sample: {result.work_sample_distance} from gold on average ({items})
    </p>
  );
}

export function ResultCard({ result, shortlistJob }: { result: TalentResult; shortlistJob: string }) {
  const shortlist = useShortlist(shortlistJob);
  const { add } = useShortlistActions(shortlistJob);
  const listed = shortlist.data?.some((e) => e.candidate_id === result.candidate_id);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Link
            to={`/admin/candidates/${result.candidate_id}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            {result.name || 'Unnamed candidate'}
          </Link>
          <p className="text-sm text-slate-600">
            {[result.headline, result.country].filter(Boolean).join(' · ') || '—'}
            {result.best_assessment_score !== null && ` · best score ${result.best_assessment_score}`}
          </p>
          {result.rated_count > 0 && (
            <p className="text-xs text-slate-500">
              {result.rated_count === 1 ? '1 rating' : `${result.rated_count} ratings`}
              {result.gold_error !== null && ` · gold error ${result.gold_error}`}
              {result.agreement !== null && ` · agreement ${percent(result.agreement)}`}
            </p>
          )}
          <WorkSampleFigure result={result} />
        </div>
        {shortlistJob && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={listed || add.isPending}
            onClick={() => add.mutate(result.candidate_id)}
            aria-label={`Shortlist ${result.name}`}
          >
            {listed ? 'Shortlisted' : 'Shortlist'}
          </button>
        )}
      </div>
      {result.skills.length > 0 && <p className="mt-1 text-xs text-slate-500">{result.skills.join(' · ')}</p>}
      {result.matches.length > 0 && (
        <ul aria-label={`Why ${result.name} matched`} className="mt-2 space-y-1 text-sm">
          {result.matches.map((m, i) => (
            <li key={i} className="text-slate-700">
              <span className="mr-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
                {SOURCE_LABEL[m.source]}
              </span>
              {m.source === 'transcript' && m.interview_id ? (
                <Link
                  to={`/admin/interviews/${m.interview_id}?t=${m.offset_seconds ?? 0}`}
                  className="hover:underline"
                  aria-label={`Open the interview at ${formatClock(m.offset_seconds ?? 0)}`}
                >
                  <span className="mr-1 font-mono text-xs text-brand-700">{formatClock(m.offset_seconds ?? 0)}</span>
                  {snippetNodes(m.snippet)}
                </Link>
              ) : (
                snippetNodes(m.snippet)
              )}
            </li>
          ))}
        </ul>
      )}
      <ErrorBanner message={add.error ? describeError(add.error, 'Could not add to the shortlist.') : null} />
    </li>
  );
}
