import { useQuery } from '@tanstack/react-query';
import type { WorkSamplePool } from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';
import { useTaskMutation } from './tasks';

/** Under 'admin', so the console's one invalidation (an upload, a retirement) refreshes it too. */
const workSampleKey = (jobId: string) => ['admin', 'work-sample', jobId] as const;

/** GET /api/admin/jobs/{id}/work-sample: the job's settings, whether the sample runs, both pools. */
export const getWorkSamplePool = (jobId: string) => apiRequest<WorkSamplePool>(`/admin/jobs/${jobId}/work-sample`);
export const useWorkSamplePool = (jobId: string) =>
  useQuery({ queryKey: workSampleKey(jobId), queryFn: () => getWorkSamplePool(jobId) });

/** DELETE /api/admin/work-sample-items/{id}: takes an item out of its pool (interviews keep their copy). */
export const retireWorkSampleItem = (itemId: string) =>
  apiRequest<void>(`/admin/work-sample-items/${itemId}`, { method: 'DELETE' });
export const useRetireWorkSampleItem = () => useTaskMutation(retireWorkSampleItem);
