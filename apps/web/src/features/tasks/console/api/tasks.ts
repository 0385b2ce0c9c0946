import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminTask,
  CandidateTaskProgress,
  DistributeReply,
  ItemCreate,
  Page,
  TaskReviewRequest,
  TaskStatus,
  WorkSampleItem,
} from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, qs, useListQuery, type PageParams } from '../../../../api/admin/query';

/** Under 'admin', so the console's one invalidation refreshes these too. */
const taskKeys = {
  list: (p: object) => ['admin', 'tasks', p] as const,
  progress: (jobId: string | undefined) => ['admin', 'progress', jobId ?? 'all'] as const,
};

export type TaskListParams = PageParams & {
  job_id?: string;
  assignee_id?: string;
  status?: TaskStatus;
  review?: 'waiting' | 'accepted' | 'rejected';
};

/** GET /api/admin/tasks */
export const listTasks = (p: TaskListParams) => apiRequest<Page<AdminTask>>(`/admin/tasks${qs(p)}`);
export const useAdminTasks = (p: TaskListParams) => useListQuery(taskKeys.list(p), () => listTasks(p));

/** GET /api/admin/tasks/progress */
export const getProgress = (jobId?: string) =>
  apiRequest<CandidateTaskProgress[]>(`/admin/tasks/progress${qs({ job_id: jobId })}`);
export const useTaskProgress = (jobId?: string) =>
  useQuery({ queryKey: taskKeys.progress(jobId), queryFn: () => getProgress(jobId) });

/**
 * POST /api/admin/jobs/{id}/tasks: each entry is one item, rated by `ratersPerItem` different raters
 * (that many tasks come back). 1, the server's default, is left out of the body. An entry marked
 * `work_sample` or `example` joins that pool instead and comes back as its pool item (issue 46).
 */
export const createTasks = (jobId: string, tasks: ItemCreate[], ratersPerItem = 1) =>
  apiRequest<(AdminTask | WorkSampleItem)[]>(`/admin/jobs/${jobId}/tasks`, {
    method: 'POST',
    body: ratersPerItem === 1 ? { tasks } : { tasks, raters_per_item: ratersPerItem },
  });
/** POST /api/admin/jobs/{id}/tasks/distribute: the job's unassigned tasks to its active raters. */
export const distributeTasks = (jobId: string) =>
  apiRequest<DistributeReply>(`/admin/jobs/${jobId}/tasks/distribute`, { method: 'POST' });
/** POST /api/admin/tasks/{id}/assign */
export const assignTask = (id: string, userId: string) =>
  apiRequest<AdminTask>(`/admin/tasks/${id}/assign`, { method: 'POST', body: { user_id: userId } });
/** POST /api/admin/tasks/{id}/review: a rejection carries the reason the rater sees. */
export const reviewTask = (id: string, body: TaskReviewRequest) =>
  apiRequest<AdminTask>(`/admin/tasks/${id}/review`, { method: 'POST', body });

/** Any task write refreshes the console lists. */
export function useTaskMutation<A, R = unknown>(fn: (arg: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }) });
}
