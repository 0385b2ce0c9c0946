import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { TASK_STATUSES, type TaskStatus } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { secondaryButtonClass } from '../../../components/form-styles';
import { absoluteUrl } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import { useCandidates } from '../../../api/admin/candidates';
import { useAdminJobs } from '../../../api/admin/jobs';
import { distributeTasks, useAdminTasks, useTaskMutation, useTaskProgress } from './api/tasks';
import { useSearchState } from '../../../lib/use-search-state';
import { AssignCell, ReviewCell } from './TaskCells';
import {
  Empty,
  FilterSelect,
  PageHeader,
  Pagination,
  Section,
  Table,
  TaskBadge,
  statusOptions,
  td,
  titleCase,
} from '../../../components/console-ui';
import { UploadTasks, candidateLabel } from './UploadTasks';
import { WorkSamplePanel } from './WorkSamplePanel';

const PAGE_SIZE = 25;
const headerLinkClass = 'text-sm font-medium text-brand-700 hover:underline';

/**
 * Creative tasks of one job: upload, the interview's work sample, assign, progress per candidate,
 * review of submitted ratings.
 */
export function TasksPage() {
  const { values, page, set, paging, filter } = useSearchState(['job_id', 'status', 'review'] as const);
  const jobs = useAdminJobs({ page: 1, page_size: 100 });
  const jobId = values.job_id;

  // Without a chosen job, open the newest active one.
  useEffect(() => {
    if (!jobId && jobs.data?.items.length) {
      const first = jobs.data.items.find((j) => j.status === 'active') ?? jobs.data.items[0]!;
      set({ job_id: first.id });
    }
  }, [jobId, jobs.data, set]);

  const accepted = useCandidates(
    { interview_status: 'approved', job_id: jobId, page: 1, page_size: 100 },
    Boolean(jobId),
  );
  const progress = useTaskProgress(jobId || undefined);
  const tasks = useAdminTasks({
    job_id: jobId || undefined,
    status: (values.status || undefined) as TaskStatus | undefined,
    review: (values.review || undefined) as 'waiting' | 'accepted' | 'rejected' | undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const acceptedList = accepted.data?.items ?? [];
  const openLoad = useMemo(
    () => new Map((progress.data ?? []).map((p) => [p.user_id, p.assigned + p.in_progress])),
    [progress.data],
  );
  // The server hands out every unassigned task of the job (not only this page's), evenly, never two
  // tasks of one item to one rater (decision 0158).
  const distribute = useTaskMutation((id: string) => distributeTasks(id));
  const distributed = distribute.variables === jobId ? distribute.data : undefined;

  return (
    <>
      <PageHeader title="Tasks">
        {jobId && (
          <>
            <Link to={`/admin/jobs/${jobId}/quality`} className={headerLinkClass}>
              Quality
            </Link>
            <Link to={`/admin/jobs/${jobId}/review`} className={headerLinkClass}>
              Review queue
            </Link>
          </>
        )}
        <FilterSelect
          label="Job"
          {...filter('job_id')}
          options={(jobs.data?.items ?? []).map((j) => ({ value: j.id, label: `${j.title} (${titleCase(j.status)})` }))}
        />
      </PageHeader>
      {!jobId ? (
        <Empty>Create a job first.</Empty>
      ) : (
        <div className="space-y-6">
          <Section title="Add items from a file">
            <UploadTasks jobId={jobId} accepted={acceptedList} openLoad={openLoad} />
          </Section>
          <Section title="Work sample">
            <WorkSamplePanel jobId={jobId} />
          </Section>
          <Section title="Progress per candidate">
            {progress.data && progress.data.length === 0 ? (
              <Empty>No task is assigned yet.</Empty>
            ) : (
              <Table
                label="Progress per candidate"
                head={['Candidate', 'Assigned', 'In progress', 'Waiting for review', 'Accepted', 'Rejected', 'Done']}
              >
                {(progress.data ?? []).map((p) => {
                  const finished = p.accepted + p.rejected;
                  return (
                    <tr key={p.user_id}>
                      <td className={td}>{candidateLabel(p)}</td>
                      <td className={td}>{p.assigned}</td>
                      <td className={td}>{p.in_progress}</td>
                      <td className={td}>{p.submitted}</td>
                      <td className={td}>{p.accepted}</td>
                      <td className={td}>{p.rejected}</td>
                      <td className={td}>
                        <div className="flex items-center gap-2">
                          <div className="h-2 w-24 rounded bg-slate-100" aria-hidden>
                            <div
                              className="h-2 rounded bg-green-500"
                              style={{ width: `${p.total ? (finished / p.total) * 100 : 0}%` }}
                            />
                          </div>
                          <span>
                            {finished} / {p.total}
                          </span>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </Table>
            )}
          </Section>
          <Section
            title="Tasks"
            actions={
              <div className="flex flex-wrap items-center gap-3">
                <FilterSelect label="Status" {...filter('status')} options={statusOptions(TASK_STATUSES)} />
                <FilterSelect
                  label="Review"
                  {...filter('review')}
                  options={[
                    { value: '', label: 'All' },
                    { value: 'waiting', label: 'Waiting for review' },
                    { value: 'accepted', label: 'Accepted' },
                    { value: 'rejected', label: 'Rejected' },
                  ]}
                />
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={distribute.isPending}
                  onClick={() => distribute.mutate(jobId)}
                >
                  {distribute.isPending ? 'Distributing...' : 'Distribute tasks'}
                </button>
              </div>
            }
          >
            <ErrorBanner message={tasks.error ? describeError(tasks.error, 'Could not load tasks') : null} />
            <ErrorBanner
              message={
                distribute.error && distribute.variables === jobId
                  ? describeError(distribute.error, 'Could not distribute the tasks')
                  : null
              }
            />
            {distributed && (
              <p role="status" className="mb-3 text-sm font-medium text-green-700">
                {distributed.assigned === 0
                  ? 'No unassigned tasks to hand out.'
                  : `Assigned ${distributed.assigned} task${distributed.assigned === 1 ? '' : 's'}.`}
              </p>
            )}
            {tasks.data && tasks.data.items.length === 0 && <Empty>No tasks match.</Empty>}
            {tasks.data && tasks.data.items.length > 0 && (
              <Table label="Tasks" head={['Task', 'Type', 'Assignee', 'Status', 'Rating and notes', 'Review']}>
                {tasks.data.items.map((t) => (
                  <tr key={t.id}>
                    <td className={td}>
                      <div className="font-medium text-slate-900">{t.task_name}</div>
                      <div className="text-xs text-slate-500">{t.data_to_annotate.title}</div>
                      {t.data_to_annotate.data_url && (
                        <a
                          href={absoluteUrl(t.data_to_annotate.data_url)}
                          target="_blank"
                          rel="noreferrer"
                          className="text-xs text-brand-700 hover:underline"
                        >
                          Open item
                        </a>
                      )}
                      {t.data_to_annotate.data_content?.text && (
                        <p className="line-clamp-2 max-w-xs text-xs text-slate-600">
                          {t.data_to_annotate.data_content.text}
                        </p>
                      )}
                    </td>
                    <td className={td}>{t.data_to_annotate.data_type ?? 'transcript'}</td>
                    <td className={td}>
                      <AssignCell task={t} accepted={acceptedList} />
                    </td>
                    <td className={td}>
                      <TaskBadge status={t.status} />
                    </td>
                    <td className={`${td} max-w-xs`}>
                      {t.quality_rating !== null ? (
                        <>
                          <span className="font-medium">{t.quality_rating} / 5</span>
                          {t.feedback_notes && <p className="text-slate-600">{t.feedback_notes}</p>}
                        </>
                      ) : (
                        <span className="text-slate-400">—</span>
                      )}
                      {t.gold_rating !== null && <p className="text-xs text-amber-700">Gold: {t.gold_rating} / 5</p>}
                    </td>
                    <td className={td}>
                      <ReviewCell task={t} />
                    </td>
                  </tr>
                ))}
              </Table>
            )}
            {tasks.data && <Pagination label="Tasks" total={tasks.data.total} {...paging(PAGE_SIZE)} />}
          </Section>
        </div>
      )}
    </>
  );
}
