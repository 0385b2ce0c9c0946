import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TALENT_SEARCH_FILTERS, type TalentSearchReply } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useAdminJobs } from '../../../api/admin/jobs';
import {
  useSavedSearchActions,
  useSavedSearches,
  useShortlist,
  useShortlistActions,
  useTalentSearch,
  type TalentFilters,
} from './api/talent';
import { useSearchState } from '../../../lib/use-search-state';
import { FilterSelect, PageHeader, Section, titleCase } from '../../../components/console-ui';
import { percent, ResultCard } from './ResultCard';

const FILTER_KEYS = [...TALENT_SEARCH_FILTERS, 'shortlist'] as const;
const DECISION_LABEL: Record<string, string> = { approved: 'Approved', rejected: 'Rejected', none: 'No decision' };
/** The rating-record and work-sample facets are thresholds: each value is the filter it sets. */
const FACET_LABEL: Partial<Record<(typeof FILTER_KEYS)[number], (value: string) => string>> = {
  decision: (v) => DECISION_LABEL[v] ?? v,
  work_authorization: titleCase,
  max_gold_error: (v) => `Gold error ≤ ${v}`,
  min_agreement: (v) => `Agreement ≥ ${percent(Number(v))}`,
  max_work_sample_distance: (v) => `Within ${v} of gold`,
};
const SCORE_OPTIONS = [
  { value: '', label: 'Any' },
  { value: '3', label: '3+' },
  { value: '4', label: '4+' },
  { value: '4.5', label: '4.5+' },
];
/** The work sample's mean distance from gold (issue 46): lower is closer to the reference ratings. */
const WORK_SAMPLE_OPTIONS = [
  { value: '', label: 'Any' },
  { value: '0.5', label: 'Within 0.5 of gold' },
  { value: '1', label: 'Within 1 of gold' },
  { value: '1.5', label: 'Within 1.5 of gold' },
];

/**
 * Talent search (decision 0165): one search over profiles, résumés, interview answers and notes,
 * with facets, the reasons each person matched, saved searches and per-job shortlists.
 */
export function TalentPage() {
  const state = useSearchState(FILTER_KEYS);
  const { shortlist: shortlistJob, ...filters } = state.values;
  const search = useTalentSearch(filters);
  const jobs = useAdminJobs({ page: 1, page_size: 100, status: 'active' });
  const activeJobs = jobs.data?.items ?? [];
  const first = search.data?.pages[0];
  const results = search.data?.pages.flatMap((p) => p.results) ?? [];

  return (
    <div className="space-y-6">
      <PageHeader title="Talent" />
      <SearchForm key={filters.q} initial={filters.q} onSearch={(q) => state.set({ q })} />
      <div className="flex flex-wrap items-center gap-4">
        <FilterSelect label="Best score" {...state.filter('min_score')} options={SCORE_OPTIONS} />
        <FilterSelect label="Work sample" {...state.filter('max_work_sample_distance')} options={WORK_SAMPLE_OPTIONS} />
        <FilterSelect
          label="Applied to"
          {...state.filter('job_id')}
          options={[{ value: '', label: 'Any job' }, ...activeJobs.map((j) => ({ value: j.id, label: j.title }))]}
        />
        <FilterSelect
          label="Shortlist for"
          {...state.filter('shortlist')}
          options={[{ value: '', label: 'Choose a job' }, ...activeJobs.map((j) => ({ value: j.id, label: j.title }))]}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        {/* On a phone the results come first, the facets and saved searches after them. */}
        <aside className="order-2 space-y-4 lg:order-1">
          {first && <Facets reply={first} filters={filters} set={state.set} />}
          <SavedSearches filters={filters} onOpen={(params) => state.set({ ...blankFilters, ...params })} />
        </aside>
        <div className="order-1 min-w-0 space-y-4 lg:order-2">
          {shortlistJob && <ShortlistPanel jobId={shortlistJob} />}
          {search.isLoading && <Spinner label="Searching..." />}
          <ErrorBanner message={search.error ? describeError(search.error, 'The search failed.') : null} />
          {first && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {first.total === 1 ? '1 person' : `${first.total} people`}
            </p>
          )}
          <ol aria-label="Search results" className="space-y-3">
            {results.map((r) => (
              <ResultCard key={r.candidate_id} result={r} shortlistJob={shortlistJob} />
            ))}
          </ol>
          {search.hasNextPage && (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => void search.fetchNextPage()}
              disabled={search.isFetchingNextPage}
            >
              {search.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** Every filter cleared (opening a saved search replaces the whole search). */
const blankFilters = Object.fromEntries(TALENT_SEARCH_FILTERS.map((key) => [key, ''])) as Record<
  (typeof TALENT_SEARCH_FILTERS)[number],
  string
>;

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label className="min-w-0 flex-1 text-sm font-medium text-slate-700">
        Search people
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder='jewelry "capture one" -video'
          className={inputClass}
        />
      </label>
      <button type="submit" className={primaryButtonClass}>
        Search
      </button>
      <p className="w-full text-xs text-slate-500">
        Words, &quot;quoted phrases&quot;, -excluded words and or. Profiles, résumés, interview answers and your notes
        are searched.
      </p>
    </form>
  );
}

function Facets({
  reply,
  filters,
  set,
}: {
  reply: TalentSearchReply;
  filters: TalentFilters;
  set: (changes: Partial<Record<(typeof FILTER_KEYS)[number], string>>) => void;
}) {
  const chosenSkills = (filters.skills ?? '').split(',').filter(Boolean);
  const toggleSkill = (value: string) => {
    const lower = value.toLowerCase();
    const next = chosenSkills.some((s) => s.toLowerCase() === lower)
      ? chosenSkills.filter((s) => s.toLowerCase() !== lower)
      : [...chosenSkills, value];
    set({ skills: next.join(',') });
  };
  const groups = [
    { key: 'skills', title: 'Skills', values: reply.facets.skills },
    { key: 'country', title: 'Country', values: reply.facets.country },
    { key: 'work_authorization', title: 'Work authorization', values: reply.facets.work_authorization },
    { key: 'decision', title: 'Decision', values: reply.facets.decision },
    { key: 'max_gold_error', title: 'Rating: gold error', values: reply.facets.max_gold_error },
    { key: 'min_agreement', title: 'Rating: agreement', values: reply.facets.min_agreement },
    { key: 'max_work_sample_distance', title: 'Work sample', values: reply.facets.max_work_sample_distance },
  ] as const;
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {groups.map((g) => (
        <fieldset key={g.key}>
          <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{g.title}</legend>
          {g.values.length === 0 && <p className="text-xs text-slate-400">—</p>}
          <ul className="space-y-0.5">
            {g.values.map((f) => {
              const chosen =
                g.key === 'skills'
                  ? chosenSkills.some((s) => s.toLowerCase() === f.value.toLowerCase())
                  : filters[g.key]?.toLowerCase() === f.value.toLowerCase();
              return (
                <li key={f.value}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    onClick={() =>
                      g.key === 'skills' ? toggleSkill(f.value) : set({ [g.key]: chosen ? '' : f.value })
                    }
                    className={`flex w-full justify-between rounded px-2 py-1 text-left text-sm ${
                      chosen ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-50'
                    }`}
                  >
                    <span>{FACET_LABEL[g.key]?.(f.value) ?? f.value}</span>
                    <span className="text-slate-500">{f.count}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}

function ShortlistPanel({ jobId }: { jobId: string }) {
  const shortlist = useShortlist(jobId);
  const { invite, remove } = useShortlistActions(jobId);
  const entries = shortlist.data ?? [];
  return (
    <Section title={`Shortlist (${entries.length})`}>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">Nobody yet: use Shortlist on a result.</p>
      ) : (
        <ul aria-label="Shortlist" className="divide-y divide-slate-100">
          {entries.map((e) => (
            <li key={e.candidate_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{e.name ?? e.email}</span>
                <span className="ml-2 text-slate-500">{e.headline}</span>
              </span>
              <span className="flex items-center gap-2">
                {e.invited_at ? (
                  <span className="text-green-700">Invited</span>
                ) : (
                  <button
                    type="button"
                    className={primaryButtonClass}
                    disabled={invite.isPending}
                    onClick={() => invite.mutate(e.candidate_id)}
                    aria-label={`Invite ${e.name ?? e.email}`}
                  >
                    Invite to apply
                  </button>
                )}
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => remove.mutate(e.candidate_id)}
                  aria-label={`Remove ${e.name ?? e.email} from the shortlist`}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ErrorBanner message={invite.error ? describeError(invite.error, 'Could not send the invitation.') : null} />
      {entries.some((e) => !e.invited_at) && (
        // Everyone not yet invited at once, with a deadline and reminders (issue 47).
        <Link
          to={`/admin/jobs/${jobId}/invitations?shortlist=1`}
          className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
        >
          Invite the shortlist as a campaign
        </Link>
      )}
    </Section>
  );
}

function SavedSearches({ filters, onOpen }: { filters: TalentFilters; onOpen: (params: TalentFilters) => void }) {
  const saved = useSavedSearches();
  const { save, open, remove } = useSavedSearchActions();
  const [name, setName] = useState('');
  const hasFilters = Object.values(filters).some(Boolean);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    save.mutate({ name: name.trim(), params: filters }, { onSuccess: () => setName('') });
  };
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Saved searches</h2>
      <ul className="space-y-1">
        {(saved.data ?? []).map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-2 text-sm">
            <button
              type="button"
              className="text-left text-brand-700 hover:underline"
              onClick={() => open.mutate(s.id, { onSuccess: (opened) => onOpen(opened.params) })}
            >
              {s.name}
            </button>
            <span className="flex items-center gap-2">
              {s.new_matches > 0 && (
                <span className="rounded-full bg-green-100 px-2 text-xs font-medium text-green-800">
                  {s.new_matches} new
                </span>
              )}
              <button
                type="button"
                className="text-xs text-slate-500 hover:text-red-700"
                aria-label={`Delete saved search ${s.name}`}
                onClick={() => remove.mutate(s.id)}
              >
                ×
              </button>
            </span>
          </li>
        ))}
      </ul>
      {hasFilters && (
        <form onSubmit={submit} className="flex gap-2">
          <label className="sr-only" htmlFor="saved-search-name">
            Name this search
          </label>
          <input
            id="saved-search-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Name this search"
            className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
          />
          <button type="submit" className={secondaryButtonClass} disabled={save.isPending}>
            Save
          </button>
        </form>
      )}
      <ErrorBanner message={save.error ? describeError(save.error, 'Could not save the search.') : null} />
    </div>
  );
}
