import type { InterviewPlan } from '../../plan';
import { sayable } from '../../understanding/understand';
import { ProviderError, type ChatMessage, type Interviewer, type InterviewerRequest } from '../types';
import { practiceGreeting, PRACTICE_GOODBYE, sentences } from './phrasing';
import { replyProblem } from './reply-check';
import { StructuredInterviewer } from './structured';

export type OpenAiChatOptions = { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };

/**
 * An OpenAI-compatible chat model as the interviewer. The interview plan is its system prompt; the
 * conductor's next move (ask this question, follow up about what the candidate said, close) and the
 * items it may name are added as an instruction, so time-keeping, the question budget and what was
 * surely heard stay in the server's hands. The reply is checked before it is spoken: one that breaks
 * the rules (see reply-check.ts) is replaced by the built-in phrasing for that turn.
 */
export class OpenAiInterviewer implements Interviewer {
  readonly name = 'openai-chat';
  private readonly fallback: StructuredInterviewer;
  /** Why replies were replaced, oldest first (for logs and tests). */
  readonly replaced: string[] = [];

  constructor(
    private readonly plan: InterviewPlan,
    private readonly opts: OpenAiChatOptions,
  ) {
    this.fallback = new StructuredInterviewer(plan);
  }

  async *reply(request: InterviewerRequest, signal: AbortSignal): AsyncIterable<string> {
    // Whole reply first: it cannot be checked sentence by sentence once it is being spoken.
    let text = '';
    for await (const piece of this.stream(request, signal)) text += piece;
    if (signal.aborted) return;
    const problem = replyProblem(text, request, this.plan);
    if (problem) {
      this.replaced.push(problem);
      text = this.fallback.render(request);
    } else this.fallback.remember(text);
    const parts = sentences(text);
    for (const [i, sentence] of parts.entries()) yield i < parts.length - 1 ? `${sentence} ` : sentence;
  }

  private async *stream(request: InterviewerRequest, signal: AbortSignal): AsyncIterable<string> {
    const { baseUrl, apiKey, model, timeoutMs = 20000 } = this.opts;
    const messages: ChatMessage[] = [
      { role: 'system', content: this.plan.systemPrompt },
      ...request.history.slice(-30),
      { role: 'system', content: instructionFor(request, this.plan) },
    ];
    let res: Response;
    try {
      res = await fetch(`${baseUrl.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ model, messages, stream: true, temperature: 0.6, max_tokens: 300 }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ProviderError(this.name, (err as Error).message);
    }
    if (!res.ok || !res.body) throw new ProviderError(this.name, `HTTP ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of this.body(res.body, signal)) {
      buffer += decoder.decode(chunk, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const data = line.startsWith('data:') ? line.slice(5).trim() : '';
        if (!data || data === '[DONE]') continue;
        try {
          const piece = (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta
            ?.content;
          if (piece) yield piece;
        } catch {
          // keep-alive or partial line from a lenient server
        }
      }
    }
  }

  /** The reply's bytes; a connection lost (or timed out) mid-reply is the provider's failure. */
  private async *body(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncIterable<Uint8Array> {
    try {
      yield* body as unknown as AsyncIterable<Uint8Array>;
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ProviderError(this.name, (err as Error).message);
    }
  }
}

function instructionFor(r: InterviewerRequest, plan: InterviewPlan): string {
  const time = `About ${Math.max(0, Math.round(r.minutesLeft))} minutes are left.`;
  const heard = r.understood ? sayable(r.understood).map((i) => i.text) : [];
  const items = heard.length
    ? ` From the last answer you may name only these, which were surely heard: ${heard.map((h) => `"${h}"`).join(', ')}. Mention nothing else from it.`
    : ' Do not quote the last answer.';
  const m = r.move;
  switch (m.kind) {
    case 'greeting':
      if (plan.practice) return `Say exactly: "${practiceGreeting(plan)}" Then ask: "${m.question}"`;
      return `Greet the candidate warmly in one short sentence that says you are an AI interviewer (use the word "AI"), then ask: "${m.question}"`;
    case 'question':
      if (m.after === 'dont_know')
        return `${time} The candidate did not know. Say that's fine in a few words, then ask: "${m.question}"`;
      return (
        `${time}${items} Acknowledge the last answer in a few words` +
        (m.about ? ` that name "${m.about.text}"` : '') +
        ` (no evaluation), then ask: "${m.question}"`
      );
    case 'follow_up':
      switch (m.reason) {
        case 'probe':
          return `${time}${items} Ask one short follow-up question about "${m.about?.text ?? 'their answer'}", naming it. Do not ask the next planned question.`;
        case 'steer':
          return `${time} The last answer was off topic. Politely bring the candidate back and ask again: "${m.question}"`;
        case 'rephrase':
          return `The candidate was unsure how to answer the opening question. Encourage them in a few words, then ask this narrower question instead: "${m.question}"`;
        case 'explain':
          return `The candidate asked what the question means. Explain it in one simple sentence and ask it again: "${m.question}"`;
        default:
          return `${time} The last answer was short or vague. Ask for one concrete example from their own work, in one short question, without quoting the answer.`;
      }
    case 'closing':
      return (
        (m.about && !plan.practice ? `Acknowledge "${m.about.text}" in a few words, then close` : 'Close') +
        (plan.practice
          ? ` the practice now: thank the candidate by first name, say "${PRACTICE_GOODBYE}" Never mention a hiring team or a review. Do not ask anything.`
          : ' the interview now: thank the candidate by first name, say the hiring team will review the conversation and email next steps, and say goodbye. Do not ask anything.')
      );
  }
}
