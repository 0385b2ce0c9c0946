import type { InterviewTranscript } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/interviews/{id}/transcript: the stored turns, restoring the live transcript after a reload. */
export const getInterviewTranscript = (interviewId: string) =>
  apiRequest<InterviewTranscript>(`/interviews/${encodeURIComponent(interviewId)}/transcript`);
