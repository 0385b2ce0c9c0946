// bench:pipeline part 3: the careful pass queue's bound when one address completes 50 interviews.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  admin,
  carefulJobs,
  countBy,
  createDatabase,
  liveReason,
  log,
  pause,
  round,
  summary,
  type Detail,
  type PipelineOptions,
} from './common';

/** Part 3, in this process: the server's own app on a fresh database, the careful engine a stub service. */
export async function runBound(o: PipelineOptions) {
  log('bound: starting');
  const { loadConfig } = await import('../../../apps/server/src/config/env');
  const { openDatabase } = await import('../../../apps/server/src/db/client');
  const { buildApp } = await import('../../../apps/server/src/app');
  const { ensureAdmin } = await import('../../../apps/server/src/accounts/users');
  const { completeInterview } = await import('../../../apps/server/src/interview/interviews');
  const { storeAnswerAudio } = await import('../../../apps/server/src/interview/transcript/answer-audio');
  const { seedInterview } = await import('../../../apps/server/test/assessment/fixtures');

  let requests = 0;
  const stub = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url !== '/v1/audio/transcriptions') return res.writeHead(404).end();
      requests++;
      setTimeout(
        () =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ text: 'Careful words', words: [{ word: 'Careful', start: 0, end: 0.4 }] })),
        o.stubDelayMs,
      );
    });
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  const db = await createDatabase('bound');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-pipeline-bound-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    SEED_SAMPLE_JOBS: 'false',
    STT_JOB_MODELS: 'false',
    CAREFUL_PASS: 'true',
    STT_BASE_URL: `${stubUrl}/v1`,
    STT_API_KEY: 'sk-bench',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  const database = await openDatabase({ databaseUrl: db.url, dataDir });
  const app = await buildApp({ config, database, logger: false });
  try {
    await ensureAdmin(database.db, admin.email, admin.password);
    await app.ready();
    const adminToken = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin })).json()
      .token as string;
    // 50 interviews by 25 accounts (two each, the account's second one later) from one address, and after every
    // tenth of them one real candidate from an address of their own.
    type Seeded = { id: string; candidateId: string; real: boolean; address: string };
    const order: Seeded[] = [];
    const bulkAccounts: string[] = [];
    // One interview per candidate and job: an account's second interview is for a second job.
    const jobIds: (string | undefined)[] = [undefined, undefined];
    const seed = async (real: boolean, address: string, candidateId?: string, second = false) => {
      const { interview, candidate, job } = await seedInterview(database.db, {
        status: 'in_progress',
        candidateId,
        jobId: jobIds[second ? 1 : 0],
      });
      jobIds[second ? 1 : 0] = job.id;
      // One answer of 3 s, kept as the live session keeps it: the careful engine is asked once per interview.
      await storeAnswerAudio(database.db, app.storage, interview, {
        pcm: new Int16Array(48_000).fill(300),
        turns: [{ seq: 1, start_seconds: 0 }],
      });
      return { id: interview.id, candidateId: candidate.id, real, address };
    };
    for (let i = 0; i < 50; i++) {
      const account = i % 25;
      const s = await seed(false, '198.18.0.1', bulkAccounts[account], i >= 25);
      bulkAccounts[account] = s.candidateId;
      order.push(s);
      if (i % 10 === 4) order.push(await seed(true, `192.0.2.${order.filter((o) => o.real).length + 1}`));
    }
    const passes = async () =>
      (
        await database.query(`SELECT data->>'interviewId' AS id FROM pgboss.job WHERE name = 'careful-transcript'`)
      ).rows.map((r) => (r as { id: string }).id);
    const assessedAt = async (id: string) =>
      (
        (await database.query(`SELECT assessed_at FROM interviews WHERE id = $1`, [id])).rows[0] as {
          assessed_at: Date | null;
        }
      ).assessed_at;
    const started = Date.now();
    const completedAt = new Map<string, number>();
    for (const s of order) {
      completedAt.set(s.id, Date.now());
      await completeInterview(database.db, s.id, s.candidateId, app.events, s.address);
      // As a burst, but in this order: the next one ends once this one's pass is queued or it is assessed.
      for (let n = 0; n < 600 && !(await passes()).includes(s.id) && !(await assessedAt(s.id)); n++) await pause(50);
    }
    const queuedAll = Date.now();
    for (const until = Date.now() + 10 * 60_000; Date.now() < until; await pause(250)) {
      const { rows } = await database.query(
        `SELECT count(*)::int AS n FROM interviews WHERE id = ANY($1::uuid[]) AND assessed_at IS NULL`,
        [order.map((o) => o.id)],
      );
      if ((rows[0] as { n: number }).n === 0) break;
    }
    const jobs = await carefulJobs(db.url);
    const detail = async (id: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/interviews/${id}`,
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).json() as Detail;
    const rows = await Promise.all(
      order.map(async (s) => {
        const d = await detail(s.id);
        const pass = jobs.get(s.id);
        const completed = Date.parse(d.completed_at!);
        return {
          ...s,
          admitted: Boolean(pass),
          pass_start_s: pass?.started_on ? round((pass.started_on.getTime() - completed) / 1000, 1) : null,
          assessed_s: d.assessed_at ? round((Date.parse(d.assessed_at) - completed) / 1000, 1) : null,
          transcript_pass: d.transcript_pass,
          live_because: d.transcript_pass === 'live' ? liveReason(d.provenance?.transcript_note) : undefined,
        };
      }),
    );
    const bulk = rows.filter((r) => !r.real);
    return {
      seeded:
        "through the server's code path in this process (seedInterview + storeAnswerAudio, then completeInterview with the client address), not sockets; ROLE=all, one heavy slot",
      careful_engine: `stub transcription service answering each request after ${o.stubDelayMs} ms (one 3 s answer per interview)`,
      limits: {
        CAREFUL_PASS_MAX_QUEUED: config.CAREFUL_PASS_MAX_QUEUED,
        CAREFUL_PASS_MAX_PER_ACCOUNT: config.CAREFUL_PASS_MAX_PER_ACCOUNT,
        CAREFUL_PASS_MAX_PER_ADDRESS: config.CAREFUL_PASS_MAX_PER_ADDRESS,
        CAREFUL_PASS_START_WITHIN_SECONDS: config.CAREFUL_PASS_START_WITHIN_SECONDS,
      },
      completed_in_s: round((queuedAll - started) / 1000, 1),
      one_address_50: {
        admitted: bulk.filter((r) => r.admitted).length,
        assessed_on_live: bulk.filter((r) => r.transcript_pass === 'live').length,
        live_because: countBy(bulk.flatMap((r) => (r.live_because ? [r.live_because] : []))),
        completion_to_assessment_s: summary(
          bulk.flatMap((r) => (r.assessed_s === null ? [] : [r.assessed_s])),
          1,
        ),
      },
      real_candidates: rows
        .filter((r) => r.real)
        .map((r) => ({
          completed_after_bulk: order.slice(0, order.indexOf(order.find((o) => o.id === r.id)!)).filter((o) => !o.real)
            .length,
          admitted: r.admitted,
          completion_to_pass_start_s: r.pass_start_s,
          completion_to_assessment_s: r.assessed_s,
          transcript_pass: r.transcript_pass,
          ...(r.live_because && { live_because: r.live_because }),
        })),
      stub_requests: requests,
    };
  } finally {
    await app.close();
    await database.close();
    await db.drop().catch((err: Error) => log(`database not dropped: ${err.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await new Promise<void>((r) => {
      stub.closeAllConnections();
      stub.close(() => r());
    });
  }
}
