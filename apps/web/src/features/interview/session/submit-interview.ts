/**
 * After a real interview ends: upload the recording, then mark the interview complete. Each step is
 * logged and never blocks the other; the candidate's screen shows the end either way.
 */
import { authStorage } from '../../../lib/auth-storage';
import { completeInterview } from '../api/complete-interview';
import { uploadInterviewVideo } from '../api/upload-video';

export async function submitInterview(input: { video: Blob | null; sessionId: string; interviewId: string }) {
  const { video, sessionId, interviewId } = input;
  if (video && video.size > 0) {
    try {
      const reply = await uploadInterviewVideo({ video, sessionId, interviewId });
      console.info('Interview recording uploaded', reply);
    } catch (err) {
      console.error('Interview recording upload failed', err);
    }
  }
  if (interviewId && authStorage.get()) {
    try {
      await completeInterview(interviewId);
    } catch (err) {
      console.error('Completing the interview failed', err);
    }
  }
}
