import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config/env';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { buildApp } from '../../src/app';
import { ensureAdmin } from '../../src/accounts/users';
import { ADMIN } from './build';

/** Cluster tests need a PostgreSQL server and a Redis server; without them they are skipped. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const clusterSkipReason =
  TEST_REDIS_URL && TEST_DATABASE_URL
    ? null
    : 'cluster tests skipped: set TEST_DATABASE_URL and TEST_REDIS_URL (a PostgreSQL and a Redis server)';
if (clusterSkipReason) console.warn(clusterSkipReason);

export type Instance = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port>/ws/session */
  ws: string;
  /** Everything the instance logged (JSON lines). */
  logs: string[];
  stopped: boolean;
  stop: () => Promise<void>;
};

/** One PostgreSQL database for a whole test file (dropped by the returned function). */
export async function sharedDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cluster_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A test file's database and the instances it starts on it: the database is created before the
 * file's tests; after them every instance is stopped and the database dropped.
 */
export function useClusterDatabase(): (env?: Record<string, string>) => Promise<Instance> {
  let db: { url: string; drop: () => Promise<void> } | undefined;
  const started: Instance[] = [];
  beforeAll(async () => {
    db = await sharedDatabase();
  });
  afterAll(async () => {
    for (const i of started) await i.stop();
    await db?.drop();
  });
  return async (env = {}) => {
    const i = await startInstance(db!.url, env);
    started.push(i);
    return i;
  };
}

/** A login on one instance, from `remoteAddress` (the limits count per e-mail and per address). */
export const loginAt = (at: Instance, email: string, password: string, remoteAddress = '203.0.113.9') =>
  at.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

/**
 * An app instance as a process would run it (own connection pool, own in-process state), listening
 * on a free port, on the shared database and, unless `REDIS_URL` is overridden, the test Redis.
 */
export async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    JWT_SECRET: 'cluster-secret-cluster-secret-cluster-1',
    LOG_LEVEL: 'info',
    SEED_SAMPLE_JOBS: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const database = await openDatabase({ databaseUrl, dataDir: null });
  await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ config, database, logger: { level: 'info', stream } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const instance: Instance = {
    app,
    database,
    url: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}/ws/session`,
    logs,
    stopped: false,
    stop: async () => {
      if (instance.stopped) return;
      instance.stopped = true;
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return instance;
}

/** A unique Redis key prefix per test file, so parallel runs and other apps never meet. */
export const redisPrefix = () => `cluster_${crypto.randomBytes(4).toString('hex')}:`;

/**
 * A TCP relay to Redis that the test can cut and restore: "Redis went away" without touching the
 * real server other users share.
 */
export class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(port = 0): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(port || this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Stops listening and drops every open connection mid-stream. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

export const redisTarget = () => {
  const u = new URL(TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  return { host: u.hostname, port: Number(u.port || 6379) };
};

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 60_000, what = 'condition') {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
