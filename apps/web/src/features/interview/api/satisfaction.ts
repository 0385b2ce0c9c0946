import type { SatisfactionAnswer } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** One answer to the closing question: a score with an optional comment, or a skip. */
export type SatisfactionReply = { score: number; comment?: string } | { skipped: true };

/** POST /api/interviews/{id}/satisfaction (once; 409 when already answered). */
export const sendInterviewSatisfaction = (interviewId: string, reply: SatisfactionReply) =>
  apiRequest<SatisfactionAnswer>(`/interviews/${encodeURIComponent(interviewId)}/satisfaction`, {
    method: 'POST',
    body: reply,
  });

/** POST /api/practice-satisfaction (once per practice run). */
export const sendPracticeSatisfaction = (sessionId: string, jobId: string | null, reply: SatisfactionReply) =>
  apiRequest<SatisfactionAnswer>('/practice-satisfaction', {
    method: 'POST',
    body: { session_id: sessionId, ...(jobId && { job_id: jobId }), ...reply },
  });
