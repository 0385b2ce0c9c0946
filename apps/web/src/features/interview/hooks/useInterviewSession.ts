/**
 * The live interview in the browser: wires the pure reducer (session/session-state.ts) to the media
 * (session/session-media.ts), the socket to /ws/session (session/interview-socket.ts, messages handled
 * in session/server-messages.ts) and the end (recording upload and completion, session/submit-interview.ts).
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ClientMessage } from '@app/shared';
import { API_ORIGIN } from '../../../lib/api-client';
import { authStorage } from '../../../lib/auth-storage';
import { useAuth } from '../../../lib/auth';
import {
  CONNECT_IN_PROGRESS,
  InterviewSocket,
  sessionSocketProtocols,
  sessionSocketUrl,
} from '../session/interview-socket';
import { handleServerMessage } from '../session/server-messages';
import { openSessionMedia, releaseSessionMedia, setSessionMuted } from '../session/session-media';
import { createSessionRuntime } from '../session/session-runtime';
import { canStart, initialSessionState, sessionReducer, type SessionAction } from '../session/session-state';
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

export function useInterviewSession({ interviewId, jobId, practice = false }: InterviewSessionOptions) {
  const { user } = useAuth();
  const [state, dispatch] = useReducer(sessionReducer, initialSessionState);
  const [sessionId] = useState(() => (practice ? crypto.randomUUID() : tabSessionId(interviewId)));
  const [muted, setMuted] = useState(false);
  const [isRecording, setIsRecording] = useState(false);
  const [selfStream, setSelfStream] = useState<MediaStream | null>(null);
  const [finished, setFinished] = useState(false);
  /** Whether the server ever accepted the session (the end modal only makes sense then). */
  const [hadSession, setHadSession] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [audioBlocked, setAudioBlocked] = useState(false);

  const [rt] = useState(createSessionRuntime);
  const userRef = useRef(user);
  userRef.current = user;
  const optsRef = useRef({ interviewId, jobId, practice, sessionId });
  optsRef.current = { interviewId, jobId, practice, sessionId };

  /** Dispatch that also keeps a synchronous copy for the callbacks below. */
  const act = useCallback(
    (action: SessionAction) => {
      rt.state = sessionReducer(rt.state, action);
      dispatch(action);
    },
    [rt],
  );

  const trySend = useCallback(
    (message: ClientMessage | { event: string; [k: string]: unknown }, surface = false) => {
      try {
        rt.socket?.send(message);
        if (!rt.socket) throw new Error('WebSocket not connected');
        return true;
      } catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        if (surface) setActionError(msg);
        else console.warn(`Could not send ${message.event}: ${msg}`);
        return false;
      }
    },
    [rt],
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
    setSelfStream(null);
  }, [rt]);

  const finalize = useCallback(
    async (trigger: 'user' | 'ai') => {
      if (rt.finalizing) return;
      rt.finalizing = true;
      const { interviewId: id, practice: isPractice } = optsRef.current;
      try {
        act({ type: 'ended' });
        rt.player?.clear();
        trySend({ event: 'end', reason: 'user_ended' });
        rt.socket?.close();
        const wasStarted = rt.sessionStart !== null;
        const recording = await rt.recorder.stop();
        setIsRecording(false);
        releaseMedia();
        if (!isPractice && wasStarted) await submitInterview({ recording, interviewId: id });
        forgetTabSession(id);
        console.info(`Interview ended (${trigger})`);
        setFinished(true);
      } catch (err) {
        console.error('Finalising the interview failed', err);
        rt.finalizing = false;
        act({ type: 'failed', message: MESSAGES.endFailed });
      }
    },
    [act, releaseMedia, rt, trySend],
  );

  const onServerMessage = useCallback(
    (raw: unknown) =>
      handleServerMessage(rt, raw, {
        act,
        practice: () => optsRef.current.practice,
        onSessionAccepted: () => setHadSession(true),
        onRecordingStarted: () => setIsRecording(true),
        finalize,
      }),
    [act, finalize, rt],
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
          rt.ready = false;
          rt.player?.clear();
          act({ type: 'connection_lost' });
        },
      });
    }
    return rt.socket.connect();
  }, [act, onServerMessage, rt, sendStart]);

  const start = useCallback(async () => {
    if (!canStart(rt.state.status) || rt.finalizing) return;
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
        onStream: setSelfStream,
        onAudioBlocked: setAudioBlocked,
        practice: optsRef.current.practice,
        interviewId: optsRef.current.interviewId,
      });
    } catch (err) {
      if (generation !== rt.generation) return;
      console.error('Media setup failed', err);
      act({ type: 'failed', message: MESSAGES.audioInit });
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
  }, [act, connectSocket, rt, sendStart, trySend]);

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
      rt.ready = false;
      rt.sessionStart = null;
      rt.state = initialSessionState;
      dispatch({ type: 'reset' });
    };
  }, [userId, start, releaseMedia, rt]);

  const toggleMute = useCallback(() => {
    const next = !rt.muted;
    setSessionMuted(rt, next);
    setMuted(next);
    // Muting ends the candidate's turn so the interviewer does not wait for more speech.
    if (next) trySend({ event: 'user_turn_end' });
  }, [rt, trySend]);

  const endTurn = useCallback(() => {
    setActionError(null);
    trySend({ event: 'user_turn_end' }, true);
  }, [trySend]);

  const bargeIn = useCallback(() => {
    setActionError(null);
    rt.player?.clear();
    trySend({ event: 'barge_in' }, true);
  }, [rt, trySend]);

  const resumeAudio = useCallback(() => {
    void rt.ctx?.resume();
  }, [rt]);

  return {
    state,
    sessionId,
    muted,
    isRecording,
    selfStream,
    finished,
    hadSession,
    actionError,
    audioBlocked,
    start,
    end: () => finalize('user'),
    toggleMute,
    endTurn,
    bargeIn,
    resumeAudio,
  };
}
