import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../http/http-errors';
import type { DocumentRow } from '../../documents';

/** Who did it, from where: kept with signatures and their audit trail. */
export const requestMeta = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

/** A limit per signed-in person (the route's authenticate hook runs first), so people behind one address do not share it. */
export const perUserLimit = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => `${name}:${request.auth?.sub ?? request.ip}`,
    hook: 'preHandler' as const,
  },
});

/** A signed document's sealed PDF, exactly the bytes whose SHA-256 was recorded at signing. */
export function sendSignedPdf(reply: FastifyReply, doc: DocumentRow) {
  if (!doc.pdf || !doc.sha256) throw notFound('This document is not signed yet');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${doc.key}-v${doc.version}-signed.pdf"`)
    .header('x-content-sha256', doc.sha256)
    .header('cache-control', 'private, no-store')
    .send(doc.pdf);
}
