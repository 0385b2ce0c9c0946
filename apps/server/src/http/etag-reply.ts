import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON reply made once: its bytes, their ETag, and their brotli and gzip forms. */
export type CachedReply = { body: Buffer; etag: string; br: Buffer; gzip: Buffer };

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
 * nothing changed.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedReply) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  // Compressed once when cached, never per request; small bodies go as they are.
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (cached.body.length >= 1024 && /\bbr\b/.test(accepted))
    return reply.header('content-encoding', 'br').send(cached.br);
  if (cached.body.length >= 1024 && /\bgzip\b/.test(accepted)) {
    return reply.header('content-encoding', 'gzip').send(cached.gzip);
  }
  // Bytes go out as they are (no per-request serialization).
  return reply.send(cached.body);
}
