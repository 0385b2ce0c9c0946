import { Link } from 'react-router';
import {
  INTERVIEW_STATUSES,
  RECOMMENDATION_LABELS,
  type AdminInterviewListItem,
  type InterviewStatus,
} from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { describeError } from '../../../lib/describe-error';
import { useAdminInterviews } from '../api/interviews';
import { useAdminJobs } from '../api/jobs';
import { useSearchState } from '../hooks/use-search-state';
import { Empty, FilterSelect, InterviewBadge, PageHeader, Pagination, Table, dateTime, td, titleCase } from './ui';
import { FileLink } from '../../../components/FileLink';

const PAGE_SIZE = 20;

export function AssessmentSummary({ a }: { a: AdminInterviewListItem['assessment'] }) {
  if (!a) return <span className="text-slate-400">Not assessed yet</span>;
  if (a.status === 'needs_human_review') return <span className="font-medium text-amber-700">Needs human review</span>;
  return (
    <span>
      <span className="font-medium">{a.recommendation ? RECOMMENDATION_LABELS[a.recommendation] : '—'}</span>
      {a.overall_score !== null && <span className="text-slate-600"> · {a.overall_score}/5</span>}
      <span className="block text-xs text-slate-500">{a.method === 'model' ? 'Model' : 'Built-in'}</span>
    </span>
  );
}

/** An interview's job, status, assessment, date and review link: the tail of a row in the console's lists. */
export function InterviewCells({
  interview: i,
  reviewLabel,
}: {
  interview: AdminInterviewListItem;
  reviewLabel?: string;
}) {
  return (
    <>
      <td className={td}>{i.job_title ?? 'General Interview'}</td>
      <td className={td}>
        <InterviewBadge status={i.status} />
      </td>
      <td className={td}>
        <AssessmentSummary a={i.assessment} />
      </td>
      <td className={td}>{dateTime(i.completed_at ?? i.created_at)}</td>
      <td className={`${td} text-right`}>
        <Link
          to={`/admin/interviews/${i.id}`}
          className="font-medium text-brand-700 hover:underline"
          aria-label={reviewLabel}
        >
          Review
        </Link>
      </td>
    </>
  );
}

/** Every interview (application), overall or for one job, by status. */
export function ApplicantsPage() {
  const { values, page, set, paging } = useSearchState(['status', 'job_id', 'q'] as const);
  const jobs = useAdminJobs({ page: 1, page_size: 100 });
  const list = useAdminInterviews({
    status: (values.status || undefined) as InterviewStatus | undefined,
    job_id: values.job_id || undefined,
    q: values.q || undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const job = jobs.data?.items.find((j) => j.id === values.job_id);

  return (
    <>
      <PageHeader title={job ? `Applicants: ${job.title}` : 'Applicants'} />
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <FilterSelect
          label="Job"
          value={values.job_id}
          onChange={(job_id) => set({ job_id })}
          options={[
            { value: '', label: 'All jobs' },
            ...(jobs.data?.items ?? []).map((j) => ({ value: j.id, label: j.title })),
          ]}
        />
        <FilterSelect
          label="Status"
          value={values.status}
          onChange={(status) => set({ status })}
          options={[{ value: '', label: 'All' }, ...INTERVIEW_STATUSES.map((s) => ({ value: s, label: titleCase(s) }))]}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span>Candidate</span>
          <input
            type="search"
            defaultValue={values.q}
            placeholder="Name or e-mail"
            onChange={(e) => set({ q: e.target.value })}
            className="rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
          />
        </label>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-2 shadow-sm">
        <ErrorBanner message={list.error ? describeError(list.error, 'Could not load applicants') : null} />
        {list.data && list.data.items.length === 0 && <Empty>No applicants match.</Empty>}
        {list.data && list.data.items.length > 0 && (
          <Table label="Applicants" head={['Candidate', 'Job', 'Status', 'AI assessment', 'Interviewed', '']}>
            {list.data.items.map((i) => (
              <tr key={i.id}>
                <td className={td}>
                  <Link
                    to={`/admin/candidates/${i.candidate_id}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {i.candidate_name || i.candidate_email}
                  </Link>
                  {i.candidate_name && <div className="text-xs text-slate-500">{i.candidate_email}</div>}
                  {i.candidate_resume_url && (
                    <FileLink
                      url={i.candidate_resume_url}
                      className="text-xs text-brand-700 hover:underline"
                      aria-label={`Resume of ${i.candidate_name || i.candidate_email}`}
                    >
                      Resume
                    </FileLink>
                  )}
                </td>
                <InterviewCells
                  interview={i}
                  reviewLabel={`Review interview of ${i.candidate_name || i.candidate_email}`}
                />
              </tr>
            ))}
          </Table>
        )}
        {list.data && (
          <div className="px-3 pb-2">
            <Pagination label="Applicants" total={list.data.total} {...paging(PAGE_SIZE)} />
          </div>
        )}
      </div>
    </>
  );
}
