import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { Role } from '@app/shared';
import { forbidden, unauthorized } from '../lib/http-errors';

export type TokenClaims = { sub: string; role: Role };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: requires a valid bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: requires a valid bearer token of an admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: reads a bearer token when one is sent; anonymous otherwise. */
    optionalAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (claims: TokenClaims) => string;
  }
  interface FastifyRequest {
    /** The caller's claims when authenticated (set by the preHandlers above). */
    auth?: TokenClaims;
  }
}

/** The secret from configuration, or one generated on first start and kept in the data folder. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: { secret: string; expiresIn: string }) {
    await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.expiresIn } });

    async function verify(request: FastifyRequest): Promise<TokenClaims> {
      if (!request.headers.authorization) throw unauthorized('Not authenticated');
      try {
        const claims = await request.jwtVerify<TokenClaims>();
        return { sub: claims.sub, role: claims.role };
      } catch {
        throw unauthorized('Invalid or expired token');
      }
    }

    app.decorate('signToken', (claims: TokenClaims) => app.jwt.sign(claims));
    app.decorateRequest('auth', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.auth = await verify(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      request.auth = await verify(request);
      if (request.auth.role !== 'admin') throw forbidden('Admin access required');
    });
    app.decorate('optionalAuth', async (request: FastifyRequest) => {
      if (request.headers.authorization) request.auth = await verify(request);
    });
  },
  { name: 'auth' },
);
