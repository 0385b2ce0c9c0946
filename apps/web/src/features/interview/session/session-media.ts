/**
 * Camera, microphone and speakers for the live interview: one AudioContext that plays the AI voice,
 * captures the mic, and mixes both into the recording's audio track.
 */
import { MIC_SUPPRESS_AFTER_PLAYBACK_MS, type ClientMessage } from '@app/shared';
import { AudioPlayer } from '../audio/audio-player';
import { MicCapture } from '../audio/mic-capture';
import { micMaySend } from '../audio/playback-schedule';
import type { SessionAction } from './session-state';
import { isLive, type SessionRuntime } from './session-runtime';

const mediaConstraints: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
};

export type SessionMediaHooks = {
  act: (action: SessionAction) => void;
  send: (message: ClientMessage) => void;
  onStream: (stream: MediaStream | null) => void;
  onAudioBlocked: (blocked: boolean) => void;
  /** Practice interviews are not recorded, so the mic is not mixed into a recording. */
  practice: boolean;
  /** The interview the recording's slices are sent to. */
  interviewId: string;
};

/** Opens the media once; throws 'superseded' when the page went away while the browser asked. */
export async function openSessionMedia(rt: SessionRuntime, generation: number, hooks: SessionMediaHooks) {
  if (rt.stream && rt.ctx) return;
  const stream = await navigator.mediaDevices.getUserMedia(mediaConstraints);
  if (generation !== rt.generation) {
    stream.getTracks().forEach((t) => t.stop());
    throw new Error('superseded');
  }
  const ctx = new AudioContext({ sampleRate: 48000 });
  rt.stream = stream;
  rt.ctx = ctx;
  hooks.onStream(stream);
  // Autoplay rules may hold the context until a click; the screen then offers a button.
  const syncBlocked = () => hooks.onAudioBlocked(ctx.state === 'suspended');
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
      hooks.send({ event: 'ai_chunk_played', seq, timestamp: Math.max(0, at - (rt.sessionStart ?? 0)) }),
    onPlaybackStart: () => {
      hooks.act({ type: 'playback_started' });
    },
    onPlaybackEnd: () => {
      rt.lastPlaybackEnd = performance.now();
      hooks.act({ type: 'playback_ended' });
    },
  });
  rt.mic = new MicCapture(ctx, {
    maySend: () =>
      isLive(rt.store.getState().status) &&
      !rt.finalizing &&
      Boolean(rt.socket?.isOpen) &&
      micMaySend({
        muted: rt.store.getState().muted,
        aiPlaying: rt.store.getState().isAIPlaying,
        lastPlaybackEndMs: rt.lastPlaybackEnd,
        nowMs: performance.now(),
        suppressMs: MIC_SUPPRESS_AFTER_PLAYBACK_MS,
      }),
    onLevel: (level) => {
      const rounded = Math.round(level * 1000) / 1000;
      if (rounded !== rt.lastLevelSent) {
        rt.lastLevelSent = rounded;
        hooks.act({ type: 'audio_level', level: rounded });
      }
    },
    onChunk: (seq, audio_b64, timestamp) => hooks.send({ event: 'mic_chunk', seq, audio_b64, timestamp }),
  });
  rt.recorder.interviewId = hooks.practice ? null : hooks.interviewId;
  await rt.mic.start(stream, hooks.practice ? undefined : mixDest);
  rt.mic.setMuted(rt.store.getState().muted);
}

/**
 * Mute: the mic goes silent in the recording too (the AI's voice stays in the mix), and nothing is
 * sent to the server while muted (MicCapture's gate; mic chunks are also held back by maySend).
 */
export function setSessionMuted(rt: SessionRuntime, muted: boolean) {
  rt.mic?.setMuted(muted);
}

/** Everything after a finished interview or on leaving the page. */
export function releaseSessionMedia(rt: SessionRuntime) {
  rt.mic?.stop();
  rt.player?.clear();
  rt.stream?.getTracks().forEach((t) => t.stop());
  void rt.ctx?.close().catch(() => {});
  rt.mic = null;
  rt.player = null;
  rt.stream = null;
  rt.ctx = null;
  rt.mixDest = null;
}

/** Starts the recording (camera video + the mixed audio) once the server accepted the session. */
export function startSessionRecording(rt: SessionRuntime): boolean {
  if (rt.recorder.isRecording || !rt.stream || !rt.mixDest || rt.finalizing) return false;
  try {
    const tracks = [...rt.stream.getVideoTracks(), ...rt.mixDest.stream.getAudioTracks()];
    rt.recorder.start(new MediaStream(tracks));
    return true;
  } catch (err) {
    console.error('Recording could not start', err);
    return false;
  }
}
