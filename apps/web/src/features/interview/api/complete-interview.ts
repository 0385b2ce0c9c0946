import { apiRequest } from '../../../lib/api-client';

/** POST /api/interviews/{id}/complete with an empty body (spec part 2 section 7). */
export function completeInterview(interviewId: string) {
  return apiRequest<unknown>(`/interviews/${encodeURIComponent(interviewId)}/complete`, { method: 'POST' });
}
