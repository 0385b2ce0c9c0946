import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/config/env';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { buildApp } from '../../src/app';
import { users } from '../../src/db/schema';
import { ensureAdmin } from '../../src/accounts/users';
import type { Clock } from '../../src/lib/clock';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** One call as `token`'s user (null or left out: no session), with a JSON body when one is given. */
type Call = (url: string, token?: string | null, payload?: object) => Promise<LightMyRequestResponse>;
export type Requests = Record<'get' | 'post' | 'put' | 'patch' | 'delete', Call>;

/** The calls most tests make, one line each instead of an `inject` block. */
export function requests(app: FastifyInstance): Requests {
  const call =
    (method: Method): Call =>
    (url, token, payload) =>
      app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined && { payload }) });
  return { get: call('GET'), post: call('POST'), put: call('PUT'), patch: call('PATCH'), delete: call('DELETE') };
}

export type TestContext = Requests & {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Registers a candidate and returns its token and user. */
  signUp: (email?: string, password?: string) => Promise<{ token: string; user: { id: string; email: string } }>;
  /** Logs in the admin account created for every test app. */
  adminToken: () => Promise<string>;
  close: () => Promise<void>;
};

export const ADMIN = { email: 'admin@example.test', password: 'admin-password-1' };

/** A test app, its admin's token and id: what most route test files set up once in `beforeAll`. */
export async function buildTestAppWithAdmin(...args: Parameters<typeof buildTestApp>) {
  const t = await buildTestApp(...args);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return { t, admin: await t.adminToken(), adminId: row!.id };
}

/** A test app listening on a free port, and the URL of its interview socket. */
export async function buildSocketTestApp(...args: Parameters<typeof buildTestApp>) {
  const t = await buildTestApp(...args);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, ws: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws/session` };
}

/**
 * A fresh database per call: an in-memory PGlite, or, when TEST_DATABASE_URL is set, a new database
 * created on that PostgreSQL server (dropped on close). Migrations run on both.
 */
export async function freshDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ dataDir: null }), drop: async () => {} };
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function buildTestApp(
  env: Record<string, string> = {},
  opts: {
    logger?: object;
    clock?: Clock;
    /** Runs on the migrated database before the app is built (rows the app must find when it starts). */
    beforeApp?: (database: DatabaseHandle) => Promise<void>;
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-123',
    LOG_LEVEL: 'silent',
    SEED_SAMPLE_JOBS: 'false',
    // Job recognition models take ~30 s of CPU each; the tests that need one build it themselves.
    STT_JOB_MODELS: 'false',
    // The careful pass builds a model and runs sphinxtrain per interview; its own tests turn it on.
    CAREFUL_PASS: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const { database, drop } = await freshDatabase();
  await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
  await opts.beforeApp?.(database);
  const app = await buildApp({ config, database, logger: opts.logger ?? false, clock: opts.clock });
  await app.ready();

  let counter = 0;
  const signUp: TestContext['signUp'] = async (email, password = 'secret123') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: email ?? `user${++counter}-${crypto.randomUUID().slice(0, 8)}@example.test`, password },
    });
    if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const adminToken = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
    return res.json().token as string;
  };

  return {
    ...requests(app),
    app,
    database,
    config,
    signUp,
    adminToken,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A POST of `text` exactly as given, labelled JSON: for bodies JSON.stringify never makes (empty, cut off). */
export const postJsonText = (app: FastifyInstance, url: string, text: string, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
    payload: text,
  });
