import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/jobs: public, newest first. */
export const getJobs = () => apiRequest<Job[]>('/jobs', { auth: false });

export const jobsQueryOptions = () => queryOptions({ queryKey: ['jobs'], queryFn: getJobs });

export const useJobs = () => useQuery(jobsQueryOptions());
