import type { InterviewLike } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/interviews?job_id=&candidate_id= (bearer when signed in). */
export function getInterviews(jobId: string, candidateId: string) {
  const q = new URLSearchParams({ job_id: jobId, candidate_id: candidateId });
  return apiRequest<InterviewLike[] | { items?: InterviewLike[] }>(`/interviews?${q}`);
}

/** The list whether the server replies with an array or a page object. */
export async function getInterviewList(jobId: string, candidateId: string): Promise<InterviewLike[]> {
  const reply = await getInterviews(jobId, candidateId);
  return Array.isArray(reply) ? reply : (reply?.items ?? []);
}
