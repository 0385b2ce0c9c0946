import type { InterviewPlan } from '../../plan';
import type { Interviewer, InterviewerRequest } from '../types';

const ACKS = ['Thank you.', 'Got it, thanks.', 'That is helpful, thank you.', 'Great, thanks for sharing that.'];

/**
 * The built-in interviewer: no model, no keys. It speaks the conductor's moves with fixed,
 * friendly phrasing, so the interview works fully offline and answers instantly.
 */
export class StructuredInterviewer implements Interviewer {
  readonly name = 'structured';
  private turn = 0;

  constructor(private readonly plan: InterviewPlan) {}

  async *reply(request: InterviewerRequest, signal: AbortSignal): AsyncIterable<string> {
    const text = this.render(request);
    // Sentence by sentence, as a streaming model would deliver it.
    for (const piece of text.match(/[^.!?]+[.!?]+\s*/g) ?? [text]) {
      if (signal.aborted) return;
      yield piece;
    }
  }

  render(request: InterviewerRequest): string {
    const move = request.move;
    const name = this.plan.firstName;
    this.turn++;
    switch (move.kind) {
      case 'greeting':
        return (
          `Hi ${name}, thanks for joining. I'm the AI interviewer for the ${this.plan.jobTitle} role. ` +
          `This conversation takes up to ${this.plan.maxMinutes} minutes. Speak naturally; if you need time to think, just say give me a moment. ` +
          move.question
        );
      case 'question':
        return move.acknowledge ? `${ACKS[this.turn % ACKS.length]} ${move.question}` : move.question;
      case 'follow_up':
        return move.question;
      case 'closing':
        return (
          `Thank you, ${name}. That's all my questions for today. ` +
          `We'll review our conversation, and the hiring team will email you with next steps. Goodbye!`
        );
    }
  }
}
