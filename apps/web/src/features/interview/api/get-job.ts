import { useQuery } from '@tanstack/react-query';
import type { Job } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/jobs/{id}: the job title shown above the interview. */
export const getJob = (jobId: string) => apiRequest<Job>(`/jobs/${encodeURIComponent(jobId)}`, { auth: false });

export function useInterviewJob(jobId: string | null | undefined) {
  return useQuery({
    queryKey: ['jobs', jobId],
    queryFn: () => getJob(jobId!),
    enabled: Boolean(jobId),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
