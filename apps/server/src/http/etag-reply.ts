import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON reply made once: its text and size in bytes, their ETag, and their brotli and gzip forms.
 * The text stays a string, as Fastify's own JSON replies are: Node joins a string body to the header
 * block in one chunk, where a Buffer body is one more chunk for the socket's `writev` (decision 0252).
 */
export type CachedReply = { body: string; bytes: number; etag: string; br: Buffer; gzip: Buffer };

/** True when an If-None-Match header names this ETag (a list, `*`, or weak forms W/"..."). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Sends ready-made JSON with its ETag, or 304 when the client already holds it. `no-cache` lets
 * browsers keep the reply but ask each time, so a job change shows at once and costs nothing when
 * nothing changed. A reply still being made is sent when it is ready (an error goes to the error
 * handler); a ready one is sent at once, without a turn of the promise queue (decision 0252).
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedReply | Promise<CachedReply>,
): void {
  if (cached instanceof Promise) {
    void cached.then(
      (ready) => sendReady(request, reply, ready),
      (err: unknown) => reply.send(err),
    );
  } else sendReady(request, reply, cached);
}

function sendReady(request: FastifyRequest, reply: FastifyReply, cached: CachedReply): void {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], cached.etag)) return void reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  // Compressed once when cached, never per request; small bodies go as they are.
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (cached.bytes >= 1024 && /\bbr\b/.test(accepted))
    return void reply.header('content-encoding', 'br').send(cached.br);
  if (cached.bytes >= 1024 && /\bgzip\b/.test(accepted)) {
    return void reply.header('content-encoding', 'gzip').send(cached.gzip);
  }
  // The text goes out as it is (no per-request serialization).
  reply.send(cached.body);
}
