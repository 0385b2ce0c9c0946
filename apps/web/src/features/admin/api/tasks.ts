import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminTask,
  CandidateTaskProgress,
  Page,
  TaskBulkAssignRequest,
  TaskCreate,
  TaskStatus,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, qs, useListQuery, type PageParams } from './query';

export type TaskListParams = PageParams & {
  job_id?: string;
  assignee_id?: string;
  status?: TaskStatus;
  review?: 'waiting' | 'accepted' | 'rejected';
};

/** GET /api/admin/tasks */
export const listTasks = (p: TaskListParams) => apiRequest<Page<AdminTask>>(`/admin/tasks${qs(p)}`);
export const useAdminTasks = (p: TaskListParams) => useListQuery(adminKeys.tasks(p), () => listTasks(p));

/** GET /api/admin/tasks/progress */
export const getProgress = (jobId?: string) =>
  apiRequest<CandidateTaskProgress[]>(`/admin/tasks/progress${qs({ job_id: jobId })}`);
export const useTaskProgress = (jobId?: string) =>
  useQuery({ queryKey: adminKeys.progress(jobId), queryFn: () => getProgress(jobId) });

/** POST /api/admin/jobs/{id}/tasks */
export const createTasks = (jobId: string, tasks: TaskCreate[]) =>
  apiRequest<AdminTask[]>(`/admin/jobs/${jobId}/tasks`, { method: 'POST', body: { tasks } });
/** POST /api/admin/tasks/{id}/assign */
export const assignTask = (id: string, userId: string) =>
  apiRequest<AdminTask>(`/admin/tasks/${id}/assign`, { method: 'POST', body: { user_id: userId } });
/** POST /api/admin/tasks/{id}/review */
export const reviewTask = (id: string, approved: boolean) =>
  apiRequest<AdminTask>(`/admin/tasks/${id}/review`, { method: 'POST', body: { approved } });

/** Any task write refreshes the console lists. */
export function useTaskMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }) });
}

/** POST /api/admin/tasks/assign: several assignments in one request, all or nothing. */
export const assignTasks = (assignments: TaskBulkAssignRequest['assignments']) =>
  apiRequest<AdminTask[]>('/admin/tasks/assign', { method: 'POST', body: { assignments } });
