/**
 * The live interview in the browser: wires the one state store (session/session-state.ts) to the
 * media (session/session-media.ts), the socket to /ws/session (session/interview-socket.ts, messages
 * handled in session/server-messages.ts) and the end (recording upload and completion,
 * session/submit-interview.ts). Every piece of state the screen shows lives in the store.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isUuid, type ClientMessage, type TechnicalFailureKind } from '@app/shared';
import { getInterview } from '../../../api/interviews/get-interview';
import { reportTechnicalFailure } from '../api/technical-failure';
import { API_ORIGIN } from '../../../lib/api-client';
import { authStorage } from '../../../lib/auth-storage';
import { useAuth } from '../../../lib/auth';
import {
  CONNECT_IN_PROGRESS,
  InterviewSocket,
  sessionSocketProtocols,
  sessionSocketUrl,
} from '../session/interview-socket';
import { watchIntegrity } from '../session/integrity-signals';
import { handleServerMessage } from '../session/server-messages';
import { openSessionMedia, releaseSessionMedia, setSessionMuted } from '../session/session-media';
import { createSessionRuntime } from '../session/session-runtime';
import { canStart, NOT_CONNECTED_NOTE, type SessionAction } from '../session/session-state';
import { restoreTranscript } from '../session/restore-transcript';
import { submitInterview } from '../session/submit-interview';
import { forgetTabSession, tabSessionId } from '../session/tab-session';

export const MESSAGES = {
  audioInit: 'Failed to initialize audio services. Please check permissions.',
  connect: 'Failed to connect to server',
  endFailed: 'Unable to end the interview. Please try again.',
  userMissing: 'User not loaded. Please refresh and try again.',
} as const;

export type InterviewSessionOptions = {
  interviewId: string;
  jobId?: string | null;
  /** Practice (/interview-prep): not recorded, not uploaded, not completed. */
  practice?: boolean;
};

/**
 * Whether the ended interview went to review. One that the server put back to not started (ended
 * before any answer, decision 0149) did not; when the server cannot be asked, it is assumed it did.
 */
async function wentToReview(interviewId: string): Promise<boolean> {
  try {
    const interview = await getInterview(interviewId);
    return !(interview && (interview.status === 'not_started' || interview.status === 'scheduled'));
  } catch {
    return true;
  }
}

export function useInterviewSession({ interviewId, jobId, practice = false }: InterviewSessionOptions) {
  const { user } = useAuth();
  const [rt] = useState(createSessionRuntime);
  const state = useSyncExternalStore(rt.store.subscribe, rt.store.getState);
  const [sessionId] = useState(() => (practice ? crypto.randomUUID() : tabSessionId(interviewId)));

  const userRef = useRef(user);
  userRef.current = user;
  const optsRef = useRef({ interviewId, jobId, practice, sessionId });
  optsRef.current = { interviewId, jobId, practice, sessionId };

  const act = useCallback((action: SessionAction) => rt.store.dispatch(action), [rt]);

  /** The interview the server started (session_ready), which may differ from the page's id. */
  const liveInterviewId = useCallback(() => {
    const o = optsRef.current;
    return (!o.practice && rt.recorder.interviewId) || o.interviewId;
  }, [rt]);

  /**
   * Tells the provider's funnel about a technical failure of a real interview (issue 47); practice
   * reports nothing. The interview is named only once the server has started it.
   */
  const reportFailure = useCallback(
    (kind: TechnicalFailureKind) => {
      const o = optsRef.current;
      if (o.practice || !o.jobId || !isUuid(o.jobId)) return;
      const started = rt.store.getState().hadSession;
      void reportTechnicalFailure(o.jobId, kind, started ? liveInterviewId() : undefined);
    },
    [liveInterviewId, rt],
  );

  /** Sends on the socket; a failure is a note when the candidate asked for it, else only logged. */
  const trySend = useCallback(
    (message: ClientMessage | { event: string; [k: string]: unknown }, surface = false) => {
      try {
        if (!rt.socket) throw new Error('WebSocket not connected');
        rt.socket.send(message);
        return true;
      } catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        if (surface) act({ type: 'note', message: NOT_CONNECTED_NOTE });
        console.warn(`Could not send ${message.event}: ${msg}`);
        return false;
      }
    },
    [act, rt],
  );

  const sendStart = useCallback(() => {
    const u = userRef.current;
    const o = optsRef.current;
    trySend({
      event: 'start',
      session_id: o.sessionId,
      interview_id: o.interviewId,
      ...(o.jobId ? { job_id: o.jobId } : {}),
      candidate_id: u?.id ?? null,
      candidate_name: u?.name || 'Unknown',
      ...(o.practice ? { practice: true } : {}),
    });
  }, [trySend]);

  const releaseMedia = useCallback(() => {
    releaseSessionMedia(rt);
    act({ type: 'stream', stream: null });
  }, [act, rt]);

  const finalize = useCallback(
    async (trigger: 'user' | 'ai') => {
      if (rt.finalizing) return;
      rt.finalizing = true;
      const { interviewId: pageId, practice: isPractice } = optsRef.current;
      const id = liveInterviewId();
      // The candidate pressed End before the interviewer closed the conversation.
      if (trigger === 'user' && rt.sessionStart !== null) reportFailure('ended_early');
      try {
        act({ type: 'ended' });
        rt.player?.clear();
        trySend({ event: 'end', reason: 'user_ended' });
        rt.socket?.close();
        const wasStarted = rt.sessionStart !== null;
        const recording = await rt.recorder.stop();
        act({ type: 'recording', on: false });
        releaseMedia();
        let submitted = true;
        if (!isPractice && wasStarted) {
          await submitInterview({ recording, interviewId: id });
          submitted = await wentToReview(id);
        }
        forgetTabSession(pageId);
        console.info(`Interview ended (${trigger})`);
        act({ type: 'finished', submitted });
      } catch (err) {
        console.error('Finalising the interview failed', err);
        rt.finalizing = false;
        act({ type: 'failed', message: MESSAGES.endFailed });
      }
    },
    [act, liveInterviewId, releaseMedia, reportFailure, rt, trySend],
  );

  const onServerMessage = useCallback(
    (raw: unknown) =>
      handleServerMessage(rt, raw, {
        act,
        practice: () => optsRef.current.practice,
        finalize,
        ready: (id) => {
          // Practice keeps no turns; a live interview's stored ones come back after a reload.
          if (!optsRef.current.practice) void restoreTranscript(id, act);
          // A reconnect starts a new socket: the server hears again that the mic is muted.
          if (rt.store.getState().muted) trySend({ event: 'mute', muted: true });
        },
      }),
    [act, finalize, rt, trySend],
  );

  const connectSocket = useCallback(() => {
    if (!rt.socket) {
      const target = () => ({
        url: sessionSocketUrl(window.location, API_ORIGIN),
        protocols: sessionSocketProtocols(authStorage.get() ?? ''),
      });
      rt.socket = new InterviewSocket(target, {
        onMessage: (m) => onServerMessage(m),
        onOpen: (reconnected) => {
          if (!reconnected) return;
          // The server resumes the session for the same session_id.
          act({ type: 'connect' });
          sendStart();
        },
        onUnexpectedClose: () => {
          rt.player?.clear();
          act({ type: 'connection_lost' });
        },
        // Every reconnect failed: the funnel counts it as a lost connection.
        onGiveUp: () => reportFailure('connection_lost'),
        // Another tab or device continues the interview (its `error` said so): this one lets go of
        // the camera and microphone; "Continue here" would take the interview back (decision 0225).
        onReplaced: () => {
          rt.player?.clear();
          void rt.recorder.stop();
          act({ type: 'recording', on: false });
          releaseMedia();
        },
      });
    }
    return rt.socket.connect();
  }, [act, onServerMessage, releaseMedia, reportFailure, rt, sendStart]);

  const start = useCallback(async () => {
    if (!canStart(rt.store.getState().status) || rt.finalizing) return;
    if (!userRef.current) {
      act({ type: 'failed', message: MESSAGES.userMissing });
      return;
    }
    const generation = rt.generation;
    act({ type: 'connect' });
    try {
      await openSessionMedia(rt, generation, {
        act,
        send: (message) => trySend(message),
        onStream: (stream) => act({ type: 'stream', stream }),
        onAudioBlocked: (blocked) => act({ type: 'audio_blocked', blocked }),
        practice: optsRef.current.practice,
        interviewId: optsRef.current.interviewId,
      });
    } catch (err) {
      if (generation !== rt.generation) return;
      console.error('Media setup failed', err);
      act({ type: 'failed', message: MESSAGES.audioInit });
      reportFailure('no_microphone');
      return;
    }
    // The page may have been left (or remounted) while the media was being set up.
    if (generation !== rt.generation) return;
    try {
      await connectSocket();
    } catch (err) {
      if (generation !== rt.generation) return;
      if (err instanceof Error && err.message === CONNECT_IN_PROGRESS) return;
      act({ type: 'failed', message: MESSAGES.connect });
      return;
    }
    if (generation !== rt.generation) return;
    sendStart();
  }, [act, connectSocket, reportFailure, rt, sendStart, trySend]);

  /**
   * "Try again" after a fatal error: a new connection that resumes the same session (the reconnect
   * path), never a second `start` on a connection the server already answered.
   */
  const retry = useCallback(async () => {
    if (rt.store.getState().status !== 'error' || rt.finalizing) return;
    rt.socket?.close();
    rt.socket = null;
    await start();
  }, [rt, start]);

  // Start once the user is known; leave everything clean when the page goes away.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    void start();
    return () => {
      rt.generation += 1;
      rt.socket?.close();
      rt.socket = null;
      void rt.recorder.stop();
      releaseMedia();
      rt.sessionStart = null;
      act({ type: 'reset' });
    };
  }, [userId, start, releaseMedia, rt, act]);

  // Integrity evidence of a real interview (issue 35): reported while connected, never in practice.
  useEffect(() => {
    if (practice || !userId) return;
    return watchIntegrity({ window, document, mediaDevices: navigator.mediaDevices }, (report) => {
      if (rt.socket?.isOpen) trySend(report);
    });
  }, [practice, userId, rt, trySend]);

  const toggleMute = useCallback(() => {
    const next = !rt.store.getState().muted;
    act({ type: 'muted', muted: next });
    setSessionMuted(rt, next);
    // Muting pauses the answer, it does not end it; the interviewer waits (decision 0180).
    trySend({ event: 'mute', muted: next });
  }, [act, rt, trySend]);

  const endTurn = useCallback(() => {
    act({ type: 'dismiss_note' });
    trySend({ event: 'user_turn_end' }, true);
  }, [act, trySend]);

  const bargeIn = useCallback(() => {
    act({ type: 'dismiss_note' });
    rt.player?.clear();
    trySend({ event: 'barge_in' }, true);
  }, [act, rt, trySend]);

  const resumeAudio = useCallback(() => {
    void rt.ctx?.resume();
  }, [rt]);

  const dismissNote = useCallback(() => act({ type: 'dismiss_note' }), [act]);

  /**
   * The candidate's one rating of the work-sample item on screen (issue 46): sent once; the next
   * item, or a refusal, answers it. A send that fails leaves it open to try again.
   */
  const rateWorkItem = useCallback(
    (rating: number) => {
      const { item, submit } = rt.store.getState().workSample;
      if (!item || submit !== 'open') return;
      if (trySend({ event: 'work_rating', item_id: item.itemId, rating }, true))
        act({ type: 'work_rating_sent', itemId: item.itemId });
    },
    [act, rt, trySend],
  );

  return {
    state,
    sessionId,
    start,
    retry,
    end: () => finalize('user'),
    liveInterviewId,
    toggleMute,
    endTurn,
    bargeIn,
    resumeAudio,
    dismissNote,
    rateWorkItem,
  };
}
