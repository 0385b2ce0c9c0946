import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminJobListItem, Job, JobCreate, JobStatus, JobUpdate, Page } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, qs, useListQuery, type PageParams } from './query';

export type JobListParams = PageParams & { status?: JobStatus; q?: string };

/** GET /api/admin/jobs */
export const listJobs = (p: JobListParams) => apiRequest<Page<AdminJobListItem>>(`/admin/jobs${qs(p)}`);
export const useAdminJobs = (p: JobListParams) => useListQuery(adminKeys.jobs(p), () => listJobs(p));

/** GET /api/jobs/{id} (the public read; admins see every status). */
export const getJob = (id: string) => apiRequest<Job>(`/jobs/${id}`);
export const useJob = (id: string | undefined) =>
  useQuery({ queryKey: adminKeys.job(id ?? ''), queryFn: () => getJob(id!), enabled: Boolean(id) });

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
