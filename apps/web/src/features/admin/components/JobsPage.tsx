import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { JOB_STATUSES, type JobStatus, formatMoney } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { primaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useAdminJobs } from '../api/jobs';
import { useSearchState } from '../hooks/use-search-state';
import { Empty, FilterSelect, JobBadge, PageHeader, Pagination, Table, td, titleCase } from './ui';

const PAGE_SIZE = 20;
const linkClass = 'font-medium text-brand-700 hover:underline';

export function JobsPage() {
  const { values, page, set, paging } = useSearchState(['status', 'q'] as const);
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
        <FilterSelect
          label="Status"
          value={values.status}
          onChange={(status) => set({ status })}
          options={[{ value: '', label: 'All' }, ...JOB_STATUSES.map((s) => ({ value: s, label: titleCase(s) }))]}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span>Search</span>
          <input
            type="search"
            defaultValue={values.q}
            placeholder="Title or position type"
            onChange={(e) => set({ q: e.target.value })}
            className="rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
          />
        </label>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-2 shadow-sm">
        <ErrorBanner message={jobs.error ? describeError(jobs.error, 'Could not load jobs') : null} />
        {jobs.data && jobs.data.items.length === 0 && <Empty>No jobs match.</Empty>}
        {jobs.data && jobs.data.items.length > 0 && (
          <Table
            label="Jobs"
            head={['Title', 'Status', 'Pay', 'Applicants', 'To review', 'Approved', 'Tasks open / total', '']}
          >
            {jobs.data.items.map((j) => (
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
                </td>
              </tr>
            ))}
          </Table>
        )}
        {jobs.data && (
          <div className="px-3 pb-2">
            <Pagination label="Jobs" total={jobs.data.total} {...paging(PAGE_SIZE)} />
          </div>
        )}
      </div>
    </>
  );
}
