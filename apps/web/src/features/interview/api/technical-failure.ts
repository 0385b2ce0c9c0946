import type { TechnicalFailureKind } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/jobs/{jobId}/technical-failures: tells the provider's funnel that this interview met a
 * technical failure (issue 47). Best effort: a report that cannot be sent is only logged, it must
 * never get in the candidate's way.
 */
export async function reportTechnicalFailure(jobId: string, kind: TechnicalFailureKind, interviewId?: string) {
  try {
    await apiRequest<void>(`/jobs/${encodeURIComponent(jobId)}/technical-failures`, {
      method: 'POST',
      body: { kind, ...(interviewId && { interview_id: interviewId }) },
    });
  } catch (err) {
    console.warn(`Could not report ${kind}`, err);
  }
}
