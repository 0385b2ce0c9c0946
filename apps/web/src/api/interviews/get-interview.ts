import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Interview } from '@app/shared';
import { ApiError, apiRequest } from '../../lib/api-client';
import { interviewKeys } from './keys';

/** GET /api/interviews/{id}: one of the caller's interviews; null when there is none by that id (yet). */
export async function getInterview(id: string): Promise<Interview | null> {
  try {
    return await apiRequest<Interview>(`/interviews/${encodeURIComponent(id)}`);
  } catch (err) {
    // The interview screen makes up the id of a new interview: the server has none by it until it starts.
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) return null;
    throw err;
  }
}

/**
 * Always asked afresh when a screen opens it (nothing kept after the screen closes): the interview
 * screen decides from it whether to open the camera at all, so an answer from before the interview
 * ended must never be reused.
 */
export const interviewQueryOptions = (id: string) =>
  queryOptions({ queryKey: interviewKeys.one(id), queryFn: () => getInterview(id), staleTime: 0, gcTime: 0 });

export const useInterview = (id: string) => useQuery(interviewQueryOptions(id));
