import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Debrief, PracticeDebrief } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/practice-debriefs: the candidate keeps the practice debrief (theirs; deleted with the account). */
export const keepPracticeDebrief = (debrief: Debrief) =>
  apiRequest<PracticeDebrief>('/practice-debriefs', { method: 'POST', body: { debrief } });

export const useKeepPracticeDebrief = () => useMutation({ mutationFn: keepPracticeDebrief });

/** GET /api/practice-debriefs/{id}: a kept practice debrief, its owner's only. */
export const keptDebriefQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['practice-debriefs', id] as const,
    queryFn: () => apiRequest<PracticeDebrief>(`/practice-debriefs/${encodeURIComponent(id)}`),
    retry: false,
  });

export const useKeptDebrief = (id: string) => useQuery(keptDebriefQueryOptions(id));
