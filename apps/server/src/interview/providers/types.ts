import type { AnswerItem, Understanding } from '../understanding/understand';

/**
 * Provider interfaces of the live interview pipeline. Offline implementations need no keys;
 * OpenAI-compatible ones take a base URL (hosted services and local servers alike).
 */

/** A recognized word with the engine's confidence in it (0..1). */
export type SttWord = { text: string; confidence: number };

/**
 * The final result of an utterance; engines that report per-word confidences add `words`.
 * `unheard`: every recognizer failed on it, so something may have been said that nobody heard
 * (as opposed to an empty text for noise).
 */
export type SttFinal = { text: string; words?: SttWord[]; unheard?: boolean };

/** One utterance being recognized: audio goes in while the candidate speaks, text comes out. */
export interface SttStream {
  /** 16 kHz 16-bit mono samples. */
  write(samples: Int16Array): void;
  /**
   * No more audio: resolves with the final text of the utterance. `speechEndedAt` (wall clock, ms)
   * lets an engine answer as soon as it has certainly heard the speech up to that moment.
   */
  finish(hint?: { speechEndedAt?: number }): Promise<string | SttFinal>;
  /** Drops the utterance (barge-in, end, socket gone). */
  abort(): void;
  /**
   * The text so far, if the engine has already printed everything said up to `speechEndedAt`
   * (wall clock, ms), else null. Does not end the utterance: the candidate may go on.
   */
  peek?(hint: { speechEndedAt: number }): SttFinal | null;
}

export interface SpeechToText {
  readonly name: string;
  /**
   * Starts recognizing one utterance; `onInterim` receives partial text when the engine has some,
   * `onSettled` is called when the engine has printed a complete stretch of speech (`peek` may answer).
   */
  start(onInterim: (text: string) => void, onSettled?: () => void): SttStream;
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
  | {
      kind: 'question';
      question: string;
      acknowledge: boolean;
      /** Something the candidate surely said, to reflect in the acknowledgment. */
      about?: AnswerItem;
      /** Why the last answer ends here: the candidate did not know, or said they were done. */
      after?: 'dont_know' | 'done';
    }
  | {
      kind: 'follow_up';
      /** The open question the follow-up belongs to. */
      question: string;
      /**
       * probe: dig into what they said; clarify: ask for an example; steer: back on topic; explain:
       * rephrase; rephrase: after an unsure opening reply, `question` is a narrower one to start with.
       */
      reason?: 'probe' | 'clarify' | 'steer' | 'explain' | 'rephrase';
      /** For a probe: what the candidate said that the follow-up names. */
      about?: AnswerItem;
    }
  | {
      kind: 'closing';
      /** Something the candidate surely said in the last answer, to reflect before the goodbye. */
      about?: AnswerItem;
    };

export type InterviewerRequest = {
  move: InterviewMove;
  /** The conversation so far (finalized turns), oldest first. */
  history: ChatMessage[];
  /** The candidate's latest answer, when the move answers one. */
  lastAnswer?: string;
  minutesLeft: number;
  /** What the understanding stage made of the last answer. */
  understood?: Understanding;
};

export interface Interviewer {
  readonly name: string;
  /** Streams the interviewer's next utterance as text pieces. */
  reply(request: InterviewerRequest, signal: AbortSignal): AsyncIterable<string>;
  /**
   * What `reply` would say to this request next, without saying it (no state changes), for an
   * interviewer that answers instantly and the same way every time; absent for language models.
   */
  preview?(request: InterviewerRequest): string | undefined;
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

/**
 * The provider works but had no room for this request in time (every recognizer busy): a busy spell,
 * not a failure, so the provider is not marked down and the candidate is not told it failed.
 */
export class ProviderBusyError extends ProviderError {}
