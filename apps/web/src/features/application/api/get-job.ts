import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/jobs/{id}: public, no bearer (spec part 1 section 6). */
export const getJob = (id: string) => apiRequest<Job>(`/jobs/${encodeURIComponent(id)}`, { auth: false });

export const jobQueryOptions = (id: string | null) =>
  queryOptions({ queryKey: ['jobs', id], queryFn: () => getJob(id!), enabled: Boolean(id) });

export const useJob = (id: string | null) => useQuery(jobQueryOptions(id));
