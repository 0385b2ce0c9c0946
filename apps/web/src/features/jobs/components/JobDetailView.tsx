import { useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import {
  DEFAULT_HOURLY_PAY,
  PAYOUT_CYCLE_TEXT,
  PAYOUT_CYCLE_TITLE,
  PRODUCT_NAME,
  PAYOUT_ROUTE_TEXT,
  WEEKLY_HOURS_CAP,
  parsePay,
  isTaskSubmitted,
  shortId,
  taskActionLabel,
  taskBadge,
  type AnnotationTask,
  type Interview,
  type Job,
  formatMoney,
} from '@app/shared';
import { BackButton } from '../../../components/BackButton';
import { Badge } from '../../../components/Badge';
import { NavButton } from '../../../components/NavButton';
import { DocumentsList } from './DocumentsList';

function CreativeTaskRow({ task }: { task: AnnotationTask }) {
  const badge = taskBadge(task.status);
  return (
    <li data-testid="creative-task" className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{task.task_name || 'Creative Task'}</p>
        <p className="text-xs text-slate-500">
          {task.data_to_annotate?.data_type || 'Unknown'} · ID: {shortId(task.id)}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Badge color={badge.color}>{badge.label}</Badge>
        <NavButton
          to={`/annotate/${task.id}`}
          className={
            // A finished task is looked at, not worked on: a quiet button (issue 34).
            isTaskSubmitted(task.status)
              ? 'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50'
              : 'rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700'
          }
        >
          {taskActionLabel(task.status)}
        </NavButton>
      </div>
    </li>
  );
}

type Props = {
  interview: Interview;
  tasks: AnnotationTask[];
  job: Job | undefined;
  onBack: () => void;
  /** The payouts table of the Payments section (the earnings feature's, composed by the route). */
  payouts: ReactNode;
};

/** The job detail view of Your Jobs (docs/product/screens/your-jobs.md). */
export function JobDetailView({ interview, tasks, job, onBack, payouts }: Props) {
  const [docOpen, setDocOpen] = useState(false);
  const hourly = parsePay(job?.pay_per_hour) ?? DEFAULT_HOURLY_PAY;
  const title = interview.job_title || interview.position || 'Untitled job';

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:px-8 md:py-8">
      <BackButton onClick={onBack}>Back to Jobs</BackButton>
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">{title}</h1>
      {interview.position && interview.job_title && <p className="mt-1 text-slate-600">{interview.position}</p>}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_320px]">
        <div className="min-w-0 space-y-6">
          <section className="rounded-xl border border-slate-200 bg-white">
            <h2>
              <button
                type="button"
                aria-expanded={docOpen}
                aria-controls="onboarding-doc"
                onClick={() => setDocOpen((v) => !v)}
                className="flex w-full items-center justify-between px-4 py-3 text-left font-semibold text-slate-900"
              >
                Onboarding document
                <ChevronDown className={`h-5 w-5 transition ${docOpen ? 'rotate-180' : ''}`} aria-hidden />
              </button>
            </h2>
            {docOpen && (
              <div id="onboarding-doc" className="border-t border-slate-200 px-4 py-4 text-sm text-slate-700">
                <p>
                  Welcome to the {title} project! We&apos;re excited to have you on the team. Before you start working
                  on creative tasks, please take these next steps:
                </p>
                <ol className="mt-3 list-decimal space-y-1 pl-5">
                  <li>Visit the {PRODUCT_NAME} website and sign in with your account.</li>
                  <li>Review the labeling guidelines and quality standards for this project.</li>
                  <li>Complete the onboarding and training modules.</li>
                </ol>
              </div>
            )}
          </section>

          <section aria-labelledby="payments-title" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="payments-title" className="font-semibold text-slate-900">
              Payments
            </h2>
            <p className="mt-1 text-sm text-slate-600">{PAYOUT_ROUTE_TEXT}</p>
            <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-slate-500">Hourly pay</dt>
                <dd className="mt-1 font-semibold text-slate-900">{formatMoney(hourly)} / hour</dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-slate-500">Weekly cap</dt>
                <dd className="mt-1 font-semibold text-slate-900">{WEEKLY_HOURS_CAP} hours</dd>
                {/* The platform's paid-hours ceiling, not the job's expected hours (issue 43). */}
                <dd className="mt-1 text-xs text-slate-500">
                  The most hours paid in a week; the hours this job expects are in its listing.
                </dd>
              </div>
            </dl>
            <p className="mt-4 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-800" data-testid="payout-cycle">
              <strong>{PAYOUT_CYCLE_TITLE}:</strong> {PAYOUT_CYCLE_TEXT}
            </p>
            {payouts}
          </section>

          <section aria-labelledby="tasks-title" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="tasks-title" className="font-semibold text-slate-900">
              Active Creative Tasks
            </h2>
            {tasks.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">Tasks Being Prepared</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {tasks.map((task) => (
                  <CreativeTaskRow key={task.id} task={task} />
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside>
          <DocumentsList jobId={interview.job_id} accepted={interview.acceptance_status === 'accepted'} />
        </aside>
      </div>
    </div>
  );
}
