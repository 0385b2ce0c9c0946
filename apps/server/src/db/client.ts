import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { fillFromTemplate, migrationsFolder } from './template-copy';
import { pgliteOptions } from './pglite-options';
import { pgliteHandle } from './pglite-handle';

/** Both drivers expose the same query builder; the app is written against this one type. */
export type Db = NodePgDatabase<typeof schema>;

export type DatabaseHandle = {
  db: Db;
  kind: 'embedded' | 'postgres';
  /** Raw SQL for infrastructure that needs it (the job queue). */
  query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
  /** Raw SQL in one transaction: committed when `work` resolves, rolled back when it throws. */
  transaction: <T>(work: (query: RawQuery) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export type RawQuery = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is set, otherwise embedded PostgreSQL
 * (PGlite) persisted in `dataDir` (or in memory when dataDir is null, for tests). Applies migrations.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string | null }): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, admin termination) must not crash the
    // process; the pool replaces it on the next query.
    pool.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      query: async (text, params) => pool.query(text, params as unknown[]),
      transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work(async (text, params) => client.query(text, params as unknown[]));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pgdata');
    // A new database starts as a copy of the built template instead of running initdb (decision 0096).
    await fillFromTemplate(dir);
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, pgliteOptions);
  } else {
    client = new PGlite(pgliteOptions);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return pgliteHandle(client, db);
}
