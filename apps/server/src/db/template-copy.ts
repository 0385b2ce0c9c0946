import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

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
export const STAMP_FILE = 'template-stamp';

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

export function templateIsCurrent(): boolean {
  try {
    return fs.readFileSync(path.join(templateDir, STAMP_FILE), 'utf8') === templateStamp();
  } catch {
    return false;
  }
}

const isEmpty = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** Copies the template beside the target folder and renames it into place: never a half-copied database. */
const COPY = `
const fs = require('node:fs');
const { source, target, partial } = require('node:worker_threads').workerData;
fs.rmSync(partial, { recursive: true, force: true });
fs.cpSync(source, partial, { recursive: true });
fs.rmSync(target, { recursive: true, force: true });
fs.renameSync(partial, target);
`;

const filling = new Map<string, Promise<boolean>>();

/**
 * Fills an empty or missing embedded database folder from the template, when a current one exists;
 * resolves true once the folder is in place, false when there was nothing to do. Anything already
 * in the folder is left alone (an existing database is never overwritten).
 *
 * The copy (1,300 files) runs in a worker thread, so the server can start it before loading the
 * app's modules and have both at once (decision 0241); calls for the same folder share one copy.
 */
export function fillFromTemplate(pgdataDir: string): Promise<boolean> {
  let pending = filling.get(pgdataDir);
  if (!pending) {
    pending = isEmpty(pgdataDir) && templateIsCurrent() ? copyInWorker(pgdataDir) : Promise.resolve(false);
    filling.set(pgdataDir, pending);
    void pending.finally(() => filling.delete(pgdataDir)).catch(() => {});
  }
  return pending;
}

function copyInWorker(pgdataDir: string): Promise<boolean> {
  const workerData = { source: path.join(templateDir, 'pgdata'), target: pgdataDir, partial: `${pgdataDir}.partial` };
  return new Promise((resolve, reject) => {
    const worker = new Worker(COPY, { eval: true, workerData });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve(true) : reject(new Error(`template copy exited with ${code}`)),
    );
  });
}
