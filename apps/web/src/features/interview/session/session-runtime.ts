/**
 * The live interview's browser objects (media, socket, recorder) and its one state store. Callbacks
 * read the state from the store (`rt.store.getState()`), never from a render's copy; the few flags
 * here are bookkeeping the screen never shows (which mount is current, whether the end is running).
 */
import type { AudioPlayer } from '../audio/audio-player';
import type { MicCapture } from '../audio/mic-capture';
import type { InterviewSocket } from './interview-socket';
import { InterviewRecorder } from './recorder';
import { createSessionStore, type SessionStatus, type SessionStore } from './session-state';

export type SessionRuntime = {
  store: SessionStore;
  /** Bumped when the page goes away, so work started for an older mount gives up. */
  generation: number;
  stream: MediaStream | null;
  ctx: AudioContext | null;
  mixDest: MediaStreamAudioDestinationNode | null;
  mic: MicCapture | null;
  player: AudioPlayer | null;
  recorder: InterviewRecorder;
  socket: InterviewSocket | null;
  sessionStart: number | null;
  lastPlaybackEnd: number | null;
  finalizing: boolean;
  lastLevelSent: number;
};

export function createSessionRuntime(): SessionRuntime {
  return {
    store: createSessionStore(),
    generation: 0,
    stream: null,
    ctx: null,
    mixDest: null,
    mic: null,
    player: null,
    recorder: new InterviewRecorder(),
    socket: null,
    sessionStart: null,
    lastPlaybackEnd: null,
    finalizing: false,
    lastLevelSent: 0,
  };
}

/** The server accepted the session and it is running: the mic may send. */
export const isLive = (status: SessionStatus) =>
  status === 'ready' || status === 'listening' || status === 'speaking' || status === 'processing';
