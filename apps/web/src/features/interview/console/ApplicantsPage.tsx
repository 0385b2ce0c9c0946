import { Link } from 'react-router';
import {
  INTERVIEW_STATUSES,
  RECOMMENDATION_LABELS,
  type AdminInterviewListItem,
  type InterviewStatus,
} from '@app/shared';
import { useAdminInterviews } from './api/interviews';
import { useAdminJobs } from '../../../api/admin/jobs';
import { useSearchState } from '../../../lib/use-search-state';
import {
  FilterSelect,
  InterviewBadge,
  jobOptions,
  PageHeader,
  PagedTable,
  SearchBox,
  dateTime,
  statusOptions,
  td,
} from '../../../components/console-ui';
import { FileLink } from '../../../components/FileLink';

const PAGE_SIZE = 20;

/** The way back from a candidate or an interview to the list they were opened from. */
export const BackToApplicants = () => (
  <Link to="/admin/applicants" className="text-sm text-brand-700 hover:underline">
    ← Applicants
  </Link>
);

export function AssessmentSummary({ a }: { a: AdminInterviewListItem['assessment'] }) {
  if (!a) return <span className="text-slate-400">Not assessed yet</span>;
  if (a.status === 'needs_human_review') return <span className="font-medium text-amber-700">Needs human review</span>;
  if (a.status === 'insufficient_audio')
    return <span className="font-medium text-amber-700">Audio not clear enough to score</span>;
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
      {/* Only a taken interview has an "Interviewed" date (issue 43). */}
      <td className={td}>
        {i.completed_at ? dateTime(i.completed_at) : <span className="text-slate-500">Not yet</span>}
      </td>
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
  const { values, page, paging, filter } = useSearchState(['status', 'job_id', 'q'] as const);
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
        <FilterSelect label="Job" {...filter('job_id')} options={jobOptions(jobs.data?.items)} />
        <FilterSelect label="Status" {...filter('status')} options={statusOptions(INTERVIEW_STATUSES)} />
        <SearchBox label="Candidate" placeholder="Name or e-mail" {...filter('q')} />
      </div>
      <PagedTable
        list={list}
        empty="No applicants match."
        label="Applicants"
        head={['Candidate', 'Job', 'Status', 'AI assessment', 'Interviewed', '']}
        paging={paging(PAGE_SIZE)}
        framed
      >
        {(i) => (
          <tr key={i.id}>
            <td className={td}>
              <Link to={`/admin/candidates/${i.candidate_id}`} className="font-medium text-brand-700 hover:underline">
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
        )}
      </PagedTable>
    </>
  );
}
