import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Interview } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/interviews: the caller's own interviews (the client filters by candidate_id too). */
export const getInterviews = () => apiRequest<Interview[]>('/interviews');

export const interviewsQueryOptions = () => queryOptions({ queryKey: ['interviews'], queryFn: getInterviews });

export const useInterviews = () => useQuery(interviewsQueryOptions());
