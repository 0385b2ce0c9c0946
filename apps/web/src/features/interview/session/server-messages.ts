/** What each message from /ws/session does to the live interview (docs/product/socket-protocol.md). */
import { serverMessageSchema } from '@app/shared';
import { savePracticeDebrief } from '../../../lib/practice-debrief';
import { startSessionRecording } from './session-media';
import { recoverableNote, type SessionAction } from './session-state';
import type { SessionRuntime } from './session-runtime';

/** How long the end waits for the AI's closing words to finish playing before finalising. */
const CLOSING_PLAYBACK_WAIT_MS = 30_000;

export type ServerMessageHooks = {
  act: (action: SessionAction) => void;
  practice: () => boolean;
  finalize: (trigger: 'ai') => Promise<void>;
  /** The connection is ready (first or again): the hook restores turns and the mute state. */
  ready?: (interviewId: string) => void;
};

export function handleServerMessage(rt: SessionRuntime, raw: unknown, hooks: ServerMessageHooks): void {
  const parsed = serverMessageSchema.safeParse(raw);
  if (!parsed.success) {
    const event = (raw as { event?: unknown } | null)?.event;
    console.warn('Ignoring unknown interview socket event', event);
    return;
  }
  const { act } = hooks;
  const msg = parsed.data;
  switch (msg.event) {
    case 'session_ready':
      act({ type: 'session_ready' });
      if (rt.sessionStart === null) rt.sessionStart = rt.ctx?.currentTime ?? 0;
      // The server starts the candidate's one application for the job, whatever id the page had
      // (decision 0169): the recording and the completion go to the interview it names.
      if (!hooks.practice()) rt.recorder.interviewId = msg.interview_id;
      hooks.ready?.(msg.interview_id);
      if (!hooks.practice() && startSessionRecording(rt)) act({ type: 'recording', on: true });
      act({ type: 'mic_started' });
      return;
    case 'transcript':
      act({
        type: 'transcript',
        speaker: msg.speaker,
        text: msg.text,
        final: msg.final,
        id: crypto.randomUUID(),
        timestamp: Date.now(),
      });
      return;
    case 'tts_chunk':
      if (!rt.finalizing) rt.player?.enqueue(msg.seq, msg.audio_b64);
      return;
    case 'answer_end':
      act({ type: 'answer_end' });
      return;
    case 'conversation_ended':
      act({ type: 'closed_by_interviewer' });
      void (async () => {
        // Let the interviewer finish its closing words before everything stops.
        await rt.player?.whenIdle(CLOSING_PLAYBACK_WAIT_MS);
        await hooks.finalize('ai');
      })();
      return;
    case 'notice':
      // Operational notes (e.g. a speech provider fell back to another); not for the candidate.
      console.info('Interview notice:', msg.msg);
      return;
    case 'error':
      // Only a fatal error leaves the conversation (decision 0148); a recoverable one is a note.
      if (msg.recoverable) {
        console.warn('Interview socket error (recoverable):', msg.message);
        const note = recoverableNote(msg.message);
        if (note) act({ type: 'note', message: note });
        // A refused work rating carries its status; one failing on the server, none, while it is on its way.
        else if (msg.status !== undefined || rt.store.getState().workSample.submit === 'sending')
          act({ type: 'work_refused', message: msg.message, status: msg.status });
      } else {
        act({ type: 'failed', message: msg.message });
      }
      return;
    case 'metrics':
      act({ type: 'metrics', latency: msg.latency });
      return;
    case 'progress':
      act({
        type: 'progress',
        progress: {
          question: msg.question,
          questions: msg.questions,
          maxSeconds: msg.max_seconds,
          startedAtMs: Date.now() - msg.elapsed_seconds * 1000,
        },
      });
      return;
    case 'work_item':
      // The schema keeps only the fields it names: nothing else the server might add reaches the screen.
      act({
        type: 'work_item',
        item: {
          itemId: msg.item_id,
          index: msg.index,
          count: msg.count,
          seconds: msg.seconds,
          elapsedSeconds: msg.elapsed_seconds,
          receivedAtMs: Date.now(),
          content: msg.item,
        },
      });
      return;
    case 'work_feedback':
      act({
        type: 'work_feedback',
        feedback: {
          itemId: msg.item_id,
          rating: msg.rating,
          referenceRating: msg.reference_rating,
          explanation: msg.explanation,
        },
      });
      return;
    case 'debrief':
      // Practice: the debrief so far, for the page the practice ends on.
      savePracticeDebrief({ debrief: msg.debrief, seal: msg.seal });
      return;
  }
}
