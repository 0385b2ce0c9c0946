import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { DatabaseHandle, Db } from './db/client';
import errorsPlugin from './http/errors-plugin';
import clusterPlugin from './wiring/cluster-plugin';
import metricsPlugin from './wiring/metrics-plugin';
import eventsPlugin from './http/events-plugin';
import { authPlugin, resolveJwtSecret } from './accounts';
import securityHeaders from './http/security-headers-plugin';
import inputRules from './http/input-rules-plugin';
import { registerApiRoutes } from './wiring/routes';
import healthRoutes from './wiring/health-routes';
import { interviewSocketRoutes } from './interview';
import jobsPlugin from './wiring/background-jobs';
import { accessLogPlugin } from './privacy';
import { storagePlugin } from './storage';
import { withLogSafety } from './lib/logging';
import type { Clock } from './lib/clock';
import { useDataKeys, remaskShortNumbers } from './money';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: DatabaseHandle;
  }
}

export type BuildOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Pino logger options; false silences logs (tests). */
  logger?: boolean | object;
  /** The live socket's clock (its real-time audio budget) and the campaign sweep's; tests pass a manual one. */
  clock?: Clock;
};

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole application (API, web app, later the live socket) without listening. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    // Never log credentials or user data: redacted URLs and headers, errors without SQL parameters.
    logger: withLogSafety(opts.logger === undefined ? { level: config.LOG_LEVEL } : opts.logger),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);
  // The key that encrypts account numbers and TINs at rest (money/encryption.ts).
  useDataKeys(config);
  // Masks saved before decision 0221 may show a short number whole: recomputed once the app is ready,
  // in the background (a scan of the money tables stays off the path to healthy).
  app.addHook('onReady', async () => {
    void remaskShortNumbers(database.db, app.log).catch((err: Error) =>
      app.log.warn({ err: err.message }, 'Recomputing the masks of short numbers failed'),
    );
  });
  // Uploaded files: DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set.
  await app.register(storagePlugin);

  await app.register(errorsPlugin);
  const webDist = config.WEB_DIST_DIR ?? defaultWebDist;
  const prerendered = readPrerendered(webDist);
  await app.register(securityHeaders, { scriptHashes: prerendered.scriptHashes });
  await app.register(inputRules);
  await app.register(eventsPlugin);
  // Redis (optional), shared counters and route rate limits, the instance bus.
  await app.register(clusterPlugin);
  await app.register(metricsPlugin);
  await app.register(authPlugin, {
    secret: resolveJwtSecret(config.JWT_SECRET, config.dataDir),
    expiresIn: config.JWT_EXPIRES_IN,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Talent marketplace API', version: '0.1.0' },
      components: {
        securitySchemes: {
          session: {
            type: 'http',
            scheme: 'bearer',
            description: 'A signed-in person: the token of POST /api/auth/login.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'A provider API key (tm_...), for the operations that list it with the scope they need.',
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: markApiKeyOperations,
  });

  // Background jobs (assessment, e-mail); before the routes so its reply hooks see them.
  await app.register(jobsPlugin, { clock: opts.clock });
  // Admin openings of recordings and résumés; before the routes so its reply hook sees them.
  await app.register(accessLogPlugin);

  // A worker (ROLE=worker, decision 0243) serves health and metrics only: its work is the job queue's.
  if (config.ROLE === 'worker') {
    await app.register(healthRoutes, { prefix: '/api' });
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({
        detail: `Not found: ${request.method} ${request.url.split('?')[0]} (a worker instance serves /api/health and /metrics only)`,
      }),
    );
    return app;
  }

  await app.register(
    async (api) => {
      await registerApiRoutes(api);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  // The live interview socket (/ws/session).
  await app.register(interviewSocketRoutes, { clock: opts.clock });

  await registerWebApp(app, webDist, prerendered.pages);
  return app;
}

/**
 * The OpenAPI document marks the operations an API key may call (issue 47): each lists the apiKey
 * scheme with the scope its route declares, beside the signed-in session every operation takes.
 */
const markApiKeyOperations: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const scope = (input.route.config as { apiKeyScope?: string } | undefined)?.apiKeyScope;
  if (!scope) return out;
  const security: { [scheme: string]: string[] }[] = [{ session: [] }, { apiKey: [scope] }];
  return { ...out, schema: { ...out.schema, security, 'x-api-key-scope': scope } as typeof out.schema };
};

/** What the web build's prerender wrote (decision 0130); nothing without a build. */
type Prerendered = {
  /** Path (e.g. '/login') -> the page for it in the build, sent instead of index.html. */
  pages: Record<string, string>;
  /** CSP sources ('sha256-...') of the inline scripts in those pages. */
  scriptHashes: string[];
};

function readPrerendered(distDir: string): Prerendered {
  const file = path.join(distDir, 'prerendered.json');
  if (!fs.existsSync(file)) return { pages: {}, scriptHashes: [] };
  const read = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Prerendered>;
  const pages = Object.fromEntries(
    Object.entries(read.pages ?? {}).filter(([, page]) => fs.existsSync(path.join(distDir, page))),
  );
  // Hash sources only: nothing else from the file reaches the policy.
  const scriptHashes = (read.scriptHashes ?? []).filter((h) => /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(h));
  return { pages, scriptHashes };
}

/**
 * Serves the built single-page app; any non-API GET falls back to index.html (client-side routes),
 * or to the page prerendered for that path (/login; decision 0130).
 * Files come precompressed from the build (brotli, gzip; Vary: Accept-Encoding). Hashed assets
 * never change under their name, so browsers keep them for a year without asking; index.html is
 * revalidated on every visit so a new release shows at once (decision 0098).
 */
async function registerWebApp(app: FastifyInstance, distDir: string, pages: Record<string, string>) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/ws/');
    // A missing hashed asset (an old release's chunk) is a 404, not the page in place of a script.
    const isAsset = urlPath.startsWith('/assets/');
    // HEAD as GET (uptime checks, link previews); Node leaves the body out.
    if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD') && hasBuild) {
      return reply.type('text/html').sendFile(pages[urlPath] ?? 'index.html');
    }
    return reply.status(404).send({ detail: `Not found: ${request.method} ${urlPath}` });
  });
}
