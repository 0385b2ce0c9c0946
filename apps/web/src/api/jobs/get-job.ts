import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { jobKeys } from './keys';

/** GET /api/jobs/{id}: public, no bearer (docs/product/api.md). */
export const getJob = (id: string) => apiRequest<Job>(`/jobs/${encodeURIComponent(id)}`, { auth: false });

/** A job changes rarely while a candidate applies or interviews; a missing one is not retried. */
export const jobQueryOptions = (id: string | null | undefined) =>
  queryOptions({
    queryKey: jobKeys.detail(id ?? ''),
    queryFn: () => getJob(id!),
    enabled: Boolean(id),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const useJob = (id: string | null | undefined) => useQuery(jobQueryOptions(id));
