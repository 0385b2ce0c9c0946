import type { InterviewPlan } from '../../plan';
import type { Interviewer, InterviewerRequest } from '../types';
import { Phrasebook } from './phrasing';

/**
 * The built-in interviewer: no model, no keys. It speaks the conductor's moves in its own words
 * (see phrasing.ts), naming back what the candidate surely said, so the interview works fully
 * offline and answers instantly.
 */
export class StructuredInterviewer implements Interviewer {
  readonly name = 'structured';
  private readonly phrases: Phrasebook;

  constructor(plan: InterviewPlan) {
    this.phrases = new Phrasebook(plan);
  }

  async *reply(request: InterviewerRequest, signal: AbortSignal): AsyncIterable<string> {
    const text = this.render(request);
    // Sentence by sentence, as a streaming model would deliver it.
    for (const piece of text.match(/[^.!?]+[.!?]+\s*/g) ?? [text]) {
      if (signal.aborted) return;
      yield piece;
    }
  }

  render(request: InterviewerRequest): string {
    return this.phrases.render(request.move);
  }

  preview(request: InterviewerRequest): string {
    return this.phrases.preview(request.move);
  }

  /** What another interviewer said in this interview, so the built-in phrasing does not repeat it. */
  remember(text: string) {
    this.phrases.remember(text);
  }
}
