import { queryOptions } from '@tanstack/react-query';
import type { AnnotationTask } from '@app/shared';
import { taskKeys } from '../../../api/tasks/keys';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/annotations/{taskId}: one task with its job status and data. */
export const getTask = (taskId: string) => apiRequest<AnnotationTask>(`/annotations/${encodeURIComponent(taskId)}`);

export const taskQueryOptions = (taskId: string) =>
  queryOptions({ queryKey: taskKeys.detail(taskId), queryFn: () => getTask(taskId), retry: false, staleTime: 0 });
