import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { jobKeys } from './keys';

/** GET /api/jobs: public, newest first (docs/product/api.md). */
export const getJobs = () => apiRequest<Job[]>('/jobs', { auth: false });

export const jobsQueryOptions = () => queryOptions({ queryKey: jobKeys.list(), queryFn: getJobs });

export const useJobs = () => useQuery(jobsQueryOptions());
