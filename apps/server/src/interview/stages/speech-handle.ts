import type { InterviewMove } from '../providers/types';

type Piece = { seq: number; charEnd: number };

/**
 * One AI turn in flight: its text, the audio chunks sent for it, and the controller that stops it.
 * It also does the playback accounting: which part of the text the candidate has actually heard.
 */
export class SpeechHandle {
  readonly controller = new AbortController();
  /** The text as generated (sentences joined by spaces). */
  text = '';
  /** Per tts_chunk, how far into `text` the audio has got by the end of that chunk. */
  readonly pieces: Piece[] = [];
  playedSeq = -1;
  sentAudioMs = 0;
  firstAudioAt = 0;
  done = false;
  interrupted = false;
  storedSeq: number | null = null;
  finalSent = false;

  constructor(
    readonly move: InterviewMove | null,
    readonly startedAt: number,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get closing(): boolean {
    return this.move?.kind === 'closing';
  }

  /** When the client will have finished playing what was sent (its clock started at the first chunk). */
  get playbackEndsAt(): number {
    return this.firstAudioAt ? this.firstAudioAt + this.sentAudioMs + 100 : 0;
  }

  /** Still generating, or still playing on the client at `now`. */
  isPlaying(now: number): boolean {
    return !this.done || now < this.playbackEndsAt;
  }

  /** The client reported a chunk played (`ai_chunk_played`). */
  played(seq: number): void {
    if (this.pieces.some((p) => p.seq === seq)) this.playedSeq = Math.max(this.playedSeq, seq);
  }

  /**
   * What the candidate heard: the text up to the last chunk the client reported played, mapped
   * from audio to characters proportionally within each sentence, cut back to a whole word.
   */
  heardText(): string {
    let end = 0;
    for (const p of this.pieces) if (p.seq <= this.playedSeq) end = Math.max(end, p.charEnd);
    if (end >= this.text.length) return this.text;
    if (end === 0) return '';
    const cut = this.text.slice(0, end);
    const next = this.text[end];
    const whole = next === undefined || /\s/.test(next) ? cut : cut.replace(/\S*$/, '');
    return whole.trim();
  }
}
