/** The transcript after a reload: the server's stored turns put back before what arrives live (issue 34). */
import { getInterviewTranscript } from '../api/get-transcript';
import type { SessionAction, TranscriptEntry } from './session-state';

export async function restoreTranscript(interviewId: string, act: (action: SessionAction) => void): Promise<void> {
  try {
    const { turns } = await getInterviewTranscript(interviewId);
    if (!turns?.length) return;
    const entries: TranscriptEntry[] = turns
      .filter((t) => t.text.trim())
      .map((t) => ({
        id: `turn-${t.seq}`,
        speaker: t.speaker,
        text: t.text,
        timestamp: Date.parse(t.started_at),
        final: true,
      }));
    act({ type: 'restore', entries });
  } catch (err) {
    // Only what is said from now on shows; the interview itself is unaffected.
    console.warn('Could not restore the transcript', err);
  }
}
