import type { InterviewPrivacy } from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';

/** Retention and access history of an interview's recording and résumé. */
export const getInterviewPrivacy = (interviewId: string) =>
  apiRequest<InterviewPrivacy>(`/admin/interviews/${interviewId}/privacy`);
