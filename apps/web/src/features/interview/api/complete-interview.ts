import { apiRequest } from '../../../lib/api-client';

/** POST /api/interviews/{id}/complete with an empty body (docs/product/api.md). */
export function completeInterview(interviewId: string) {
  return apiRequest<unknown>(`/interviews/${encodeURIComponent(interviewId)}/complete`, { method: 'POST' });
}
