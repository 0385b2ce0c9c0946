import type { FastifyInstance, FastifyRequest } from 'fastify';
import { linkOrigin } from '../../../lib/link-origin';
import { createMailer } from '../../../services/email';

/** Links in these e-mails point where every e-mailed link does: PUBLIC_URL or the bound address. */
export const mailContext = (app: FastifyInstance) => ({
  ...createMailer(app.config).context,
  publicUrl: linkOrigin(app.config, app.server.address()),
});

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
