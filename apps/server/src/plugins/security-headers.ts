import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** A Host header reduced to what a host name and port can contain (it ends up in a header value). */
const safeHost = (host: string | undefined) => (host ?? '').replace(/[^A-Za-z0-9.:[\]-]/g, '');

/**
 * Security headers on every response (decision 0084). The CSP fits the built SPA: scripts and
 * styles from this origin only (no inline scripts; inline style attributes are allowed because
 * React sets progress-bar widths through them), the API and the live socket on this host, media
 * and images from this host, blob: (recording playback, the console's recording player) and
 * https: (task media an admin linked from elsewhere). HSTS only when PUBLIC_URL is https.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const https = app.config.PUBLIC_URL?.startsWith('https:') ?? false;
    const publicHost = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).host : null;
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: [
            "'self'",
            (req) => {
              const host = publicHost ?? safeHost(req.headers.host);
              return host ? `ws://${host} wss://${host}` : "'self'";
            },
          ],
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
    });
  },
  { name: 'security-headers' },
);
