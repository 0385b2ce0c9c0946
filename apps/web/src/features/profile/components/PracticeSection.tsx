import { Link } from 'react-router';
import type { PracticeDebriefSummary } from '@app/shared';
import { PracticeLink } from '../../../components/PracticeLink';
import { usePracticeDebriefs } from '../api/practice-debriefs';
import { ProfileSection } from './ProfileSection';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** The headline figures of a kept debrief, in the words the debrief itself uses. */
function figures(d: PracticeDebriefSummary): string[] {
  const out = [`${d.answer_count} ${d.answer_count === 1 ? 'answer' : 'answers'}`];
  if (d.delivery.words_per_minute !== null) out.push(`${d.delivery.words_per_minute} wpm`);
  if (d.delivery.filler_per_100_words !== null) out.push(`${d.delivery.filler_per_100_words} fillers per 100 words`);
  return out;
}

/** Profile → Practice: the kept practice debriefs with date, job and figures, and the way to practise (issue 34). */
export function PracticeSection() {
  const list = usePracticeDebriefs();
  const items = list.data ?? [];
  return (
    <ProfileSection id="practice" title="Practice">
      <div className="mt-3">
        <PracticeLink />
      </div>
      {list.isError ? (
        <p className="mt-3 text-sm text-slate-600">Your kept practice debriefs could not be loaded.</p>
      ) : list.isPending ? null : items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Debriefs you keep after a practice interview appear here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Kept practice debriefs">
          {items.map((d) => (
            <li key={d.id}>
              <Link
                to={`/debriefs/${encodeURIComponent(d.id)}`}
                className="flex flex-col gap-0.5 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between sm:gap-4 sm:px-2"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{d.job_title ?? 'General practice'}</span>
                  <span className="block text-xs text-slate-500">{dateText(d.created_at)}</span>
                </span>
                <span className="text-sm text-slate-600">{figures(d).join(' · ')}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}
