import { PracticeLink } from '../../../components/PracticeLink';
import { useEffect, useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import {
  SORT_MODES,
  SORT_MODE_LABELS,
  interviewForJob,
  isListedJob,
  matchesSearch,
  ownInterviews,
  sortJobs,
  type SortMode,
} from '@app/shared';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAuth } from '../../../lib/auth';
import { useInterviews } from '../../../api/interviews/get-interviews';
import { useJobs } from '../../../api/jobs/get-jobs';
import { Modal, preloadDialogsWhenIdle } from '../../../components/lazy-dialogs';
import { JobCard } from './JobCard';
import { JobDetail } from './JobDetail';

const chipClass = (on: boolean) =>
  `rounded-full border px-3 py-1.5 text-sm font-medium transition ${
    on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
  }`;

/** The marketplace (docs/product/screens/marketplace.md). */
export function MarketplacePage() {
  const { user } = useAuth();
  const jobsQuery = useJobs();
  const interviewsQuery = useInterviews();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortMode>('trending');
  const [appliedOnly, setAppliedOnly] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const isDesktop = useMediaQuery('(min-width: 1024px)');
  // Only phones show the job in a dialog: they fetch its code once the page is up and idle.
  useEffect(() => (isDesktop ? undefined : preloadDialogsWhenIdle()), [isDesktop]);

  // docs/product/errors.md: a failed load is only logged; the screen stays empty.
  useEffect(() => {
    if (jobsQuery.error) console.error('Failed to load jobs', jobsQuery.error);
    if (interviewsQuery.error) console.error('Failed to load interviews', interviewsQuery.error);
  }, [jobsQuery.error, interviewsQuery.error]);

  const interviews = useMemo(
    () => ownInterviews(interviewsQuery.data ?? [], user?.id),
    [interviewsQuery.data, user?.id],
  );
  // The signed-in user is the profile (resume, work authorization, skills for Job Fit).
  const profile = user ?? undefined;
  const listed = useMemo(() => (jobsQuery.data ?? []).filter(isListedJob), [jobsQuery.data]);
  const visible = useMemo(() => {
    const matching = listed.filter(
      (job) => matchesSearch(job, query) && (!appliedOnly || interviewForJob(interviews, job.id) !== null),
    );
    return sortJobs(matching, sort, profile);
  }, [listed, query, appliedOnly, interviews, sort, profile]);
  const selected = listed.find((j) => j.id === selectedId) ?? null;

  const chooseSort = (mode: SortMode) => {
    setSort(mode);
    setAppliedOnly(false); // choosing a sort mode resets the applied filter to all
  };

  let body: React.ReactNode;
  if (jobsQuery.isPending) {
    body = <p className="py-16 text-center text-slate-600">Loading jobs...</p>;
  } else if (jobsQuery.isError) {
    body = null;
  } else if (listed.length === 0) {
    body = <p className="py-16 text-center text-slate-600">There are no creative positions available right now.</p>;
  } else if (visible.length === 0 && query.trim()) {
    body = (
      <div className="py-16 text-center">
        <p className="text-slate-600">No jobs match your search. Try different keywords!</p>
        <button
          type="button"
          onClick={() => setQuery('')}
          className="mt-4 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Clear Search
        </button>
      </div>
    );
  } else if (visible.length === 0) {
    body = <p className="py-16 text-center text-slate-600">You haven&apos;t applied to any positions yet.</p>;
  } else {
    body = (
      <ul
        aria-label="Jobs"
        className={`grid gap-3 ${selected && isDesktop ? 'grid-cols-1' : 'grid-cols-1 md:grid-cols-2 xl:grid-cols-3'}`}
      >
        {visible.map((job) => (
          <JobCard
            key={job.id}
            job={job}
            applied={interviewForJob(interviews, job.id) !== null}
            selected={job.id === selectedId}
            onOpen={() => setSelectedId(job.id)}
          />
        ))}
      </ul>
    );
  }

  const detail = selected && (
    <JobDetail
      job={selected}
      interview={interviewForJob(interviews, selected.id)}
      profile={profile}
      onClose={() => setSelectedId(null)}
    />
  );

  return (
    <div className="flex min-h-screen">
      <div className="min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8">
        <h1 className="text-2xl font-semibold text-slate-900">Marketplace</h1>
        <div className="mt-3 max-w-xl">
          <PracticeLink />
        </div>
        <div className="relative mt-4 max-w-xl">
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden />
          <input
            type="search"
            aria-label="Search jobs"
            placeholder="Search by title, type, or description..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="w-full rounded-md border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          />
        </div>
        <div role="group" aria-label="Sort and filter" className="mt-4 flex flex-wrap gap-2">
          {SORT_MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={sort === mode}
              onClick={() => chooseSort(mode)}
              className={chipClass(sort === mode)}
            >
              {SORT_MODE_LABELS[mode]}
            </button>
          ))}
          <span className="mx-1 hidden w-px bg-slate-200 sm:block" aria-hidden />
          <button
            type="button"
            aria-pressed={appliedOnly}
            onClick={() => setAppliedOnly((v) => !v)}
            className={chipClass(appliedOnly)}
          >
            Applied
          </button>
        </div>
        <div className="mt-6">{body}</div>
      </div>

      {detail && isDesktop && (
        <aside
          aria-label="Job details"
          className="sticky top-0 h-screen w-[440px] shrink-0 border-l border-slate-200 bg-white"
        >
          {detail}
        </aside>
      )}
      {detail && !isDesktop && (
        <Modal title={selected.title} onClose={() => setSelectedId(null)} size="sheet" hideTitle>
          {detail}
        </Modal>
      )}
    </div>
  );
}
