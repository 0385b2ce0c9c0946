import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PracticeDebriefSummary } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/practice-debriefs: the practice debriefs the candidate kept, newest first, without answers. */
export const practiceDebriefsQueryOptions = () =>
  queryOptions({
    queryKey: ['practice-debriefs', 'list'] as const,
    queryFn: () => apiRequest<PracticeDebriefSummary[]>('/practice-debriefs'),
  });

export const usePracticeDebriefs = () => useQuery(practiceDebriefsQueryOptions());
