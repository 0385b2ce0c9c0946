/**
 * Provider interfaces of the live interview pipeline. Offline implementations need no keys;
 * OpenAI-compatible ones take a base URL (hosted services and local servers alike).
 */

/** One utterance being recognized: audio goes in while the candidate speaks, text comes out. */
export interface SttStream {
  /** 16 kHz 16-bit mono samples. */
  write(samples: Int16Array): void;
  /**
   * No more audio: resolves with the final text of the utterance. `speechEndedAt` (wall clock, ms)
   * lets an engine answer as soon as it has certainly heard the speech up to that moment.
   */
  finish(hint?: { speechEndedAt?: number }): Promise<string>;
  /** Drops the utterance (barge-in, end, socket gone). */
  abort(): void;
}

export interface SpeechToText {
  readonly name: string;
  /** Starts recognizing one utterance; `onInterim` receives partial text when the engine has some. */
  start(onInterim: (text: string) => void): SttStream;
  close?(): void;
}

export interface TextToSpeech {
  readonly name: string;
  /** Synthesizes one sentence to 24 kHz 16-bit mono samples. */
  synthesize(text: string, signal: AbortSignal): Promise<Int16Array>;
  close?(): void;
}

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** What the conductor wants said next; the interviewer provider phrases it. */
export type InterviewMove =
  | { kind: 'greeting'; question: string }
  | { kind: 'question'; question: string; acknowledge: boolean }
  | { kind: 'follow_up'; question: string }
  | { kind: 'closing' };

export type InterviewerRequest = {
  move: InterviewMove;
  /** The conversation so far (finalized turns), oldest first. */
  history: ChatMessage[];
  /** The candidate's latest answer, when the move answers one. */
  lastAnswer?: string;
  minutesLeft: number;
};

export interface Interviewer {
  readonly name: string;
  /** Streams the interviewer's next utterance as text pieces. */
  reply(request: InterviewerRequest, signal: AbortSignal): AsyncIterable<string>;
}

/** A provider failure that should move the session to the next provider in its chain. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}
