/**
 * Pure rules of Your Jobs and the creative task screen (docs/product/screens/your-jobs.md, docs/product/screens/task.md, docs/product/rules.md):
 * job classification, badge colours, task opening rules and rating labels.
 */

export type ClassifiableInterview = {
  id: string;
  job_id: string | null;
  status: string;
  acceptance_status: string | null;
};
export type ClassifiableTask = { job_id: string; status: string };

const ACTIVE_TASK_STATUSES = new Set(['assigned', 'in_progress']);
const FINISHED_TASK_STATUSES = new Set(['completed', 'reviewed']);

/** A job row on Your Jobs: the accepted interview plus the tasks of its job. */
export type ClassifiedJob<I, T> = { interview: I; tasks: T[] };

/**
 * Splits accepted interviews into active and completed jobs, exactly as docs/product/rules.md says:
 * - only interviews with acceptance_status 'accepted' count;
 * - active: the job has a task assigned or in_progress, or the interview is in_progress or
 *   scheduled, or the job has no tasks yet;
 * - completed: the interview is completed and the job has tasks, all completed or reviewed.
 * Our server moves an accepted interview to status 'approved' (the status page needs it for
 * 'Congratulations!'), so 'approved' counts as completed here; otherwise a finished job would fall
 * out of both tabs. A job matching neither rule (e.g. an approved interview whose tasks are all
 * pending) is in neither list; a job matching both is shown once, as active.
 * See docs/decisions/0042-your-jobs-classification.md.
 */
export function classifyJobs<I extends ClassifiableInterview, T extends ClassifiableTask>(
  interviews: I[],
  tasks: T[],
): { active: ClassifiedJob<I, T>[]; completed: ClassifiedJob<I, T>[] } {
  const active: ClassifiedJob<I, T>[] = [];
  const completed: ClassifiedJob<I, T>[] = [];
  for (const interview of interviews) {
    if (interview.acceptance_status !== 'accepted') continue;
    const jobTasks = tasks.filter((t) => interview.job_id !== null && t.job_id === interview.job_id);
    const isActive =
      jobTasks.some((t) => ACTIVE_TASK_STATUSES.has(t.status)) ||
      interview.status === 'in_progress' ||
      interview.status === 'scheduled' ||
      jobTasks.length === 0;
    const isCompleted =
      (interview.status === 'completed' || interview.status === 'approved') &&
      jobTasks.length > 0 &&
      jobTasks.every((t) => FINISHED_TASK_STATUSES.has(t.status));
    if (isActive) active.push({ interview, tasks: jobTasks });
    else if (isCompleted) completed.push({ interview, tasks: jobTasks });
  }
  return { active, completed };
}

/**
 * Applications that wait for the candidate's interview: not started (or scheduled) for a job, and
 * not yet accepted (an invitation from talent search, or a retake the provider allowed). Your Jobs
 * shows them with a Start above its tabs (docs/decisions/0169-one-application-and-practice-slots.md).
 */
export function waitingApplications<I extends ClassifiableInterview & { status: string }>(interviews: I[]): I[] {
  return interviews.filter(
    (i) =>
      i.job_id !== null &&
      i.acceptance_status !== 'accepted' &&
      (i.status === 'not_started' || i.status === 'scheduled'),
  );
}

/** Badge colours; the web app maps each to its classes. */
export type BadgeColor = 'grey' | 'blue' | 'yellow' | 'green' | 'purple' | 'red';
export type Badge = { label: string; color: BadgeColor };

const PENDING: Badge = { label: 'Pending', color: 'grey' };
/** The states interviews and tasks share look the same on both badges. */
const IN_PROGRESS: Badge = { label: 'In Progress', color: 'yellow' };
const COMPLETED: Badge = { label: 'Completed', color: 'green' };

const INTERVIEW_BADGES = new Map<string, Badge>([
  ['scheduled', { label: 'Scheduled', color: 'blue' }],
  ['in_progress', IN_PROGRESS],
  ['completed', COMPLETED],
]);

const TASK_BADGES = new Map<string, Badge>([
  ['assigned', { label: 'Assigned', color: 'blue' }],
  ['in_progress', IN_PROGRESS],
  ['completed', COMPLETED],
  ['reviewed', { label: 'Reviewed', color: 'purple' }],
]);

/** A copy of the status's badge (pending when unknown), so no caller can alter the tables. */
const badgeIn = (table: Map<string, Badge>, status: string | null | undefined): Badge => ({
  ...(table.get(status ?? '') ?? PENDING),
});

/** Interview status badge on Your Jobs: unknown statuses are shown as pending, grey. */
export const interviewBadge = (status: string | null | undefined) => badgeIn(INTERVIEW_BADGES, status);

/** Task status badge: pending grey, assigned blue, in_progress yellow, completed green, reviewed purple. */
export const taskBadge = (status: string | null | undefined) => badgeIn(TASK_BADGES, status);

/** The active card's task badge: 'Tasks Being Prepared' with no tasks, else 'N Active Task(s)'. */
export function activeTasksText(tasks: { status: string }[]): string {
  if (tasks.length === 0) return 'Tasks Being Prepared';
  const n = tasks.filter((t) => ACTIVE_TASK_STATUSES.has(t.status)).length;
  return `${n} Active ${n === 1 ? 'Task' : 'Tasks'}`;
}

/**
 * The task's button on the job detail view: 'Continue' in progress, 'View' once submitted (its badge
 * says Completed or Reviewed; issue 34), else 'Start'.
 */
export const taskActionLabel = (status: string) =>
  status === 'in_progress' ? 'Continue' : isTaskSubmitted(status) ? 'View' : 'Start';

/** Task ids are shown shortened to 8 characters. */
export const shortId = (id: string) => id.slice(0, 8);

/** The blocking alert when a task's job is not in its active phase, or null when it may be opened. */
export function taskBlockedMessage(jobStatus: string | null | undefined): string | null {
  switch (jobStatus) {
    case 'pending':
      return 'This task is not yet available. Tasks can only be started when the project enters the active phase.';
    case 'completed':
      return 'This project has ended.';
    case 'archived':
      return 'This project has been archived.';
    default:
      return null;
  }
}

/** Opening an assigned task starts it (assigned → in_progress). */
export const taskNeedsStart = (status: string) => status === 'assigned';

/** A submitted task cannot be edited. */
export const isTaskSubmitted = (status: string) => FINISHED_TASK_STATUSES.has(status);

/** The rating scale is an integer 0-5; labels are QUALITY_RATING_LABELS (schemas/task). */
export const MAX_RATING = 5;

/**
 * Why feedback cannot be submitted yet (the alert text), or null when it can: the rating must be
 * non-zero and the notes non-empty after trimming.
 */
export function feedbackProblem(rating: number, notes: string): string | null {
  if (!rating) return 'Please provide a quality rating';
  if (!notes.trim()) return 'Please provide feedback notes';
  return null;
}
