import type { Clock } from '../lib/clock';
import { SOCKET_RATE } from './audio';

export type AudioGuardOptions = {
  /** Audio that may arrive ahead of real time at once (a client catching up after a network stall). */
  burstMs: number;
  /** Refill rate in audio ms per wall ms; a little above 1 absorbs clock drift between the two ends. */
  rate: number;
  /** Refused audio (net of real time passing) after which the socket is closed. */
  closeAfterMs: number;
};

export const DEFAULT_AUDIO_GUARD: AudioGuardOptions = { burstMs: 5_000, rate: 1.1, closeAfterMs: 10_000 };

export type AudioVerdict = 'accept' | 'refuse' | 'close';

/** Duration of a base64 mic chunk (24 kHz 16-bit mono), computed without decoding it. */
export function chunkDurationMs(audioB64: string): number {
  const padding = audioB64.endsWith('==') ? 2 : audioB64.endsWith('=') ? 1 : 0;
  const bytes = Math.max(0, Math.floor((audioB64.length * 3) / 4) - padding);
  return ((bytes >> 1) / SOCKET_RATE) * 1000;
}

/**
 * Keeps one socket's microphone audio at real time: a token bucket of audio milliseconds that
 * refills with the wall clock. Audio beyond it is refused before it is decoded, so a client pushing
 * hours of audio a minute costs neither memory nor recognizer time; one that keeps doing it is cut off.
 */
export class AudioGuard {
  private tokens: number;
  private refused = 0;
  private last: number;

  constructor(
    private readonly clock: Clock,
    private readonly opts: AudioGuardOptions = DEFAULT_AUDIO_GUARD,
  ) {
    this.tokens = opts.burstMs;
    this.last = clock.now();
  }

  admit(durationMs: number): AudioVerdict {
    const now = this.clock.now();
    const elapsed = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.opts.burstMs, this.tokens + elapsed * this.opts.rate);
    this.refused = Math.max(0, this.refused - elapsed);
    if (durationMs <= this.tokens) {
      this.tokens -= durationMs;
      return 'accept';
    }
    this.refused += durationMs;
    return this.refused > this.opts.closeAfterMs ? 'close' : 'refuse';
  }
}
