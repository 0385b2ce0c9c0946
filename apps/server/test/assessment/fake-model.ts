import { startStubServer } from '../helpers/stub-server';

type ChatRequest = { model: string; messages: { role: string; content: string }[]; response_format?: unknown };

/**
 * A local server speaking the OpenAI chat completions format. `reply` decides the message content of
 * each call (0-based); every request body is kept for assertions.
 */
export async function startFakeModel(reply: (call: number, req: ChatRequest) => string | { status: number }) {
  const requests: ChatRequest[] = [];
  const server = await startStubServer((req, body, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const parsed = JSON.parse(body.toString()) as ChatRequest;
    requests.push(parsed);
    const out = reply(requests.length - 1, parsed);
    if (typeof out !== 'string') {
      res.writeHead(out.status, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: parsed.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: out } }],
      }),
    );
  });
  return { baseUrl: `${server.url}/v1`, requests, close: server.close };
}

/** A valid model answer whose quotes are the given strings (one per criterion, in rubric order). */
export function modelAnswer(
  quotes: [string, string, string, string],
  scores: [number, number, number, number] = [4, 5, 4, 3],
) {
  const keys = ['communication', 'creative_expertise', 'critique_ability', 'role_fit'];
  return JSON.stringify({
    criteria: keys.map((key, i) => ({
      key,
      score: scores[i],
      rationale: `Because of what the candidate said (${key}).`,
      quotes: [quotes[i]],
    })),
    recommendation: 'advance',
    summary: 'An experienced designer who explains critique clearly.',
  });
}
