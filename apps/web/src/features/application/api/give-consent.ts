import type { Consent } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import { acknowledgeAiNotice } from './ai-notice';

/** Records the candidate's consent to the recording and AI-assisted assessment of an interview for the job. */
export const giveRecordingConsent = (jobId: string) =>
  apiRequest<Consent>('/consents', { body: { purpose: 'interview_recording', job_id: jobId } });

/**
 * Gives the consents a recorded interview needs: the acknowledged AI notice (issue 35), then the recording
 * consent; on failure reports the message through `onError` and resolves false.
 */
export async function recordConsent(jobId: string, onError: (message: string) => void): Promise<boolean> {
  try {
    await acknowledgeAiNotice(jobId);
    await giveRecordingConsent(jobId);
    return true;
  } catch (err) {
    onError(err instanceof Error ? err.message : 'Could not record your consent. Please try again.');
    return false;
  }
}
