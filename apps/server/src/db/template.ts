import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle, Db } from './client';
import { pgliteOptions } from './pglite-options';
import { pgliteHandle } from './pglite-handle';
import { STAMP_FILE, migrationsFolder, templateDir, templateIsCurrent, templateStamp } from './template-copy';

export { fillFromTemplate, migrationsFolder, templateDir } from './template-copy';

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
  fs.writeFileSync(path.join(templateDir, STAMP_FILE), templateStamp());
  return true;
}
