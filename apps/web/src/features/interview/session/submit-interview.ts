/**
 * After a real interview ends: wait for the recording's last slices to reach the server, then mark
 * the interview complete. Each step is logged and never blocks the other; the candidate's screen
 * shows the end either way.
 */
import { authStorage } from '../../../lib/auth-storage';
import { completeInterview } from '../api/complete-interview';
import type { RecordingUploader } from './recording-uploader';

/** How long the end waits for unsent recording slices (a slow or dropped connection). */
const RECORDING_FLUSH_MS = 60_000;

export async function submitInterview(input: { recording: RecordingUploader | null; interviewId: string }) {
  const { recording, interviewId } = input;
  if (recording) {
    const sent = await recording.flush(RECORDING_FLUSH_MS);
    if (sent) console.info('Interview recording saved');
    else console.error(`Interview recording: ${recording.pending} slices not saved yet`);
  }
  if (interviewId && authStorage.get()) {
    try {
      await completeInterview(interviewId);
    } catch (err) {
      console.error('Completing the interview failed', err);
    }
  }
}
