import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle, Db } from './client';
import { pgliteOptions } from './pglite-options';
import { pgliteHandle } from './pglite-handle';

/**
 * A ready embedded database folder (initdb done, migrations applied), made once by the server build.
 * Creating an embedded database from nothing runs initdb inside WebAssembly, which costs several
 * seconds of CPU; copying this folder costs a fraction of one. A start on an empty data folder copies
 * it and then opens the database as it would on a restart (migrations still run and add what is new).
 * Decision 0096.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
// src/db and dist/db are at the same depth: both find apps/server/dist/pgdata-template.
export const templateDir = path.resolve(here, '../../dist/pgdata-template');
export const migrationsFolder = path.resolve(here, '../../drizzle');
const stampFile = 'template-stamp';

/** The installed version of a package (its exports may hide package.json, so it is found by walking up). */
function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version: string };
    if (pkg.name === name) return pkg.version;
  }
  return 'unknown';
}

/**
 * Identifies what the template was made from: the PGlite build, the job queue (its tables are in the
 * template too) and the migration files.
 */
export function templateStamp(): string {
  const hash = crypto
    .createHash('sha256')
    .update(packageVersion('@electric-sql/pglite'))
    .update(packageVersion('pg-boss'));
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of walk(migrationsFolder))
    hash.update(path.relative(migrationsFolder, file)).update(fs.readFileSync(file));
  return hash.digest('hex');
}

function templateIsCurrent(): boolean {
  try {
    return fs.readFileSync(path.join(templateDir, stampFile), 'utf8') === templateStamp();
  } catch {
    return false;
  }
}

/**
 * Makes the template (build time). Returns false when the existing one is already current.
 * `prepare` adds what else a first start would create (the job queue's schema and queues), so a new
 * database does not pay for it either.
 */
export async function buildTemplate(prepare?: (database: DatabaseHandle) => Promise<void>): Promise<boolean> {
  if (templateIsCurrent()) return false;
  fs.rmSync(templateDir, { recursive: true, force: true });
  const dataDir = path.join(templateDir, 'pgdata');
  fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, pgliteOptions);
  await client.waitReady;
  const db = drizzle(client);
  await migrate(db, { migrationsFolder });
  await prepare?.(pgliteHandle(client, db as unknown as Db));
  await client.close();
  fs.writeFileSync(path.join(templateDir, stampFile), templateStamp());
  return true;
}

/**
 * Fills an empty or missing embedded database folder from the template, when a current one exists.
 * Anything already in the folder is left alone (an existing database is never overwritten).
 */
export function fillFromTemplate(pgdataDir: string): boolean {
  const empty = !fs.existsSync(pgdataDir) || fs.readdirSync(pgdataDir).length === 0;
  if (!empty || !templateIsCurrent()) return false;
  fs.cpSync(path.join(templateDir, 'pgdata'), pgdataDir, { recursive: true });
  return true;
}
