import { useId, useState } from 'react';
import type { AdminCandidateListItem, AdminTask } from '@app/shared';
import { secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { assignTask, reviewTask, useTaskMutation } from '../api/tasks';
import { candidateLabel } from './UploadTasks';
import { DecisionButtons } from './ui';

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

/** Accept or reject a submitted rating. */
export function ReviewCell({ task }: { task: AdminTask }) {
  const review = useTaskMutation((approved: boolean) => reviewTask(task.id, approved));
  if (task.review_approved !== null) {
    return (
      <span className={task.review_approved ? 'text-green-700' : 'text-red-700'}>
        {task.review_approved ? 'Accepted' : 'Rejected'}
      </span>
    );
  }
  if (task.status !== 'completed') return <span className="text-slate-400">—</span>;
  return (
    <div className="flex gap-2">
      <DecisionButtons
        approve="Accept"
        subject={task.task_name}
        busy={review.isPending}
        onDecide={(approved) => review.mutate(approved)}
      />
      {review.error && <span className="text-xs text-red-600">{describeError(review.error, 'Failed')}</span>}
    </div>
  );
}
