import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnotationTask, TaskSubmitRequest } from '@app/shared';
import { earningsKeys } from '../../../api/earnings/keys';
import { taskKeys } from '../../../api/tasks/keys';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/annotations/{taskId}/submit: finishes the task; it cannot be edited afterwards. */
export const submitTask = (taskId: string, body: TaskSubmitRequest) =>
  apiRequest<AnnotationTask>(`/annotations/${encodeURIComponent(taskId)}/submit`, { body });

export function useSubmitTask(taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskSubmitRequest) => submitTask(taskId, body),
    // Your Jobs and Earnings change with a submission.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: taskKeys.all }),
        qc.invalidateQueries({ queryKey: earningsKeys.all }),
      ]),
  });
}
