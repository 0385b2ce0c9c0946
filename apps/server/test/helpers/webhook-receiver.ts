import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };

/**
 * A provider's endpoint for tests, on 127.0.0.1: it keeps every request and answers with what
 * `respond` says (200 unless told otherwise).
 */
export async function startReceiver(
  respond: (req: Received, res: http.ServerResponse) => void = (_r, res) => res.writeHead(200).end('ok'),
) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '/', headers: req.headers, body, at: performance.now() };
      received.push(r);
      for (const w of waiters.splice(0)) w();
      respond(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    /** Resolves once `count` requests have arrived. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((r) => waiters.push(r));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a receiver does with the Webhook-Signature header: recompute and compare in constant time. */
export function verifySignature(secret: string, header: string, body: string): { ok: boolean; t: number } {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  const expected = crypto.createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'utf8');
  const ok = given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected, 'utf8'));
  return { ok, t };
}
