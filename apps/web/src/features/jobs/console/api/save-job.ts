import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job, JobCreate, JobUpdate } from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../api/admin/query';

/** POST /api/admin/jobs */
export const createJob = (body: JobCreate) => apiRequest<Job>('/admin/jobs', { method: 'POST', body });
/** PATCH /api/admin/jobs/{id} */
export const updateJob = (id: string, body: JobUpdate) =>
  apiRequest<Job>(`/admin/jobs/${id}`, { method: 'PATCH', body });

export function useSaveJob(id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobCreate) => (id ? updateJob(id, body) : createJob(body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
