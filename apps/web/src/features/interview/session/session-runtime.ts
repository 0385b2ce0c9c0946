/**
 * What the live interview keeps outside React state: the browser objects and the flags their
 * callbacks read synchronously (a callback must never see a stale render's copy).
 */
import type { AudioPlayer } from '../audio/audio-player';
import type { MicCapture } from '../audio/mic-capture';
import type { InterviewSocket } from './interview-socket';
import { InterviewRecorder } from './recorder';
import { initialSessionState, type SessionState } from './session-state';

export type SessionRuntime = {
  state: SessionState;
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
  ready: boolean;
  muted: boolean;
  aiPlaying: boolean;
  lastPlaybackEnd: number | null;
  finalizing: boolean;
  lastLevelSent: number;
};

export function createSessionRuntime(): SessionRuntime {
  return {
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
  };
}
