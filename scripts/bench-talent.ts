// Talent search benchmark (issue 28, decision 0165): seeds 10,000 candidates with profiles, résumé
// text and two interview transcripts each (~2,000 words a person), then times GET /api/admin/talent
// (facets and snippets included) over 20 realistic searches, the time from a profile save to the
// change being found, and prints the query plan of a search. Embedded PGlite, then the PostgreSQL
// server of DATABASE_URL when set (in a database made for the run and dropped after).
//   npm run bench:talent [-- --people 10000 --rounds 5]
// BENCH_DATA_DIR keeps the seeded embedded database between runs (seeding and indexing take minutes);
// a kept database is brought up to date by the migrations when it is opened.
// The people are scripts/bench-talent/people.ts, the measurements scripts/bench-talent/measure.ts; this file
// opens each database, seeds it (or finds it seeded) and runs the measurements on it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { buildApp } from '../apps/server/src/app';
import { ensureAdmin } from '../apps/server/src/accounts/users';
import { seedPeople } from './bench-talent/people';
import { measureSearch } from './bench-talent/measure';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PEOPLE = arg('people', 10_000);
const ROUNDS = arg('rounds', 5);
const ADMIN = { email: 'bench-admin@example.test', password: 'bench-admin-password' };

async function run(
  label: string,
  open: () => Promise<{ database: DatabaseHandle; drop: () => Promise<void>; seeded?: boolean; keep?: () => void }>,
) {
  console.log(`\n${label}`);
  const { database, drop, seeded, keep } = await open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-talent-'));
  try {
    if (seeded) console.log('  kept database: already seeded');
    else {
      await seedPeople(database, PEOPLE);
      keep?.();
    }
    await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'silent',
      SEED_SAMPLE_JOBS: 'false',
      STT_JOB_MODELS: 'false',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).json().token as string;
    await measureSearch(database, app, token, ROUNDS);
    await app.close();
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('Embedded PostgreSQL (PGlite)', async () => {
  const kept = process.env.BENCH_DATA_DIR;
  const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-talent-db-'));
  const marker = path.join(dir, 'seeded');
  const seeded = kept !== undefined && fs.existsSync(marker);
  const database = await openDatabase({ dataDir: dir });
  return {
    database,
    seeded,
    keep: () => kept && fs.writeFileSync(marker, ''),
    drop: async () => {
      if (!kept) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});
if (process.env.DATABASE_URL) {
  await run('PostgreSQL server (DATABASE_URL)', async () => {
    // With BENCH_DATA_DIR, the seeded database is kept too (under a fixed name) for the next run.
    const kept = process.env.BENCH_DATA_DIR;
    const name = kept ? 'bench_talent_kept' : `bench_talent_${crypto.randomBytes(4).toString('hex')}`;
    const marker = kept ? path.join(kept, 'pg-seeded') : null;
    const seeded = marker !== null && fs.existsSync(marker);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    if (!seeded) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    return {
      database: await openDatabase({ databaseUrl: url.toString(), dataDir: null }),
      seeded,
      keep: () => marker && fs.writeFileSync(marker, ''),
      drop: async () => {
        if (kept) return;
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  });
}
