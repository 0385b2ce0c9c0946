import { rms } from './audio';

/**
 * Energy-based voice activity detection on the incoming mic audio. It only says whether the
 * candidate is speaking and for how long they have been silent; the session decides when the
 * silence is long enough to end the turn (that window adapts to what was said, see `silenceWindowFor`).
 */
export type EndpointerOptions = {
  sampleRate: number;
  /** Analysis frame length. */
  frameMs?: number;
  /** Voiced audio needed before speech counts as started (ignores clicks and bumps). */
  minSpeechMs?: number;
  /** Audio kept from before the detected start, so the first syllable reaches the recognizer. */
  preRollMs?: number;
  /** Lowest level that can count as speech, 0..1 RMS. */
  minThreshold?: number;
};

export type FeedResult = {
  /** Speech began inside this chunk; `preRoll` holds the audio since shortly before it. */
  speechStarted: boolean;
  preRoll?: Int16Array;
};

export class Endpointer {
  readonly sampleRate: number;
  private readonly frame: number;
  private readonly minSpeechFrames: number;
  private readonly preRollSamples: number;
  private readonly minThreshold: number;

  /**
   * Background level: the quietest frame of the last 1.5 s. Speech always has gaps between words,
   * steady noise (a fan, hum) does not, so this follows a noisy room within a second and a half,
   * even when the noise itself was first taken for speech.
   */
  private recentLevels: number[] = [];
  private readonly floorFrames: number;
  private voicedRun = 0;
  private pending = new Int16Array(0);
  private history: Int16Array[] = [];
  private historySamples = 0;

  inSpeech = false;
  /** Samples fed so far. */
  totalSamples = 0;
  /** Sample index just after the last voiced frame (end of speech so far). */
  lastVoiceEnd = 0;

  constructor(opts: EndpointerOptions) {
    this.sampleRate = opts.sampleRate;
    this.frame = Math.round(((opts.frameMs ?? 20) / 1000) * opts.sampleRate);
    this.minSpeechFrames = Math.max(1, Math.round((opts.minSpeechMs ?? 60) / (opts.frameMs ?? 20)));
    this.preRollSamples = Math.round(((opts.preRollMs ?? 300) / 1000) * opts.sampleRate);
    this.minThreshold = opts.minThreshold ?? 0.01;
    this.floorFrames = Math.round(1500 / (opts.frameMs ?? 20));
  }

  private get noiseFloor(): number {
    const quietest = this.recentLevels.length ? Math.min(...this.recentLevels) : 0;
    // Until 1.5 s have been heard, assume a quiet room (someone may start talking right away).
    return this.recentLevels.length < this.floorFrames ? Math.min(quietest, 0.002) : quietest;
  }

  /** Silence since the last voiced frame, in ms (0 while speaking). */
  get silenceMs(): number {
    return ((this.totalSamples - this.lastVoiceEnd) / this.sampleRate) * 1000;
  }

  get threshold(): number {
    return Math.max(this.minThreshold, this.noiseFloor * 3.5);
  }

  feed(chunk: Int16Array): FeedResult {
    const result: FeedResult = { speechStarted: false };
    this.remember(chunk);
    const data = this.pending.length ? concat(this.pending, chunk) : chunk;
    let offset = 0;
    const chunkStart = this.totalSamples - this.pending.length;
    for (; offset + this.frame <= data.length; offset += this.frame) {
      const level = rms(data, offset, offset + this.frame);
      this.recentLevels.push(level);
      if (this.recentLevels.length > this.floorFrames) this.recentLevels.shift();
      const frameEnd = chunkStart + offset + this.frame;
      // Hysteresis: once speaking, quieter frames (word endings) still count as voice.
      const voiced = level > (this.inSpeech ? this.threshold * 0.6 : this.threshold);
      if (voiced) {
        this.voicedRun++;
        if (this.inSpeech) this.lastVoiceEnd = frameEnd;
        else if (this.voicedRun >= this.minSpeechFrames) {
          this.inSpeech = true;
          this.lastVoiceEnd = frameEnd;
          result.speechStarted = true;
        }
      } else {
        this.voicedRun = 0;
      }
    }
    this.pending = data.slice(offset);
    this.totalSamples += chunk.length;
    if (result.speechStarted) result.preRoll = this.recent();
    return result;
  }

  /** Ends the current speech segment (the session closed the turn or segment). */
  endSpeech() {
    this.inSpeech = false;
    this.voicedRun = 0;
    this.lastVoiceEnd = this.totalSamples;
  }

  private remember(chunk: Int16Array) {
    this.history.push(chunk);
    this.historySamples += chunk.length;
    while (this.history.length > 1 && this.historySamples - this.history[0]!.length >= this.preRollSamples) {
      this.historySamples -= this.history.shift()!.length;
    }
  }

  private recent(): Int16Array {
    const all = concat(...this.history);
    return all.slice(Math.max(0, all.length - this.preRollSamples - this.frame));
  }
}

function concat(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Words after which a pause usually means the candidate is still thinking, not done. */
const UNFINISHED_ENDINGS =
  /\b(and|so|but|or|because|um+|uh+|er|erm|hmm|like|then|also|which|that|the|a|an|to|of|with|for|my|i|we|if|when|well)$/i;

export type SilenceWindows = { base: number; unfinished: number; waiting: number };

/**
 * How long a silence ends the candidate's turn, given what they have said so far: a trailing
 * "and", "so" or "um" earns a longer window; after "give me a moment" the interviewer waits much longer.
 */
export function silenceWindowFor(text: string, windows: SilenceWindows, waiting = false): number {
  if (waiting) return windows.waiting;
  const t = text.trim().replace(/[.,!?…-]+$/, '');
  if (!t) return windows.base;
  return UNFINISHED_ENDINGS.test(t) ? windows.unfinished : windows.base;
}
