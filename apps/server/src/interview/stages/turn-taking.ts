import type { Clock, Timer } from '../../lib/clock';
import { durationMs, SOCKET_RATE } from '../audio';
import { Endpointer, silenceWindowFor, type FeedResult, type SilenceWindows } from '../endpointing';

/** What turn-taking needs to know about the candidate's turn in progress. */
export type TurnView = {
  /** A recognizer segment is open (audio is being recognized). */
  segmentOpen: boolean;
  /** Closed segments whose text has not arrived yet. */
  pendingSegments: number;
  /** The text of the segments finished so far. */
  knownText: string;
  /** Clock time of the end of the last voiced audio. */
  speechEndAt: number;
};

export type TurnActions = {
  /** The silence is long enough to close the recognizer segment. */
  closeSegment(): void;
  /** The silence is long enough (for what was said) to end the candidate's turn. */
  commit(): void;
};

/**
 * Turn-taking: voice activity on the mic audio (the Endpointer) and the decision when the
 * candidate's silence ends a segment or the whole turn. The window adapts to what was said: a
 * trailing "and"/"um" (or a pending "give me a moment") keeps the turn open longer.
 */
export class TurnTaking {
  private readonly endpointer = new Endpointer({ sampleRate: SOCKET_RATE });
  private timer: Timer | null = null;
  /** The candidate asked for a moment: much longer windows. */
  waiting = false;
  /** Muted: the answer is paused, never ended by silence (decision 0180). */
  private paused = false;
  /** When the microphone came back: silence is counted from here at the earliest. */
  private resumedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly clock: Clock,
    private readonly windows: SilenceWindows,
    private readonly view: () => TurnView | null,
    private readonly actions: TurnActions,
  ) {}

  feed(samples: Int16Array): FeedResult {
    return this.endpointer.feed(samples);
  }

  get inSpeech(): boolean {
    return this.endpointer.inSpeech;
  }

  /** How far the end of the fed audio lies past the last voiced frame. */
  get silenceBehindMs(): number {
    return durationMs(this.endpointer.totalSamples - this.endpointer.lastVoiceEnd, SOCKET_RATE);
  }

  /** Where the last voiced audio ended (samples into the mic stream): identifies a pause. */
  get voiceEnd(): number {
    return this.endpointer.lastVoiceEnd;
  }

  endSpeech(): void {
    this.endpointer.endSpeech();
  }

  /** Mute (true) holds the turn open; unmute gives the candidate a whole window from now. */
  pause(on: boolean): void {
    this.paused = on;
    if (on) this.cancel();
    else this.resumedAt = this.clock.now();
  }

  /** Silence since the last voiced audio, never counting the muted stretch. */
  private turnSilence(turn: TurnView): number {
    const now = this.clock.now();
    return Math.min(now - turn.speechEndAt, now - this.resumedAt);
  }

  /** Decides now, or schedules the decision for when the current window would be over. */
  check(): void {
    const turn = this.view();
    if (!turn) return;
    this.cancel();
    const silence = this.endpointer.inSpeech || turn.segmentOpen ? this.endpointer.silenceMs : this.turnSilence(turn);
    if (turn.segmentOpen) {
      const window = this.waiting ? this.windows.waiting : this.windows.base;
      if (silence >= window) this.actions.closeSegment();
      else this.schedule(window - silence);
      return;
    }
    if (turn.pendingSegments > 0 || this.paused) return; // decided when the text arrives / on unmute
    const window = silenceWindowFor(turn.knownText, this.windows, this.waiting);
    if (silence >= window) this.actions.commit();
    else this.schedule(window - silence);
  }

  cancel(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  /** Mic chunks normally drive the checks; this covers a client that stops sending audio. */
  private schedule(ms: number) {
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null;
        const turn = this.view();
        if (!turn) return;
        const silence = this.turnSilence(turn);
        if (turn.segmentOpen && silence >= this.windows.base) this.actions.closeSegment();
        else if (!turn.segmentOpen) {
          if (this.paused) return;
          const window = silenceWindowFor(turn.knownText, this.windows, this.waiting);
          if (turn.pendingSegments === 0 && silence >= window) this.actions.commit();
          else this.schedule(100);
        } else this.schedule(100);
      },
      // A few ms late rather than early: the window is measured again when the timer fires.
      Math.max(5, ms + 5),
    );
  }
}
