import { useState } from 'react';
import { Link } from 'react-router';
import { RUBRIC_CRITERIA, appealResolveRequestSchema, type AdminAppeal } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useAdminJobs } from '../../../api/admin/jobs';
import { useAppeals, useOversight, useResolveAppeal, type AppealStatus } from './api/oversight';
import { useSearchState } from '../../../lib/use-search-state';
import {
  Empty,
  FilterSelect,
  PageHeader,
  Section,
  Table,
  dateTime,
  jobOptions,
  td,
} from '../../../components/console-ui';

const percent = (x: number | null) => (x === null ? '—' : `${Math.round(x * 1000) / 10} %`);
const labelOf = (key: string) => RUBRIC_CRITERIA.find((c) => c.key === key)?.label ?? key;

/**
 * Human oversight (issue 35): how often reviewers depart from the AI, how well the AI agrees with
 * blind human scores, and the alerts (rubber-stamping, agreement dropping).
 */
export function OversightPage() {
  const { values, filter } = useSearchState(['job_id'] as const);
  const jobs = useAdminJobs({ page: 1, page_size: 100 });
  const report = useOversight(values.job_id || undefined);
  const r = report.data;
  return (
    <>
      <PageHeader title="Human oversight" />
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <FilterSelect label="Job" {...filter('job_id')} options={jobOptions(jobs.data?.items)} />
      </div>
      {report.isLoading && <Spinner label="Loading the oversight figures..." />}
      <ErrorBanner
        message={report.error ? describeError(report.error, 'Could not load the oversight figures') : null}
      />
      {r && (
        <div className="space-y-6">
          {r.alerts.length > 0 && (
            <ul aria-label="Alerts" className="space-y-2">
              {r.alerts.map((a) => (
                <li
                  key={a.message}
                  role="alert"
                  className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
                >
                  <span className="font-semibold">
                    {a.kind === 'rubber_stamping' ? 'Rubber-stamping? ' : 'Agreement dropped. '}
                  </span>
                  {a.message}
                </li>
              ))}
            </ul>
          )}
          <Section title="Decisions against the AI">
            <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
              <Figure label="Decided (with an AI recommendation)" value={String(r.decided)} />
              <Figure label="Overrides" value={String(r.overrides)} />
              <Figure label="Override rate" value={percent(r.override_rate)} />
            </dl>
            <p className="mt-3 text-xs text-slate-500">
              An override approves what the AI said not to advance, or rejects what it said to advance; each needs a
              note. None at all over many decisions suggests the AI&apos;s recommendation is being confirmed, not
              reviewed.
            </p>
          </Section>
          <Section title={`Blind reviews: ${r.blind.reviewed}`}>
            <Table
              label="Agreement per criterion"
              head={['Criterion', 'Pairs', 'Mean |human − AI|', "Krippendorff's α"]}
            >
              {r.blind.agreement.map((a) => (
                <tr key={a.criterion}>
                  <td className={td}>{labelOf(a.criterion)}</td>
                  <td className={td}>{a.n}</td>
                  <td className={td}>{a.mean_abs_difference ?? '—'}</td>
                  <td className={td}>
                    {a.krippendorff_alpha ?? '—'}
                    {a.krippendorff_alpha !== null && (
                      <span className="ml-2 inline-block h-2 w-24 rounded bg-slate-100 align-middle" aria-hidden>
                        <span
                          className={`block h-2 rounded ${a.krippendorff_alpha >= 0.667 ? 'bg-brand-500' : 'bg-amber-500'}`}
                          style={{ width: `${Math.max(0, a.krippendorff_alpha) * 100}%` }}
                        />
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
            <p className="mt-3 text-xs text-slate-500">
              Set a job&apos;s blind review share in its form: that share of its interviews hides the AI assessment
              until the reviewer has scored them.
            </p>
          </Section>
        </div>
      )}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** The candidates' appeals: open ones first; each resolved with a note (overturned changes the decision). */
export function AppealsPage() {
  const { values, filter } = useSearchState(['status'] as const);
  const appeals = useAppeals((values.status || undefined) as AppealStatus | undefined);
  return (
    <>
      <PageHeader title="Appeals" />
      <div className="mb-4">
        <FilterSelect
          label="Status"
          {...filter('status')}
          options={[
            { value: '', label: 'All' },
            { value: 'open', label: 'Open' },
            { value: 'upheld', label: 'Upheld' },
            { value: 'overturned', label: 'Overturned' },
          ]}
        />
      </div>
      {appeals.isLoading && <Spinner label="Loading appeals..." />}
      <ErrorBanner message={appeals.error ? describeError(appeals.error, 'Could not load the appeals') : null} />
      {appeals.data && appeals.data.length === 0 && <Empty>No appeals.</Empty>}
      <ul className="space-y-3">
        {appeals.data?.map((a) => (
          <AppealCard key={a.id} appeal={a} />
        ))}
      </ul>
    </>
  );
}

function AppealCard({ appeal: a }: { appeal: AdminAppeal }) {
  const resolve = useResolveAppeal(a.id);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const noteId = `appeal-note-${a.id}`;
  // The note is checked by the shared schema before sending; its message (or the server's 422 list)
  // stands beside the field, never as a 'Validation error: ...' line (issue 43).
  const send = (outcome: 'upheld' | 'overturned') => {
    const parsed = appealResolveRequestSchema.safeParse({ outcome, note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]!.message);
      return;
    }
    setNoteError(undefined);
    resolve.mutate(parsed.data);
  };
  const serverList = (resolve.error as { body?: { detail?: unknown } } | null)?.body?.detail;
  const fieldError =
    noteError ??
    (Array.isArray(serverList) ? (serverList as { msg?: string }[]).map((d) => d.msg).join(' ') : undefined);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm" data-testid="appeal">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-slate-900">
          {a.candidate_name || a.candidate_email} · {a.job_title ?? 'General interview'}
        </p>
        <span className="text-xs text-slate-500">
          {dateTime(a.created_at)} · appealed {a.decision_appealed === 'approved' ? 'an approval' : 'a rejection'}
        </span>
      </div>
      <p className="mt-2 text-slate-700">“{a.reason}”</p>
      <Link to={`/admin/interviews/${a.interview_id}`} className="mt-1 inline-block text-brand-700 hover:underline">
        Review the interview
      </Link>
      {a.status === 'open' ? (
        <form className="mt-3 space-y-2" onSubmit={(e) => e.preventDefault()} aria-label="Resolve the appeal">
          <label htmlFor={noteId} className="block font-medium text-slate-700">
            Note to the candidate
          </label>
          <textarea
            id={noteId}
            rows={2}
            maxLength={4000}
            className={inputClass}
            value={note}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${noteId}-error` : undefined}
            onChange={(e) => {
              setNote(e.target.value);
              setNoteError(undefined);
            }}
          />
          {fieldError && (
            <p id={`${noteId}-error`} className="text-sm text-red-600">
              {fieldError}
            </p>
          )}
          <ErrorBanner
            message={
              resolve.error && !Array.isArray(serverList)
                ? describeError(resolve.error, 'Could not resolve the appeal')
                : null
            }
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={resolve.isPending}
              onClick={() => send('upheld')}
            >
              Uphold the decision
            </button>
            <button
              type="button"
              className={primaryButtonClass}
              disabled={resolve.isPending}
              onClick={() => send('overturned')}
            >
              Overturn ({a.decision_appealed === 'approved' ? 'reject' : 'approve'})
            </button>
          </div>
        </form>
      ) : (
        <p className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-slate-700">
          <span className="font-medium">{a.status === 'upheld' ? 'Upheld' : 'Overturned'}</span>
          {a.resolved_at && ` on ${dateTime(a.resolved_at)}`}: {a.resolution_note}
        </p>
      )}
    </li>
  );
}
