import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers one request, given with its whole body. */
export type StubAnswer = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => unknown;

/** A local HTTP server standing in for an outside service, at `url` (http://127.0.0.1:<port>). */
export async function startStubServer(answer: StubAnswer) {
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => answer(req, Buffer.concat(parts), res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      // Kept-alive client connections (and requests left unanswered on purpose) would hold close() up.
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Streams `pieces` as an OpenAI-compatible chat completion: server-sent events, one delta each. */
export function streamChatCompletion(res: http.ServerResponse, pieces: Iterable<string>) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const piece of pieces) {
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
  }
  res.end('data: [DONE]\n\n');
}
