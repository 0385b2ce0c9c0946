import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
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
import errorsPlugin from './plugins/errors';
import authPlugin, { resolveJwtSecret } from './plugins/auth';
import { registerApiRoutes } from './routes/api';
import interviewSocketRoutes from './routes/ws/session';
import jobsPlugin from './jobs';
import { storagePlugin } from './services/storage';

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
};

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole application (API, web app, later the live socket) without listening. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === undefined
        ? {
            level: config.LOG_LEVEL,
            // Never log credentials.
            redact: ['req.headers.authorization', 'req.body.password'],
          }
        : opts.logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);
  // Uploaded files: DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set.
  await app.register(storagePlugin);

  await app.register(errorsPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, {
    secret: resolveJwtSecret(config.JWT_SECRET, config.dataDir),
    expiresIn: config.JWT_EXPIRES_IN,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Talent marketplace API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });

  // Background jobs (assessment, e-mail); before the routes so its reply hooks see them.
  await app.register(jobsPlugin);

  await app.register(
    async (api) => {
      await registerApiRoutes(api);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  // The live interview socket (/ws/session).
  await app.register(interviewSocketRoutes);

  await registerWebApp(app, config.WEB_DIST_DIR ?? defaultWebDist);
  return app;
}

/** Serves the built single-page app; any non-API GET falls back to index.html (client-side routes). */
async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/ws/');
    if (!isApi && request.method === 'GET' && hasBuild) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ detail: `Not found: ${request.method} ${urlPath}` });
  });
}
