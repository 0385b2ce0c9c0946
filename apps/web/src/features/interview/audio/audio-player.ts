/**
 * Plays the AI's 24 kHz PCM chunks back to back on an AudioContext (0.1 s lead when idle), tells
 * the caller when each chunk actually starts (for ai_chunk_played) and when playback starts and
 * stops, and drops everything at once on barge-in.
 */
import { AUDIO_SAMPLE_RATE } from '@app/shared';
import { base64ToBytes, pcm16ToFloat } from './pcm';
import { chunkDuration, nextStartTime } from './playback-schedule';

export type PlayerEvents = {
  /** A chunk began playing; `at` is its start on the AudioContext clock (seconds). */
  onChunkStarted: (seq: number, at: number) => void;
  onPlaybackStart: () => void;
  onPlaybackEnd: () => void;
};

export class AudioPlayer {
  private queueEnd = 0;
  private sources = new Set<AudioBufferSourceNode>();
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private playing = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly ctx: AudioContext,
    /** Where the AI voice goes: the speakers, and the recording mix. */
    private readonly output: AudioNode,
    private readonly events: PlayerEvents,
  ) {}

  get isPlaying() {
    return this.playing;
  }

  /** True while anything is playing or scheduled. */
  get busy() {
    return this.sources.size > 0;
  }

  enqueue(seq: number, audioB64: string) {
    const samples = pcm16ToFloat(base64ToBytes(audioB64));
    if (samples.length === 0) return;
    const buffer = this.ctx.createBuffer(1, samples.length, AUDIO_SAMPLE_RATE);
    buffer.copyToChannel(samples, 0);
    const source = this.ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(this.output);
    const startAt = nextStartTime(this.ctx.currentTime, this.queueEnd);
    this.queueEnd = startAt + chunkDuration(samples.length, AUDIO_SAMPLE_RATE);
    this.sources.add(source);
    source.onended = () => {
      this.sources.delete(source);
      source.disconnect();
      if (this.sources.size === 0) this.finish();
    };
    source.start(startAt);
    // Report the chunk when it really starts playing, not when it was queued.
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (!this.sources.has(source)) return;
        if (!this.playing) {
          this.playing = true;
          this.events.onPlaybackStart();
        }
        this.events.onChunkStarted(seq, startAt);
      },
      Math.max(0, (startAt - this.ctx.currentTime) * 1000),
    );
    this.timers.add(timer);
  }

  /** Barge-in: silence now and forget everything scheduled. */
  clear() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const s of this.sources) {
      s.onended = null;
      try {
        s.stop();
      } catch {
        // Not started yet on some engines; disconnecting is enough.
      }
      s.disconnect();
    }
    this.sources.clear();
    this.queueEnd = 0;
    this.finish();
  }

  /** Resolves once nothing is playing or scheduled (or after `maxMs`). */
  whenIdle(maxMs: number): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(resolve, maxMs);
      this.idleWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  private finish() {
    if (this.playing) {
      this.playing = false;
      this.events.onPlaybackEnd();
    }
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    waiters.forEach((w) => w());
  }
}
