import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** A Host header reduced to what a host name and port can contain (it ends up in a header value). */
const safeHost = (host: string | undefined) => (host ?? '').replace(/[^A-Za-z0-9.:[\]-]/g, '');

/** Distinct Host headers whose header sets are kept; beyond it the oldest is dropped (hostile Hosts). */
const MAX_HOSTS = 64;

type HeaderSet = Record<string, string>;

/**
 * Security headers on every response (decision 0084). The CSP fits the built SPA: scripts and
 * styles from this origin only (no inline scripts but those the build's prerender lists by hash,
 * decision 0130; inline style attributes are allowed because
 * React sets progress-bar widths through them), the API and the live socket on this host, media
 * and images from this host, blob: (recording playback, the console's recording player) and
 * https: (task media an admin linked from elsewhere). HSTS only when PUBLIC_URL is https.
 *
 * helmet writes the headers; running its twelve middlewares on every request cost more than the
 * job list itself (decision 0097), so its output is taken once per host and replayed.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, opts: { scriptHashes?: string[] }) {
    const https = app.config.PUBLIC_URL?.startsWith('https:') ?? false;
    const publicHost = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).host : null;
    const headersForHost = (host: string): HeaderSet =>
      headersOf(
        helmet({
          contentSecurityPolicy: {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              // The inline scripts of the prerendered pages, by hash (decision 0130).
              scriptSrc: ["'self'", ...(opts.scriptHashes ?? [])],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
              mediaSrc: ["'self'", 'blob:', 'https:'],
              fontSrc: ["'self'", 'data:'],
              connectSrc: ["'self'", host ? `ws://${host} wss://${host}` : "'self'"],
              workerSrc: ["'self'", 'blob:'],
              objectSrc: ["'none'"],
              frameSrc: ["'none'"],
              frameAncestors: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
            },
          },
          // The interview page needs the microphone and camera of this origin only.
          crossOriginEmbedderPolicy: false,
          frameguard: { action: 'deny' },
          referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
          strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
        }),
      );

    // With PUBLIC_URL there is one header set; without it, one per Host header as the client sent
    // it (looked up before it is cleaned, so a repeated Host costs one map lookup).
    const fixed = publicHost === null ? null : headersForHost(publicHost);
    const byHost = new Map<string, HeaderSet>();
    const headersFor = (hostHeader = ''): HeaderSet => {
      let headers = byHost.get(hostHeader);
      if (!headers) {
        headers = headersForHost(safeHost(hostHeader));
        if (byHost.size >= MAX_HOSTS) byHost.delete(byHost.keys().next().value as string);
        byHost.set(hostHeader, headers);
      }
      return headers;
    };

    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(fixed ?? headersFor(request.headers.host));
      done();
    });
  },
  { name: 'security-headers' },
);

/** The headers a helmet middleware sets, collected from one run against a stand-in response. */
function headersOf(middleware: ReturnType<typeof helmet>): HeaderSet {
  const headers: HeaderSet = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return headers;
}
