import { useId, useState } from 'react';
import {
  REJECTION_REASON_MAX_LENGTH,
  type AdminCandidateListItem,
  type AdminTask,
  type TaskReviewRequest,
} from '@app/shared';
import { secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { assignTask, reviewTask, useTaskMutation } from './api/tasks';
import { candidateLabel } from './UploadTasks';
import { DecisionButtons } from '../../../components/console-ui';

/** A task's assignee, or a picker to assign it. */
export function AssignCell({ task, accepted }: { task: AdminTask; accepted: AdminCandidateListItem[] }) {
  const id = useId();
  const [userId, setUserId] = useState('');
  const assign = useTaskMutation((uid: string) => assignTask(task.id, uid));
  if (task.assignee_id) return <span>{task.assignee_email}</span>;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Assign {task.task_name} to
      </label>
      <select
        id={id}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm"
        value={userId}
        onChange={(e) => setUserId(e.target.value)}
      >
        <option value="">Unassigned</option>
        {accepted.map((c) => (
          <option key={c.id} value={c.id}>
            {candidateLabel(c)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={!userId || assign.isPending}
        onClick={() => assign.mutate(userId)}
      >
        Assign
      </button>
      {assign.error && <span className="text-xs text-red-600">{describeError(assign.error, 'Failed')}</span>}
    </div>
  );
}

/** Accept or reject a submitted rating; a rejection asks for the reason the rater will see. */
export function ReviewCell({ task }: { task: AdminTask }) {
  const reasonId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const review = useTaskMutation((body: TaskReviewRequest) => reviewTask(task.id, body));
  if (task.review_approved !== null) {
    return (
      <div className={task.review_approved ? 'text-green-700' : 'text-red-700'}>
        {task.review_approved ? (task.auto_approved ? 'Accepted (automatic)' : 'Accepted') : 'Rejected'}
        {task.review_reason && <p className="max-w-xs text-xs text-slate-600">{task.review_reason}</p>}
      </div>
    );
  }
  if (task.status !== 'completed') return <span className="text-slate-400">—</span>;
  const error = review.error && <span className="text-xs text-red-600">{describeError(review.error, 'Failed')}</span>;
  if (rejecting) {
    return (
      <form
        className="flex max-w-xs flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim()) review.mutate({ approved: false, reason: reason.trim() });
        }}
      >
        <label htmlFor={reasonId} className="text-xs font-medium text-slate-700">
          Reason for rejecting {task.task_name}
        </label>
        <input
          id={reasonId}
          autoFocus
          required
          maxLength={REJECTION_REASON_MAX_LENGTH}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="flex gap-2">
          <button
            type="submit"
            className={`${secondaryButtonClass} text-red-700`}
            disabled={!reason.trim() || review.isPending}
          >
            Reject
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setRejecting(false)}>
            Cancel
          </button>
        </div>
        {error}
      </form>
    );
  }
  return (
    <div className="flex gap-2">
      <DecisionButtons
        approve="Accept"
        subject={task.task_name}
        busy={review.isPending}
        onDecide={(approved) => (approved ? review.mutate({ approved: true }) : setRejecting(true))}
      />
      {error}
    </div>
  );
}
