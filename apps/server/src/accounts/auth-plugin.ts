import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import { API_KEY_PREFIX, type ApiKeyScope, type Role } from '@app/shared';
import { forbidden, unauthorized } from '../http/http-errors';
import { parseDuration } from '../lib/duration';
import { createSession, isSessionActive } from './sessions';
import { authenticateApiKey } from './api-keys';

/** `sid` names the server-side session (accounts/sessions.ts); revoking it ends the token. */
export type TokenClaims = { sub: string; role: Role; sid: string };

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
    /** Opens a server-side session for the user and returns its signed token. */
    issueToken: (user: { id: string; role: Role }) => Promise<string>;
    /** Verifies a token's signature, expiry and server-side session; throws 401 otherwise. */
    verifyToken: (token: string) => Promise<TokenClaims>;
  }
  interface FastifyRequest {
    /** The caller's claims when authenticated (set by the preHandlers above). */
    auth?: TokenClaims;
    /** Set when the caller authenticated with an API key instead of a session (issue 47). */
    apiKey?: { id: string; scopes: string[] };
  }
  interface FastifyContextConfig {
    /**
     * The scope an API key needs to call this route (issue 47). Routes without one refuse keys: a
     * key reaches only what was opened to it on purpose.
     */
    apiKeyScope?: ApiKeyScope;
    /**
     * The key may also come as the HTTP Basic user name (password empty): how Greenhouse's
     * assessment-partner calls authenticate (issue 47).
     */
    apiKeyBasic?: boolean;
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

    const lifetimeMs = parseDuration(opts.expiresIn);

    async function verifyToken(token: string): Promise<TokenClaims> {
      let claims: TokenClaims;
      try {
        claims = app.jwt.verify<TokenClaims>(token);
      } catch {
        throw unauthorized('Invalid or expired token');
      }
      // Tokens from before server-side sessions carry no sid: they cannot be revoked, so they are refused.
      if (typeof claims.sid !== 'string' || !(await isSessionActive(app.db, claims.sid, claims.sub))) {
        throw unauthorized('Session has ended; please sign in again');
      }
      return { sub: claims.sub, role: claims.role, sid: claims.sid };
    }

    async function verify(request: FastifyRequest): Promise<TokenClaims> {
      const header = request.headers.authorization;
      if (!header) throw unauthorized('Not authenticated');
      const basic = /^Basic\s+(\S+)$/i.exec(header);
      if (basic && request.routeOptions.config.apiKeyBasic) {
        const user = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] ?? '';
        if (!user.startsWith(API_KEY_PREFIX)) throw unauthorized('Invalid API key');
        return verifyApiKey(request, user);
      }
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthorized('Invalid or expired token');
      if (match[1]!.startsWith(API_KEY_PREFIX)) return verifyApiKey(request, match[1]!);
      return verifyToken(match[1]!);
    }

    /** An API key stands for the admin who made it, on the routes that declare one of its scopes. */
    async function verifyApiKey(request: FastifyRequest, key: string): Promise<TokenClaims> {
      const caller = await authenticateApiKey(app.db, key);
      const scope = request.routeOptions.config.apiKeyScope;
      if (!scope) throw forbidden('This call does not take an API key; it needs a signed-in person.');
      if (!caller.scopes.includes(scope)) throw forbidden(`This API key does not have the scope ${scope}.`);
      request.apiKey = { id: caller.keyId, scopes: caller.scopes };
      // A key has no session: `sid` names the key, so nothing mistakes it for a session to end.
      return { sub: caller.userId, role: caller.role, sid: `api-key:${caller.keyId}` };
    }

    app.decorate('verifyToken', verifyToken);
    app.decorate('issueToken', async (user: { id: string; role: Role }) => {
      const sid = await createSession(app.db, user.id, lifetimeMs);
      return app.jwt.sign({ sub: user.id, role: user.role, sid });
    });
    app.decorateRequest('auth', undefined);
    app.decorateRequest('apiKey', undefined);
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
