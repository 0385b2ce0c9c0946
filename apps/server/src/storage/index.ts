import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './types';

export * from './types';
export * from './files';
export { LocalStorage } from './local';
export { S3Storage } from './s3';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (local folder or S3-compatible bucket). */
    storage: Storage;
  }
}

/** S3 when S3_BUCKET is set, otherwise the folder DATA_DIR/uploads. */
export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalStorage(path.join(config.dataDir, 'uploads'));
}

/** Decorates the app with `storage`. */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { storage?: Storage }) => {
    app.decorate('storage', opts.storage ?? createStorage(app.config));
  },
  { name: 'storage' },
);
