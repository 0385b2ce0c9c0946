/**
 * The live interview in the browser: camera and mic, the socket to /ws/session, AI audio playback,
 * the recording, and finalising (end message, upload, complete). The state machine itself is the
 * pure reducer in session/session-state.ts; this hook wires it to the browser APIs.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { MIC_SUPPRESS_AFTER_PLAYBACK_MS, serverMessageSchema, type ClientMessage } from '@app/shared';
import { API_ORIGIN } from '../../../lib/api-client';
import { authStorage } from '../../../lib/auth-storage';
import { useAuth } from '../../auth/hooks/auth-context';
import { AudioPlayer } from '../audio/audio-player';
import { MicCapture } from '../audio/mic-capture';
import { micMaySend } from '../audio/playback-schedule';
import { completeInterview } from '../api/complete-interview';
import { uploadInterviewVideo } from '../api/upload-video';
import { CONNECT_IN_PROGRESS, InterviewSocket, sessionSocketUrl } from '../session/interview-socket';
import { InterviewRecorder } from '../session/recorder';
import {
  canStart,
  initialSessionState,
  sessionReducer,
  type SessionAction,
  type SessionState,
} from '../session/session-state';

export const MESSAGES = {
  audioInit: 'Failed to initialize audio services. Please check permissions.',
  connect: 'Failed to connect to server',
  endFailed: 'Unable to end the interview. Please try again.',
  userMissing: 'User not loaded. Please refresh and try again.',
} as const;

/** How long the end waits for the AI's closing words to finish playing before finalising. */
const CLOSING_PLAYBACK_WAIT_MS = 30_000;

const sessionKey = (interviewId: string) => `interview-session:${interviewId}`;

/**
 * The session id for this interview in this tab. It survives a page reload, so the server resumes
 * the same session (and its interview) instead of refusing a second session for the same job.
 */
function tabSessionId(interviewId: string): string {
  try {
    const stored = sessionStorage.getItem(sessionKey(interviewId));
    if (stored) return stored;
    const id = crypto.randomUUID();
    sessionStorage.setItem(sessionKey(interviewId), id);
    return id;
  } catch {
    return crypto.randomUUID(); // storage disabled: a fresh session each load
  }
}

export type InterviewSessionOptions = {
  interviewId: string;
  jobId?: string | null;
  /** Practice (/interview-prep): not recorded, not uploaded, not completed. */
  practice?: boolean;
};

type Runtime = {
  state: SessionState;
  generation: number;
  stream: MediaStream | null;
  ctx: AudioContext | null;
  mixDest: MediaStreamAudioDestinationNode | null;
  mic: MicCapture | null;
  player: AudioPlayer | null;
  recorder: InterviewRecorder;
  socket: InterviewSocket | null;
  sessionStart: number | null;
  ready: boolean;
  muted: boolean;
  aiPlaying: boolean;
  lastPlaybackEnd: number | null;
  finalizing: boolean;
  lastLevelSent: number;
};

const mediaConstraints: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
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

  const rt = useRef<Runtime>({
    state: initialSessionState,
    generation: 0,
    stream: null,
    ctx: null,
    mixDest: null,
    mic: null,
    player: null,
    recorder: new InterviewRecorder(),
    socket: null,
    sessionStart: null,
    ready: false,
    muted: false,
    aiPlaying: false,
    lastPlaybackEnd: null,
    finalizing: false,
    lastLevelSent: 0,
  }).current;
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

  /** Everything after a finished interview or on leaving the page. */
  const releaseMedia = useCallback(() => {
    rt.mic?.stop();
    rt.player?.clear();
    rt.stream?.getTracks().forEach((t) => t.stop());
    void rt.ctx?.close().catch(() => {});
    rt.mic = null;
    rt.player = null;
    rt.stream = null;
    rt.ctx = null;
    rt.mixDest = null;
    setSelfStream(null);
  }, [rt]);

  const finalize = useCallback(
    async (trigger: 'user' | 'ai') => {
      if (rt.finalizing) return;
      rt.finalizing = true;
      const { interviewId: id, practice: isPractice, sessionId: sid } = optsRef.current;
      try {
        act({ type: 'ended' });
        rt.player?.clear();
        trySend({ event: 'end', reason: 'user_ended' });
        rt.socket?.close();
        const wasStarted = rt.sessionStart !== null;
        const video = await rt.recorder.stop();
        setIsRecording(false);
        releaseMedia();
        if (!isPractice && wasStarted) {
          if (video && video.size > 0) {
            try {
              const reply = await uploadInterviewVideo({ video, sessionId: sid, interviewId: id });
              console.info('Interview recording uploaded', reply);
            } catch (err) {
              console.error('Interview recording upload failed', err);
            }
          }
          if (id && authStorage.get()) {
            try {
              await completeInterview(id);
            } catch (err) {
              console.error('Completing the interview failed', err);
            }
          }
        }
        try {
          sessionStorage.removeItem(sessionKey(id));
        } catch {
          // nothing to forget
        }
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
    (raw: unknown) => {
      const parsed = serverMessageSchema.safeParse(raw);
      if (!parsed.success) {
        const event = (raw as { event?: unknown } | null)?.event;
        console.warn('Ignoring unknown interview socket event', event);
        return;
      }
      const msg = parsed.data;
      switch (msg.event) {
        case 'session_ready':
          act({ type: 'session_ready' });
          if (rt.sessionStart === null) rt.sessionStart = rt.ctx?.currentTime ?? 0;
          setHadSession(true);
          rt.ready = true;
          if (!optsRef.current.practice && !rt.recorder.isRecording && rt.stream && rt.mixDest && !rt.finalizing) {
            try {
              const tracks = [...rt.stream.getVideoTracks(), ...rt.mixDest.stream.getAudioTracks()];
              rt.recorder.start(new MediaStream(tracks));
              setIsRecording(true);
            } catch (err) {
              console.error('Recording could not start', err);
            }
          }
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
          void (async () => {
            // Let the interviewer finish its closing words before everything stops.
            await rt.player?.whenIdle(CLOSING_PLAYBACK_WAIT_MS);
            await finalize('ai');
          })();
          return;
        case 'notice':
          // Operational notes (e.g. a speech provider fell back to another); not for the candidate.
          console.info('Interview notice:', msg.msg);
          return;
        case 'error':
          act({ type: 'failed', message: msg.message });
          return;
        case 'metrics':
          act({ type: 'metrics', latency: msg.latency });
          return;
      }
    },
    [act, finalize, rt],
  );

  const ensureMedia = useCallback(
    async (generation: number) => {
      if (rt.stream && rt.ctx) return;
      const stream = await navigator.mediaDevices.getUserMedia(mediaConstraints);
      if (generation !== rt.generation) {
        stream.getTracks().forEach((t) => t.stop());
        throw new Error('superseded');
      }
      const ctx = new AudioContext({ sampleRate: 48000 });
      rt.stream = stream;
      rt.ctx = ctx;
      setSelfStream(stream);
      // Autoplay rules may hold the context until a click; the screen then offers a button.
      const syncBlocked = () => setAudioBlocked(ctx.state === 'suspended');
      ctx.onstatechange = syncBlocked;
      void ctx.resume().catch(() => {});
      syncBlocked();

      // The AI voice goes to the speakers and, with the mic, into the recording's audio track.
      const mixDest = ctx.createMediaStreamDestination();
      const aiOut = ctx.createGain();
      aiOut.connect(ctx.destination);
      aiOut.connect(mixDest);
      rt.mixDest = mixDest;
      rt.player = new AudioPlayer(ctx, aiOut, {
        onChunkStarted: (seq, at) =>
          trySend({ event: 'ai_chunk_played', seq, timestamp: Math.max(0, at - (rt.sessionStart ?? 0)) }),
        onPlaybackStart: () => {
          rt.aiPlaying = true;
          act({ type: 'playback_started' });
        },
        onPlaybackEnd: () => {
          rt.aiPlaying = false;
          rt.lastPlaybackEnd = performance.now();
          act({ type: 'playback_ended' });
        },
      });
      rt.mic = new MicCapture(ctx, {
        maySend: () =>
          rt.ready &&
          !rt.finalizing &&
          Boolean(rt.socket?.isOpen) &&
          micMaySend({
            muted: rt.muted,
            aiPlaying: rt.aiPlaying,
            lastPlaybackEndMs: rt.lastPlaybackEnd,
            nowMs: performance.now(),
            suppressMs: MIC_SUPPRESS_AFTER_PLAYBACK_MS,
          }),
        onLevel: (level) => {
          const rounded = Math.round(level * 1000) / 1000;
          if (rounded !== rt.lastLevelSent) {
            rt.lastLevelSent = rounded;
            act({ type: 'audio_level', level: rounded });
          }
        },
        onChunk: (seq, audio_b64, timestamp) => trySend({ event: 'mic_chunk', seq, audio_b64, timestamp }),
      });
      await rt.mic.start(stream, optsRef.current.practice ? undefined : mixDest);
    },
    [act, rt, trySend],
  );

  const start = useCallback(async () => {
    if (!canStart(rt.state.status) || rt.finalizing) return;
    if (!userRef.current) {
      act({ type: 'failed', message: MESSAGES.userMissing });
      return;
    }
    const generation = rt.generation;
    act({ type: 'connect' });
    try {
      await ensureMedia(generation);
    } catch (err) {
      if (generation !== rt.generation) return;
      console.error('Media setup failed', err);
      act({ type: 'failed', message: MESSAGES.audioInit });
      return;
    }
    // The page may have been left (or remounted) while the media was being set up.
    if (generation !== rt.generation) return;
    if (!rt.socket) {
      rt.socket = new InterviewSocket(() => sessionSocketUrl(window.location, authStorage.get() ?? '', API_ORIGIN), {
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
    try {
      await rt.socket.connect();
    } catch (err) {
      if (generation !== rt.generation) return;
      if (err instanceof Error && err.message === CONNECT_IN_PROGRESS) return;
      act({ type: 'failed', message: MESSAGES.connect });
      return;
    }
    if (generation !== rt.generation) return;
    sendStart();
  }, [act, ensureMedia, onServerMessage, rt, sendStart]);

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
    rt.muted = next;
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
