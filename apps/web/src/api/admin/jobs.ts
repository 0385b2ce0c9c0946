import { useQuery } from '@tanstack/react-query';
import type { AdminJobListItem, Job, JobStatus, Page } from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { adminKeys, qs, useListQuery, type PageParams } from './query';

export type JobListParams = PageParams & { status?: JobStatus; q?: string };

/** GET /api/admin/jobs: the console's job list, and the job filter of its other lists. */
export const listJobs = (p: JobListParams) => apiRequest<Page<AdminJobListItem>>(`/admin/jobs${qs(p)}`);
export const useAdminJobs = (p: JobListParams) => useListQuery(adminKeys.jobs(p), () => listJobs(p));

/** GET /api/jobs/{id} (the public read; admins see every status). */
export const getJob = (id: string) => apiRequest<Job>(`/jobs/${id}`);
export const useJob = (id: string | undefined) =>
  useQuery({ queryKey: adminKeys.job(id ?? ''), queryFn: () => getJob(id!), enabled: Boolean(id) });
