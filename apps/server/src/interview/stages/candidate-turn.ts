import { durationMs, Resampler, SOCKET_RATE, STT_RATE } from '../audio';
import { silenceWindowFor, type SilenceWindows } from '../endpointing';
import type { SpeechToText, SttFinal, SttStream } from '../providers/types';
import { NO_SPELLINGS, respellFinal, respellText, type Spellings } from '../recognition/spelling';
import type { StageContext } from './context';
import type { TranscriptStore } from './transcript';
import { TurnTaking } from './turn-taking';

type UserTurn = {
  segments: Promise<SttFinal>[];
  startedAt: number;
  /** Clock time of the end of the last voiced audio. */
  speechEndAt: number;
  /** Text of the segments finished so far (for the adaptive silence window). */
  knownText: string;
  pendingSegments: number;
};

export type CandidateTurnDeps = {
  stt: SpeechToText;
  transcript: TranscriptStore;
  windows: SilenceWindows;
  /** Longest speech segment: a longer one is endpointed there (the turn goes on in a new segment). */
  maxSegmentMs: number;
  /** Written into every caption and turn: "z brush" → "ZBrush" (decision 0174). */
  spellings?: Spellings;
  /** The interviewer is talking: mic audio is echo, not a turn. */
  agentSpeaking: () => boolean;
};

/** Silence after which a recognized pause is previewed (the reply prepared in case the turn ends). */
const PREVIEW_AFTER_MS = 150;

/** A finished turn's words and timing. */
export type CandidateWords = { text: string; startedAt: number; speechEndAt: number };

/**
 * The candidate's turn: mic audio → speech segments → recognizer → final transcript. A turn is one
 * or more segments (pauses inside an answer); when turn-taking ends it, the joined text is sent,
 * stored, and handed on as a `user_final` event.
 */
export class CandidateTurnStage {
  private turn: UserTurn | null = null;
  private segment: SttStream | null = null;
  /** Audio in the open segment, ms. */
  private segmentMs = 0;
  /** The mic's 24 kHz audio at the recognizer's 16 kHz, one stream per segment (no seams between chunks). */
  private toRecognizer = new Resampler(SOCKET_RATE, STT_RATE);
  private readonly turnTaking: TurnTaking;
  /** The pause (its voice end, in mic samples) the last preview was made in: one preview per pause. */
  private previewedEnd: number | null = null;
  private readonly spellings: Spellings;

  constructor(
    private readonly ctx: StageContext,
    private readonly deps: CandidateTurnDeps,
  ) {
    this.spellings = deps.spellings ?? NO_SPELLINGS;
    this.turnTaking = new TurnTaking(
      ctx.clock,
      deps.windows,
      () =>
        this.turn && !ctx.ended()
          ? {
              segmentOpen: this.segment !== null,
              pendingSegments: this.turn.pendingSegments,
              knownText: this.turn.knownText,
              speechEndAt: this.turn.speechEndAt,
            }
          : null,
      { closeSegment: () => this.closeSegment(), commit: () => void this.commit() },
    );
    ctx.bus.on('waiting', ({ on }) => (this.turnTaking.waiting = on));
    // The candidate interrupted: the speech that did it is not the start of an answer.
    ctx.bus.on('ai_interrupted', () => this.turnTaking.endSpeech());
  }

  /** The candidate is speaking or their turn is not decided yet. */
  get active(): boolean {
    return this.turn !== null || this.segment !== null;
  }

  /** One mic chunk (24 kHz samples). */
  push(samples: Int16Array): void {
    const result = this.turnTaking.feed(samples);
    // While the interviewer is talking the mic is the client's to mute; stray audio (echo) must not
    // open a turn. Interrupting is explicit (barge_in).
    if (this.deps.agentSpeaking()) {
      if (this.turnTaking.inSpeech) this.turnTaking.endSpeech();
      return;
    }
    if (result.speechStarted) this.openSegment(result.preRoll ?? samples);
    else if (this.segment) this.write(samples);
    if (this.turnTaking.inSpeech && this.turn) {
      this.turn.speechEndAt = this.ctx.clock.now() - this.turnTaking.silenceBehindMs;
    }
    // A monologue (or a stuck microphone) never grows one recognizer utterance without bound.
    if (this.segment && this.segmentMs >= this.deps.maxSegmentMs) this.closeSegment();
    this.turnTaking.check();
    this.preview();
  }

  /** The candidate says they are done (user_turn_end): end the turn without waiting for silence. */
  endTurn(): void {
    if (this.segment) this.closeSegment();
    if (this.turn) void this.commit();
  }

  /**
   * Muted: what was said so far is recognized but the turn stays open (no silence ends it); unmuted,
   * the candidate goes on in the same answer (decision 0180).
   */
  pause(muted: boolean): void {
    if (muted) {
      if (this.segment) this.closeSegment();
      this.turnTaking.endSpeech();
      this.turnTaking.pause(true);
      return;
    }
    this.turnTaking.pause(false);
    this.turnTaking.check();
  }

  /** Drops what is in progress (the socket went away or the session is disposed). */
  drop(): void {
    this.segment?.abort();
    this.segment = null;
    this.turn = null;
    this.turnTaking.cancel();
    this.turnTaking.endSpeech();
  }

  /** The interview is ending: closes the turn in progress and returns its words, if any. */
  async takePending(): Promise<CandidateWords | null> {
    this.turnTaking.cancel();
    if (this.segment) this.closeSegment();
    const pending = this.turn;
    this.turn = null;
    if (!pending) return null;
    const { text } = await joinedFinal(pending);
    return text ? { text, startedAt: pending.startedAt, speechEndAt: pending.speechEndAt } : null;
  }

  private openSegment(preRoll: Int16Array) {
    if (this.segment) return;
    const { clock } = this.ctx;
    this.ctx.bus.emit('user_speaking', {});
    if (!this.turn) {
      this.turn = {
        segments: [],
        startedAt: clock.now() - durationMs(preRoll.length, SOCKET_RATE),
        speechEndAt: clock.now(),
        knownText: '',
        pendingSegments: 0,
      };
    }
    this.turnTaking.cancel();
    this.segmentMs = 0;
    this.toRecognizer = new Resampler(SOCKET_RATE, STT_RATE);
    try {
      this.segment = this.deps.stt.start(
        (text) => {
          if (this.ctx.ended()) return;
          const interim = [this.turn?.knownText, respellText(text, this.spellings)].filter(Boolean).join(' ');
          this.ctx.send({ event: 'transcript', speaker: 'user', text: interim, final: false });
        },
        () => this.preview(),
      );
    } catch {
      this.segment = null; // no recognizer: the candidate was told; the audio is not kept
    }
    if (this.segment) this.write(preRoll);
  }

  /**
   * In a pause that may end the turn, once the recognizer has printed everything said: the words so
   * far go out as a `user_preview`, so the reply is ready when the silence window closes the turn
   * (preemptive generation; if the candidate goes on, the preview is simply not used).
   */
  private preview() {
    const turn = this.turn;
    const segment = this.segment;
    if (!turn || !segment?.peek || turn.pendingSegments > 0 || this.ctx.ended()) return;
    if (this.previewedEnd === this.turnTaking.voiceEnd || this.turnTaking.silenceBehindMs < PREVIEW_AFTER_MS) return;
    const peeked = segment.peek({ speechEndedAt: turn.speechEndAt });
    if (!peeked) return;
    const heard = respellFinal(peeked, this.spellings);
    this.previewedEnd = this.turnTaking.voiceEnd;
    const text = [turn.knownText, heard.text].filter(Boolean).join(' ');
    // A pause after "and" or "um" gets a longer window: the turn is not likely to end here.
    if (!text || silenceWindowFor(text, this.deps.windows, this.turnTaking.waiting) > this.deps.windows.base) return;
    this.ctx.bus.emit('user_preview', { text, words: turn.knownText ? undefined : heard.words });
  }

  private write(samples24k: Int16Array) {
    this.segmentMs += durationMs(samples24k.length, SOCKET_RATE);
    if (this.segment) this.segment.write(this.toRecognizer.process(samples24k));
  }

  /** Ends the current recognizer segment; its text joins the turn when it arrives. */
  private closeSegment() {
    const segment = this.segment;
    const turn = this.turn;
    this.segment = null;
    this.turnTaking.endSpeech();
    if (!segment || !turn) return;
    turn.pendingSegments++;
    const text = segment.finish({ speechEndedAt: turn.speechEndAt }).then((result) => {
      // Each segment is respelled once, as it arrives: the captions, the turn and the reply share it.
      const t = respellFinal(asFinal(result), this.spellings);
      turn.pendingSegments--;
      turn.knownText = [turn.knownText, t.text].filter(Boolean).join(' ');
      if (this.turn === turn) {
        if (turn.knownText) this.ctx.send({ event: 'transcript', speaker: 'user', text: turn.knownText, final: false });
        this.turnTaking.check();
      }
      return t;
    });
    turn.segments.push(text);
  }

  private async commit() {
    const turn = this.turn;
    const { ctx } = this;
    if (!turn || ctx.ended()) return;
    this.turn = null;
    this.turnTaking.cancel();
    const { text, words, unheard } = await joinedFinal(turn);
    const finalAt = ctx.clock.now();
    if (ctx.ended()) return;
    if (!text) {
      // Noise, not words; or words no recognizer could hear, which the candidate is asked to repeat
      // rather than left waiting for a reply that never comes.
      if (unheard) ctx.bus.emit('user_unheard', {});
      return;
    }
    ctx.send({ event: 'transcript', speaker: 'user', text, final: true });
    // Stored in order with the reply's turn (the transcript writes one after another); the reply
    // does not wait for the database.
    this.deps.transcript.append('user', text, turn.startedAt, turn.speechEndAt, words);
    ctx.bus.emit('user_final', { text, words, startedAt: turn.startedAt, speechEndAt: turn.speechEndAt, finalAt });
  }
}

/** Engines answer with plain text or with text and per-word confidences. */
function asFinal(result: string | SttFinal): SttFinal {
  return typeof result === 'string' ? { text: result } : result;
}

/** The turn's text, with the recognizer's word confidences when every segment has them. */
async function joinedFinal(turn: UserTurn): Promise<SttFinal> {
  const all = await Promise.all(turn.segments);
  const parts = all.filter((p) => p.text);
  const text = parts
    .map((p) => p.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const words = parts.every((p) => p.words) ? parts.flatMap((p) => p.words!) : undefined;
  const unheard = all.some((p) => p.unheard);
  return { text, ...(words && { words }), ...(unheard && { unheard }) };
}
