import type { InterviewPlan } from '../../plan';
import { ProviderError, type ChatMessage, type Interviewer, type InterviewerRequest } from '../types';

export type OpenAiChatOptions = { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };

/**
 * An OpenAI-compatible streaming chat model as the interviewer. The interview plan is its system
 * prompt; the conductor's next move (ask this question, follow up, close) is added as an
 * instruction so time-keeping and the question budget stay in the server's hands.
 */
export class OpenAiInterviewer implements Interviewer {
  readonly name = 'openai-chat';
  constructor(
    private readonly plan: InterviewPlan,
    private readonly opts: OpenAiChatOptions,
  ) {}

  async *reply(request: InterviewerRequest, signal: AbortSignal): AsyncIterable<string> {
    const { baseUrl, apiKey, model, timeoutMs = 20000 } = this.opts;
    const messages: ChatMessage[] = [
      { role: 'system', content: this.plan.systemPrompt },
      ...request.history.slice(-30),
      { role: 'system', content: instructionFor(request) },
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
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
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
}

function instructionFor(r: InterviewerRequest): string {
  const time = `About ${Math.max(0, Math.round(r.minutesLeft))} minutes are left.`;
  switch (r.move.kind) {
    case 'greeting':
      return `Greet the candidate warmly in one or two sentences, then ask: "${r.move.question}"`;
    case 'question':
      return `${time} Acknowledge the candidate's last answer in one short sentence (no evaluation), then ask: "${r.move.question}"`;
    case 'follow_up':
      return `${time} The last answer was short or vague. Ask one specific follow-up about it, in the spirit of: "${r.move.question}"`;
    case 'closing':
      return 'Close the interview now: thank the candidate by first name, say the hiring team will review the conversation and email next steps, and say goodbye. Do not ask anything.';
  }
}
