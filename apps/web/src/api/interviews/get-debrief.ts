import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Debrief } from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { interviewKeys } from './keys';

/**
 * GET /api/interviews/{id}/debrief: the candidate's own once the provider has decided and when the
 * job shares feedback; 404 otherwise (not retried: it is an answer, not a failure).
 */
export const getInterviewDebrief = (id: string) => apiRequest<Debrief>(`/interviews/${encodeURIComponent(id)}/debrief`);

export const interviewDebriefQueryOptions = (id: string | null | undefined, enabled = true) =>
  queryOptions({
    queryKey: [...interviewKeys.all, 'debrief', id ?? ''] as const,
    queryFn: () => getInterviewDebrief(id!),
    enabled: Boolean(id) && enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });

export const useInterviewDebrief = (id: string | null | undefined, enabled = true) =>
  useQuery(interviewDebriefQueryOptions(id, enabled));
