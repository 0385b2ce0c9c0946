import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { JOB_STATUSES, type JobStatus, formatMoney } from '@app/shared';
import { primaryButtonClass } from '../../../components/form-styles';
import { useAdminJobs } from '../../../api/admin/jobs';
import { useSearchState } from '../../../lib/use-search-state';
import {
  FilterSelect,
  JobBadge,
  PageHeader,
  PagedTable,
  SearchBox,
  statusOptions,
  td,
} from '../../../components/console-ui';

const PAGE_SIZE = 20;
const linkClass = 'font-medium text-brand-700 hover:underline';

export function JobsPage() {
  const { values, page, paging, filter } = useSearchState(['status', 'q'] as const);
  const params = {
    status: (values.status || undefined) as JobStatus | undefined,
    q: values.q || undefined,
    page,
    page_size: PAGE_SIZE,
  };
  const jobs = useAdminJobs(params);

  return (
    <>
      <PageHeader title="Jobs">
        <Link to="/admin/jobs/new" className={primaryButtonClass}>
          <Plus className="h-4 w-4" aria-hidden />
          New job
        </Link>
      </PageHeader>
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <FilterSelect label="Status" {...filter('status')} options={statusOptions(JOB_STATUSES)} />
        <SearchBox label="Search" placeholder="Title or position type" {...filter('q')} />
      </div>
      <PagedTable
        list={jobs}
        empty="No jobs match."
        label="Jobs"
        head={['Title', 'Status', 'Pay', 'Applicants', 'To review', 'Approved', 'Tasks open / total', '']}
        paging={paging(PAGE_SIZE)}
        framed
      >
        {(j) => (
          <tr key={j.id}>
            <td className={td}>
              <div className="font-medium text-slate-900">{j.title}</div>
              <div className="text-xs text-slate-500">{j.position_type}</div>
            </td>
            <td className={td}>
              <JobBadge status={j.status} />
            </td>
            <td className={td}>{j.pay_per_hour === null ? '—' : `${formatMoney(j.pay_per_hour)}/h`}</td>
            <td className={td}>{j.applicants}</td>
            <td className={td}>{j.awaiting_review}</td>
            <td className={td}>{j.approved}</td>
            <td className={td}>
              {j.tasks_open} / {j.tasks_total}
            </td>
            <td className={`${td} whitespace-nowrap text-right`}>
              <Link to={`/admin/jobs/${j.id}/edit`} className={linkClass} aria-label={`Edit ${j.title}`}>
                Edit
              </Link>
              <span className="mx-2 text-slate-300">|</span>
              <Link
                to={`/admin/applicants?job_id=${j.id}`}
                className={linkClass}
                aria-label={`Applicants for ${j.title}`}
              >
                Applicants
              </Link>
              <span className="mx-2 text-slate-300">|</span>
              <Link to={`/admin/tasks?job_id=${j.id}`} className={linkClass} aria-label={`Tasks for ${j.title}`}>
                Tasks
              </Link>
              <span className="mx-2 text-slate-300">|</span>
              <Link to={`/admin/jobs/${j.id}/quality`} className={linkClass} aria-label={`Quality of ${j.title}`}>
                Quality
              </Link>
              <span className="mx-2 text-slate-300">|</span>
              <Link
                to={`/admin/jobs/${j.id}/invitations`}
                className={linkClass}
                aria-label={`Invitations for ${j.title}`}
              >
                Invitations
              </Link>
              <Link to={`/admin/jobs/${j.id}/funnel`} className={linkClass} aria-label={`Funnel of ${j.title}`}>
                Funnel
              </Link>
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
