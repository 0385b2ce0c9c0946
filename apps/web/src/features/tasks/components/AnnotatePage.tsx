import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  FEEDBACK_MAX_LENGTH,
  QUALITY_RATING_LABELS,
  feedbackProblem,
  isTaskSubmitted,
  prettify,
  type AnnotationTask,
} from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { userTasksQueryOptions } from '../../../api/tasks/get-user-tasks';
import { serverDetailOr } from '../../../lib/describe-error';
import { BackButton } from '../../../components/BackButton';
import { Badge } from '../../../components/Badge';
import { NavButton } from '../../../components/NavButton';
import { ConfirmDialog } from '../../../components/lazy-dialogs';
import { useSubmitTask } from '../api/submit-task';
import { useOpenTask } from '../hooks/use-open-task';
import { ContentPreview } from '../../../components/ContentPreview';
import { RatingInput } from '../../../components/RatingInput';

const SUBMIT_FAILED = 'Failed to submit annotation';

/**
 * The alert for a failed submit (docs/product/errors.md): 'Failed to submit annotation', and for a 403
 * (the rater's work is held: paused, or acceptance withdrawn; decision 0170) the server's reason after it.
 */
function submitFailureText(err: unknown): string {
  if (!(err instanceof ApiError) || err.status !== 403) return SUBMIT_FAILED;
  const reason = serverDetailOr('')(err);
  return reason ? `${SUBMIT_FAILED}. ${reason}` : SUBMIT_FAILED;
}

/** What the task screen is told when it opens as the next task after a submit. */
type Arrival = { submittedPrevious?: boolean } | null;

/**
 * The task to open after a submit: of the same job's open tasks, one already in progress, else the
 * oldest (the list comes newest first; ties keep the list's order reversed).
 */
export function nextTaskOf(list: readonly AnnotationTask[], done: AnnotationTask): AnnotationTask | undefined {
  const open = list
    .filter(
      (t) => t.id !== done.id && t.job_id === done.job_id && (t.status === 'assigned' || t.status === 'in_progress'),
    )
    .reverse();
  return (
    open.find((t) => t.status === 'in_progress') ??
    open.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))[0]
  );
}

/** The creative task screen (docs/product/screens/task.md). */
export function AnnotatePage() {
  const { taskId = '' } = useParams();
  const opened = useOpenTask(taskId);

  if (opened.state === 'loading' || opened.state === 'leaving') {
    return <p className="py-24 text-center text-slate-600">Loading your creative task...</p>;
  }
  if (opened.state === 'not_found') {
    return (
      <div className="flex flex-col items-center gap-4 py-24 text-center">
        <p className="text-lg font-semibold text-slate-900">Task not found</p>
        <NavButton
          to="/jobs"
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Back to Jobs
        </NavButton>
      </div>
    );
  }
  return <TaskWorkspace key={opened.task.id} task={opened.task} />;
}

function TaskWorkspace({ task }: { task: AnnotationTask }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { user } = useAuth();
  const arrival = useLocation().state as Arrival;
  const submitted = isTaskSubmitted(task.status);
  const [rating, setRating] = useState(task.quality_rating ?? 0);
  const [notes, setNotes] = useState(task.feedback_notes ?? '');
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmitTask(task.id);
  const data = task.data_to_annotate ?? {};
  const canSubmit = !submitted && !submit.isPending && rating !== 0 && notes.trim() !== '';

  const openConfirm = () => {
    const problem = feedbackProblem(rating, notes);
    if (problem) return window.alert(problem);
    setConfirming(true);
  };

  const send = async () => {
    try {
      await submit.mutateAsync({ quality_rating: rating, feedback_notes: notes.trim() });
    } catch (err) {
      console.error('Failed to submit annotation', err);
      setConfirming(false);
      window.alert(submitFailureText(err));
      return;
    }
    setConfirming(false);
    // The work goes on: the job's next open task, else Your Jobs (issue 34, decision 0185).
    const list = user ? await qc.fetchQuery(userTasksQueryOptions(user.id)).catch(() => null) : null;
    const next = list && nextTaskOf(list, task);
    if (next) navigate(`/annotate/${next.id}`, { state: { submittedPrevious: true } satisfies Arrival });
    else navigate('/jobs');
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:px-8 md:py-8">
      <BackButton onClick={() => navigate('/jobs')}>Back to Jobs</BackButton>
      <header className="mt-3">
        <p className="text-sm font-medium uppercase tracking-wide text-brand-700">Creative Task</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">{task.task_name || 'Annotation Task'}</h1>
          {submitted ? <Badge color="green">Submitted</Badge> : <Badge color="yellow">In Progress</Badge>}
        </div>
        {task.task_description && <p className="mt-1 text-slate-600">{task.task_description}</p>}
      </header>
      {arrival?.submittedPrevious && !submitted && (
        <p role="status" className="mt-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          Feedback submitted. This is the next task of the job.{' '}
          <NavButton to="/jobs" className="font-semibold underline">
            Back to Jobs
          </NavButton>
        </p>
      )}

      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[1fr_360px]">
        <section aria-labelledby="item-title" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="item-title" className="text-lg font-semibold text-slate-900">
            {data.title || 'Creative Work'}
          </h2>
          {data.description && <p className="mt-1 text-sm text-slate-600">{data.description}</p>}
          <p className="mt-2 text-xs text-slate-500">
            Type: {data.data_type ? prettify(data.data_type) : 'Transcript'}
          </p>
          <h3 className="mb-2 mt-4 text-sm font-semibold uppercase tracking-wide text-slate-500">Content Preview</h3>
          <ContentPreview data={data} />
        </section>

        <aside className="space-y-4">
          {task.instructions && (
            <section className="rounded-xl border border-slate-200 bg-white p-4">
              <h2 className="font-semibold text-slate-900">Instructions</h2>
              <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{task.instructions}</p>
            </section>
          )}
          <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
            {submitted && (
              <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
                Feedback submitted. It can no longer be edited.
              </p>
            )}
            <RatingInput value={rating} onChange={setRating} disabled={submitted} />
            <div>
              <label htmlFor="feedback" className="font-semibold text-slate-900">
                Feedback
              </label>
              <textarea
                id="feedback"
                rows={6}
                maxLength={FEEDBACK_MAX_LENGTH}
                value={notes}
                disabled={submitted}
                onChange={(e) => setNotes(e.target.value)}
                placeholder="Add any notes or observations about this content..."
                aria-describedby="feedback-hint"
                className="mt-2 w-full rounded-md border border-slate-300 p-3 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 disabled:bg-slate-50"
              />
              <p id="feedback-hint" className="mt-1 flex justify-between text-xs text-slate-500">
                <span>Max 1000 characters</span>
                <span>
                  {notes.length}/{FEEDBACK_MAX_LENGTH}
                </span>
              </p>
            </div>
            <div className="flex gap-3">
              <NavButton
                to="/jobs"
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Cancel
              </NavButton>
              <button
                type="button"
                onClick={openConfirm}
                disabled={!canSubmit}
                className="flex-1 whitespace-nowrap rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
              >
                Submit Feedback
              </button>
            </div>
          </section>
        </aside>
      </div>

      {confirming && (
        <ConfirmDialog
          title="Submit Your Feedback?"
          confirmLabel={submit.isPending ? 'Submitting...' : 'Submit'}
          busy={submit.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={send}
        >
          <p>You&apos;re about to submit your creative feedback. You won&apos;t be able to edit it after submission.</p>
          <dl className="mt-4 space-y-2 rounded-lg bg-slate-50 p-3">
            <div>
              <dt className="text-xs uppercase text-slate-500">Rating</dt>
              <dd className="font-medium text-slate-900">
                {rating} - {QUALITY_RATING_LABELS[rating]}
              </dd>
            </div>
            <div>
              <dt className="text-xs uppercase text-slate-500">Notes</dt>
              <dd className="whitespace-pre-wrap break-words text-slate-800">{notes.trim()}</dd>
            </div>
          </dl>
        </ConfirmDialog>
      )}
    </div>
  );
}
