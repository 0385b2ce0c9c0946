// bench:pipeline part 2: careful passes per CPU-minute with one worker process, then two.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { FRAMER_JOB } from '../framer-interview';
import { startLocalServer } from '../local-server';
import {
  admin,
  cpuSeconds,
  createDatabase,
  interview,
  loadBetween,
  log,
  pause,
  query,
  recognitionEntries,
  resetRecognition,
  round,
  scrape,
  type Kept,
  type PipelineOptions,
} from './common';

/**
 * Interviews with kept answer audio for the throughput part when the set-ups did not run: ROLE=all with no
 * careful pass admitted (CAREFUL_PASS_MAX_QUEUED=0), so each is assessed on its live text and waits for the bench.
 */
async function seedForThroughput(audio: Int16Array[], o: PipelineOptions): Promise<Kept> {
  log('throughput: seeding interviews');
  const database = await createDatabase('throughput');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-pipeline-throughput-'));
  const web = startLocalServer({
    port: o.basePort + 4,
    dataPrefix: '',
    admin,
    dataDir,
    env: {
      DATABASE_URL: database.url,
      CAREFUL_PASS: 'true',
      CAREFUL_PASS_MAX_QUEUED: '0',
      INTERVIEW_MAX_LIVE: String(o.maxLive),
    },
  });
  try {
    await web.ready(900_000);
    const adminToken = (await web.api('/api/auth/login', admin)).token as string;
    const job = await web.api('/api/admin/jobs', FRAMER_JOB, adminToken);
    await web.jobModelBuilt();
    const jobModels = recognitionEntries(dataDir);
    const done = await Promise.all(
      Array.from({ length: o.throughputPasses }, async (_, i) =>
        interview(web, {
          token: await web.consentingCandidate(`seed-${i}`, job.id),
          adminToken,
          jobId: job.id,
          address: '127.0.0.1',
          audio,
          first: i,
          maxAnswers: o.answersEach,
          keepGoing: () => true,
        }),
      ),
    );
    return {
      databaseUrl: database.url,
      dataDir,
      interviewIds: done.map((d) => d.interviewId),
      jobModels,
      drop: database.drop,
    };
  } finally {
    await web.stop();
  }
}

/** Careful passes re-queued for `ids`, run by `workers` worker processes (WORKER_CONCURRENCY=1 each). */
async function throughputRound(set: Kept, ids: string[], workers: number, o: PipelineOptions) {
  // Nothing left from before (the set-up's unfinished jobs); no model the earlier round built.
  await query(set.databaseUrl, `DELETE FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`);
  // A pass finds a careful record written already and stops (careful-transcript.ts): in this throwaway
  // database the record is marked live again, so each round does the whole pass.
  await query(set.databaseUrl, `UPDATE interviews SET transcript_pass = 'live' WHERE id = ANY($1::uuid[])`, [ids]);
  resetRecognition(set.dataDir, set.jobModels);
  const procs = Array.from({ length: workers }, (_, i) =>
    startLocalServer({
      port: o.basePort + 5 + i,
      dataPrefix: '',
      admin,
      dataDir: set.dataDir,
      env: { DATABASE_URL: set.databaseUrl, ROLE: 'worker', WORKER_CONCURRENCY: '1', CAREFUL_PASS: 'true' },
    }),
  );
  try {
    for (const p of procs) await p.ready(900_000);
    const cpu0 = procs.map((p) => cpuSeconds(p.server.pid!));
    const boss = new PgBoss({
      connectionString: set.databaseUrl,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
    });
    boss.on('error', (err) => log(`pg-boss: ${err.message}`));
    await boss.start();
    const started = Date.now();
    const jobIds: string[] = [];
    try {
      for (const interviewId of ids) {
        const id = await boss.send('careful-transcript', { interviewId });
        if (id) jobIds.push(id);
      }
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
    let states: { state: string; n: number }[] = [];
    for (const until = Date.now() + 60 * 60_000; Date.now() < until; await pause(1000)) {
      states = await query<{ state: string; n: number }>(
        set.databaseUrl,
        `SELECT state, count(*)::int AS n FROM pgboss.job WHERE id = ANY($1::uuid[]) GROUP BY state`,
        [jobIds],
      );
      if (states.every((s) => s.state === 'completed' || s.state === 'failed')) break;
    }
    const wall = (Date.now() - started) / 1000;
    const written = await query<{ n: number }>(
      set.databaseUrl,
      `SELECT count(*)::int AS n FROM interviews WHERE id = ANY($1::uuid[]) AND transcript_pass = 'careful'`,
      [ids],
    );
    const cpu = procs.reduce((sum, p, i) => sum + cpuSeconds(p.server.pid!) - cpu0[i]!, 0);
    const fellBack = (
      await Promise.all(
        procs.map((_, i) => scrape(`http://127.0.0.1:${o.basePort + 5 + i}`, ['careful_pass_live_fallbacks_total'])),
      )
    ).flatMap((m) => Object.entries(m));
    return {
      workers,
      passes: ids.length,
      outcome: Object.fromEntries(states.map((s) => [s.state, s.n])),
      careful_records_written: written[0]?.n ?? 0,
      passes_on_live_text: Object.fromEntries(fellBack),
      wall_seconds: round(wall),
      cpu_seconds: round(cpu),
      passes_per_cpu_minute: round(ids.length / (cpu / 60), 2),
      passes_per_wall_minute: round(ids.length / (wall / 60), 2),
      load_average_1m: loadBetween(started, Date.now()),
    };
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
  }
}

/** Part 2 on set-up (b)'s interviews (`kept`), or on interviews seeded for it. */
export async function runThroughput(kept: Kept | null, audio: Int16Array[] | null, o: PipelineOptions) {
  const set = kept ?? (await seedForThroughput(audio!, o));
  try {
    const ids = set.interviewIds.slice(0, o.throughputPasses);
    log(`throughput: ${ids.length} passes, one worker`);
    const one = await throughputRound(set, ids, 1, o);
    log(`throughput: ${ids.length} passes, two workers`);
    const two = await throughputRound(set, ids, 2, o);
    return {
      what: 'careful passes re-queued for interviews already assessed; each builds its job + candidate models (deleted after every pass) and decodes; CPU = utime+stime+cutime+cstime of the worker processes',
      one_worker: one,
      two_workers: two,
      wall_speed_up: round(one.wall_seconds / two.wall_seconds, 2),
    };
  } finally {
    await set.drop().catch((err: Error) => log(`database not dropped: ${err.message}`));
    fs.rmSync(set.dataDir, { recursive: true, force: true });
  }
}
