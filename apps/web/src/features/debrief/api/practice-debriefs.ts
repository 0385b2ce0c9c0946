import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PracticeDebrief } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { SealedDebrief } from '../../../lib/practice-debrief';

/**
 * POST /api/practice-debriefs: the candidate keeps the practice debrief (theirs; deleted with the
 * account), sent with the live session's seal (decision 0171).
 */
export const keepPracticeDebrief = (sealed: SealedDebrief) =>
  apiRequest<PracticeDebrief>('/practice-debriefs', { method: 'POST', body: sealed });

export const useKeepPracticeDebrief = () => useMutation({ mutationFn: keepPracticeDebrief });

/** GET /api/practice-debriefs/{id}: a kept practice debrief, its owner's only. */
export const keptDebriefQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['practice-debriefs', id] as const,
    queryFn: () => apiRequest<PracticeDebrief>(`/practice-debriefs/${encodeURIComponent(id)}`),
    retry: false,
  });

export const useKeptDebrief = (id: string) => useQuery(keptDebriefQueryOptions(id));
