import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Interview, InterviewListQuery } from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { interviewKeys } from './keys';

/**
 * GET /api/interviews: the caller's own interviews, optionally for one job (docs/product/api.md).
 * Screens still keep only the signed-in candidate's rows (docs/product/rules.md, "Roles").
 */
export function getInterviews(filters: InterviewListQuery = {}) {
  const query = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  return apiRequest<Interview[]>(`/interviews${query.size ? `?${query}` : ''}`);
}

export const interviewsQueryOptions = (filters: InterviewListQuery = {}) =>
  queryOptions({ queryKey: interviewKeys.list(filters), queryFn: () => getInterviews(filters) });

export const useInterviews = (filters: InterviewListQuery = {}) => useQuery(interviewsQueryOptions(filters));
