import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Briefcase, CheckCircle2 } from 'lucide-react';
import {
  activeTasksText,
  classifyJobs,
  interviewBadge,
  ownInterviews,
  waitingApplications,
  payPerHourText,
  timeAgoText,
  type AnnotationTask,
  type Interview,
  type Job,
} from '@app/shared';
import { Badge } from '../../../components/Badge';
import { CardListSection } from '../../../components/CardListSection';
import { formatDate } from '../../../lib/format';
import { useAuth } from '../../../lib/auth';
import { useInterviews } from '../../../api/interviews/get-interviews';
import { useJobs } from '../../../api/jobs/get-jobs';
import { useUserTasks } from '../../../api/tasks/get-user-tasks';
import { JobDetailView } from './JobDetailView';
import { TabList } from '../../../components/TabList';
import { StartInterviewButton } from '../../../components/StartInterviewButton';

type Tab = 'active' | 'completed';
type Row = { interview: Interview; tasks: AnnotationTask[] };

const titleOf = (i: Interview) => i.job_title || i.position || 'Untitled job';

/** When a completed job was completed: the interview's completion, else its last task submission. */
function completedOn(row: Row): string {
  const times = [row.interview.completed_at, ...row.tasks.map((t) => t.submitted_at)].filter(Boolean) as string[];
  const latest = times.sort().at(-1);
  return formatDate(latest ?? row.interview.created_at);
}

function JobRowCard({ row, job, tab, onOpen }: { row: Row; job: Job | undefined; tab: Tab; onOpen: () => void }) {
  const pay = payPerHourText(job?.pay_per_hour);
  const ib = interviewBadge(row.interview.status);
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-testid="your-job-card"
        className="w-full rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:border-brand-500 hover:shadow"
      >
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-semibold text-slate-900">{titleOf(row.interview)}</h3>
          {pay && <span className="shrink-0 text-sm font-medium text-slate-900">{pay}</span>}
        </div>
        {tab === 'active' ? (
          <>
            <p className="mt-1 text-sm text-slate-500">Received {timeAgoText(row.interview.created_at)}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Badge color={row.tasks.length ? 'blue' : 'grey'}>{activeTasksText(row.tasks)}</Badge>
              <Badge color={ib.color}>{ib.label}</Badge>
            </div>
          </>
        ) : (
          // Submitted work whose ratings still wait for review is not done yet (issue 43).
          <>
            {row.tasks.every((t) => t.status === 'reviewed') ? (
              <>
                <p className="mt-1 text-sm text-slate-500">Completed on {completedOn(row)}</p>
                <div className="mt-3">
                  <Badge color="green">Completed</Badge>
                </div>
              </>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-500">All tasks submitted; the ratings await review.</p>
                <div className="mt-3">
                  <Badge color="purple">Awaiting review</Badge>
                </div>
              </>
            )}
          </>
        )}
      </button>
    </li>
  );
}

/**
 * The candidate's applications waiting for their interview (invited from talent search, or allowed a
 * retake), each with its Start (docs/product/screens/your-jobs.md, decision 0169).
 */
function WaitingApplications({ waiting, jobsById }: { waiting: Interview[]; jobsById: Map<string, Job> }) {
  if (waiting.length === 0) return null;
  return (
    <CardListSection title="Waiting for your interview">
      {waiting.map((interview) => (
        <WaitingApplication
          key={interview.id}
          interview={interview}
          job={interview.job_id ? jobsById.get(interview.job_id) : undefined}
        />
      ))}
    </CardListSection>
  );
}

function WaitingApplication({ interview, job }: { interview: Interview; job: Job | undefined }) {
  const pay = payPerHourText(job?.pay_per_hour);
  return (
    <li data-testid="waiting-application" className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-slate-900">{titleOf(interview)}</h3>
        {pay && <span className="shrink-0 text-sm font-medium text-slate-900">{pay}</span>}
      </div>
      <p className="mt-1 text-sm text-slate-600">Your application is ready: start the interview when you are.</p>
      {interview.job_id && <StartInterviewButton jobId={interview.job_id} className="mt-3 w-full sm:w-auto" />}
    </li>
  );
}

/**
 * Your Jobs (docs/product/screens/your-jobs.md). The open job is kept in ?job={interviewId}. `payouts`
 * stands in an open job's Payments section: the earnings feature's table, composed by the route
 * (src/app/routes/YourJobsPage.tsx).
 */
export function YourJobs({ payouts, invitations }: { payouts: ReactNode; invitations?: ReactNode }) {
  const { user } = useAuth();
  const interviewsQuery = useInterviews();
  const tasksQuery = useUserTasks(user?.id);
  const jobsQuery = useJobs();
  const [tab, setTab] = useState<Tab>('active');
  const [params, setParams] = useSearchParams();
  const openId = params.get('job');

  // docs/product/errors.md: a failed load is only logged; the screen stays empty.
  useEffect(() => {
    for (const error of [interviewsQuery.error, tasksQuery.error])
      if (error) console.error('Failed to load Your Jobs', error);
  }, [interviewsQuery.error, tasksQuery.error]);

  // Classify only once both lists are in: without the tasks every job would look "active".
  const loading = interviewsQuery.isPending || !user || tasksQuery.isPending;
  const { active, completed } = useMemo(
    () =>
      loading
        ? { active: [], completed: [] }
        : classifyJobs(ownInterviews(interviewsQuery.data ?? [], user?.id), tasksQuery.data ?? []),
    [loading, interviewsQuery.data, tasksQuery.data, user?.id],
  );
  const waiting = useMemo(
    () => waitingApplications(ownInterviews(interviewsQuery.data ?? [], user?.id)),
    [interviewsQuery.data, user?.id],
  );
  const jobsById = useMemo(() => new Map((jobsQuery.data ?? []).map((j) => [j.id, j])), [jobsQuery.data]);
  const openRow = [...active, ...completed].find((r) => r.interview.id === openId);

  if (openRow) {
    return (
      <JobDetailView
        interview={openRow.interview}
        tasks={openRow.tasks}
        job={openRow.interview.job_id ? jobsById.get(openRow.interview.job_id) : undefined}
        onBack={() => setParams({})}
        payouts={payouts}
      />
    );
  }

  const rows = tab === 'active' ? active : completed;
  const tabs: { key: Tab; label: string }[] = [
    { key: 'active', label: `Active Jobs (${active.length})` },
    { key: 'completed', label: `Completed (${completed.length})` },
  ];

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 md:px-8 md:py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Your Jobs</h1>
          <p className="mt-1 text-slate-600">Track active projects and complete creative tasks to earn</p>
        </div>
        <Link to="/earnings" className="text-sm font-medium text-brand-700 hover:underline">
          View earnings
        </Link>
      </div>

      {invitations}
      <WaitingApplications waiting={waiting} jobsById={jobsById} />

      <TabList label="Your Jobs" tabs={tabs} selected={tab} onSelect={setTab} className="mt-6" panelClassName="mt-6">
        {loading ? (
          <p className="py-12 text-center text-slate-600">Loading your jobs...</p>
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center">
            {tab === 'active' && completed.length > 0 ? (
              // The person has jobs, all submitted: no "yet" (issue 43).
              <>
                <Briefcase className="h-10 w-10 text-slate-300" aria-hidden />
                <p className="font-medium text-slate-700">No active tasks right now</p>
                <p className="text-sm text-slate-600">
                  Your submitted work is under Completed, where jobs awaiting review say so.
                </p>
                <button
                  type="button"
                  onClick={() => setTab('completed')}
                  className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  See your jobs
                </button>
              </>
            ) : tab === 'active' ? (
              <>
                <Briefcase className="h-10 w-10 text-slate-300" aria-hidden />
                <p className="font-medium text-slate-700">No active jobs yet</p>
                <Link
                  to="/"
                  className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  Browse Opportunities
                </Link>
              </>
            ) : (
              <>
                <CheckCircle2 className="h-10 w-10 text-slate-300" aria-hidden />
                <p className="font-medium text-slate-700">No completed jobs yet</p>
              </>
            )}
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {rows.map((row) => (
              <JobRowCard
                key={row.interview.id}
                row={row}
                tab={tab}
                job={row.interview.job_id ? jobsById.get(row.interview.job_id) : undefined}
                onOpen={() => setParams({ job: row.interview.id })}
              />
            ))}
          </ul>
        )}
      </TabList>
    </div>
  );
}
