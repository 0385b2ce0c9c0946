import type { SttWord } from './providers/types';
import type { InterviewMove } from './providers/types';

/**
 * The typed events that pass between the stages of one live interview. Audio and text flow
 * forward (candidate turn → dialogue → AI turn → socket); these events carry what flows backward or
 * sideways — interruption above all — so that no stage calls back into the session.
 */
export type InterruptReason = 'barge_in' | 'new_turn' | 'detached' | 'ended' | 'disposed';

export type PipelineEvents = {
  /** The candidate began a speech segment (the interviewer stops waiting to check in). */
  user_speaking: Record<string, never>;
  /**
   * The candidate paused and everything they said so far is recognized: the reply can be prepared
   * (never said) in case the pause ends their turn.
   */
  user_preview: { text: string; words?: SttWord[] };
  /** The candidate's turn is over and recognized: their final words, with timings for latency. */
  user_final: { text: string; words?: SttWord[]; startedAt: number; speechEndAt: number; finalAt: number };
  /** The candidate's turn ended and no recognizer could hear it (not noise): they are asked again. */
  user_unheard: Record<string, never>;
  /** "Give me a moment": the candidate turn waits much longer before ending. */
  waiting: { on: boolean };
  /** Stop the interviewer now; what was heard stays in the transcript. */
  interrupt: { reason: InterruptReason };
  /** A barge-in cut the interviewer off (`closing`: it was saying goodbye). */
  ai_interrupted: { closing: boolean };
  /** The interviewer's full text for a turn was generated (not aborted). */
  ai_text: { text: string; move: InterviewMove | null; isQuestion: boolean };
  /** An AI turn was sent in full; the client plays it until `playbackEndsAt`. */
  ai_done: { playbackEndsAt: number; closing: boolean };
  /** The goodbye was played (or cut off): the interview is over. */
  conversation_over: Record<string, never>;
};

type Handler<T> = (payload: T) => void;

/** A synchronous, typed event bus: handlers run in subscription order, inside `emit`. */
export class Bus<E extends Record<string, unknown>> {
  private readonly handlers = new Map<keyof E, Handler<never>[]>();

  on<K extends keyof E>(type: K, handler: Handler<E[K]>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as Handler<never>);
    this.handlers.set(type, list);
  }

  emit<K extends keyof E>(type: K, payload: E[K]): void {
    for (const handler of this.handlers.get(type) ?? []) (handler as Handler<E[K]>)(payload);
  }
}

export type PipelineBus = Bus<PipelineEvents>;
