// bench:pipeline part 1: ROLE=all, or ROLE=web + ROLE=worker, under twelve interviews ending at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FRAMER_JOB } from '../framer-interview';
import { startLocalServer } from '../local-server';
import {
  admin,
  carefulJobs,
  countBy,
  cpuSeconds,
  createDatabase,
  interview,
  liveReason,
  loadBetween,
  log,
  pause,
  query,
  recognitionEntries,
  round,
  scrape,
  summary,
  type Detail,
  type Kept,
  type PipelineOptions,
  type Server,
  type Turn,
} from './common';

/** Set-up (a) 'all' or (b) 'split' (web + worker). Keeps the database and data folder when `keep`. */
export async function runSetup(kind: 'all' | 'split', audio: Int16Array[], keep: boolean, o: PipelineOptions) {
  log(`set-up ${kind}: starting`);
  const database = await createDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tm-pipeline-${kind}-`));
  const env = {
    DATABASE_URL: database.url,
    TRUST_PROXY: 'true',
    INTERVIEW_MAX_LIVE: String(o.maxLive),
    INTERVIEW_MAX_QUESTIONS: '50',
    CAREFUL_PASS: 'true',
    // Every simulated candidate signs up from this machine's address.
    REGISTER_LIMIT_PER_IP: '1000',
  };
  const port = o.basePort + (kind === 'all' ? 0 : 2);
  const web = startLocalServer({
    port,
    dataPrefix: '',
    admin,
    dataDir,
    env: { ...env, ROLE: kind === 'all' ? 'all' : 'web' },
  });
  let worker: Server | null = null;
  const base = `http://127.0.0.1:${port}`;
  let keptForThroughput = false;
  let kept: Kept | null = null;
  try {
    await web.ready(900_000);
    if (kind === 'split') {
      // After the web instance: each process runs the migrations as it starts.
      worker = startLocalServer({ port: port + 1, dataPrefix: '', admin, dataDir, env: { ...env, ROLE: 'worker' } });
      await worker.ready(900_000);
      // The web instance stood in while no worker was seen; it leaves the heavy jobs once it sees one.
      for (const until = Date.now() + 90_000; ; await pause(1000)) {
        if ((await scrape(base, ['jobs_heavy_fallback']))['jobs_heavy_fallback'] === 0) break;
        if (Date.now() > until) throw new Error('the web instance did not see the worker');
      }
    }
    const adminToken = (await web.api('/api/auth/login', admin)).token as string;
    const job = await web.api('/api/admin/jobs', FRAMER_JOB, adminToken);
    // A candidate interviews long after the job is posted: its recognition model is built by then.
    const jobModel = await web.jobModelBuilt();
    const jobModels = recognitionEntries(dataDir);
    const candidate = (prefix: string) => web.consentingCandidate(prefix, job.id) as Promise<string>;

    // The live pair, throughout: a long interview each (the interviewer has 50 questions), another if it closes.
    const liveTurns: Turn[] = [];
    const liveAnswers = [0, 0];
    let liveOn = true;
    const livePair = [0, 1].map(async (i) => {
      let interviews = 0;
      while (liveOn) {
        const token = await candidate(`live-${i}`);
        await interview(web, {
          token,
          adminToken,
          jobId: job.id,
          address: `203.0.113.${10 + i}`,
          audio,
          first: 7 * i,
          maxAnswers: Infinity,
          keepGoing: () => liveOn,
          // Each interview's first reply is left out (its session's first recognizer use) in every window alike.
          onTurn: (turn, answer) => {
            liveAnswers[i]!++;
            if (answer > 1) liveTurns.push(turn);
          },
        });
        interviews++;
      }
      return interviews;
    });
    const liveStarted = Date.now();
    while (liveAnswers.some((n) => n < o.baselineTurns + 1)) {
      await pause(500);
      if (Date.now() - liveStarted > 15 * 60_000) throw new Error('the live pair did not get through its baseline');
    }
    const baselineEnd = Date.now();
    const heavyDuringBaseline = await query<{ name: string; n: number }>(
      database.url,
      `SELECT name, count(*)::int AS n FROM pgboss.job
        WHERE name IN ('build-careful-models', 'careful-transcript', 'remux-recording') AND started_on IS NOT NULL
          AND started_on < $1 GROUP BY name`,
      [new Date(baselineEnd)],
    );
    log(`set-up ${kind}: baseline done; the ${o.interviewCount} interviews start`);

    // The twelve, started together, each from its own address.
    const tokens = await Promise.all(Array.from({ length: o.interviewCount }, (_, i) => candidate(`wave-${i}`)));
    const waveStart = Date.now();
    const ids = new Map<number, string>();
    const assessed = new Map<string, { at: number; detail: Detail }>();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        for (const id of ids.values()) {
          if (assessed.has(id)) continue;
          const detail = (await web
            .api(`/api/admin/interviews/${id}`, undefined, adminToken)
            .catch(() => null)) as Detail | null;
          if (detail?.assessed_at) assessed.set(id, { at: Date.now(), detail });
        }
        await pause(1000);
      }
    })();
    const wave = await Promise.all(
      tokens.map((token, i) =>
        interview(web, {
          token,
          adminToken,
          jobId: job.id,
          address: `198.51.100.${i + 1}`,
          audio,
          first: i,
          maxAnswers: o.answersEach,
          keepGoing: () => true,
          onTurn: () => {},
        }).then((r) => {
          ids.set(i, r.interviewId);
          return r;
        }),
      ),
    );
    const waveEnded = Date.now();
    log(`set-up ${kind}: the ${o.interviewCount} interviews ended; waiting for their assessments`);
    // An interview that did not complete (no answer stored: it went back to not_started) is never assessed.
    const completedIds = new Set<string>(wave.filter((w) => w.status !== 'not_started').map((w) => w.interviewId));
    for (const w of wave.filter((x) => !completedIds.has(x.interviewId)))
      log(`not completed: ${JSON.stringify({ answers: w.answers, status: w.status, events: w.events, said: w.said })}`);
    const assessedOfCompleted = () => [...assessed.keys()].filter((id) => completedIds.has(id)).length;
    while (assessedOfCompleted() < completedIds.size && Date.now() - waveEnded < o.capMinutes * 60_000)
      await pause(1000);
    const allAssessed = Date.now();
    polling = false;
    await poller;
    liveOn = false;
    const liveInterviews = await Promise.all(livePair);
    log(`set-up ${kind}: done`);

    const passes = await carefulJobs(database.url);
    const rows = await Promise.all(
      wave
        .filter((w) => completedIds.has(w.interviewId))
        .map(async (w) => {
          const first = assessed.get(w.interviewId);
          const final = (await web.api(`/api/admin/interviews/${w.interviewId}`, undefined, adminToken)) as Detail;
          const completed = Date.parse((first?.detail ?? final).completed_at!);
          const pass = passes.get(w.interviewId);
          return {
            answers: w.answers,
            completed,
            pass_start_s: pass?.started_on ? (pass.started_on.getTime() - completed) / 1000 : null,
            assessed_s: first ? (Date.parse(first.detail.assessed_at!) - completed) / 1000 : null,
            first_pass: first?.detail.transcript_pass ?? null,
            first_note: first?.detail.provenance?.transcript_note,
            final_pass: final.transcript_pass,
          };
        }),
    );
    const completions = rows.map((r) => r.completed);
    const assessedSeconds = rows.flatMap((r) => (r.assessed_s === null ? [] : [r.assessed_s]));
    const firstCompleted = Math.min(...completions);
    const lastCompleted = Math.max(...completions);
    const v2v = (from: number, to: number) => {
      const ms = liveTurns.filter((t) => t.at >= from && t.at < to).map((t) => t.ms);
      return summary(ms);
    };
    const metrics = {
      web: await scrape(base, ['careful_pass_live_fallbacks_total', 'jobs_heavy_fallback_runs_total']),
      ...(worker && {
        worker: await scrape(`http://127.0.0.1:${port + 1}`, ['careful_pass_live_fallbacks_total']),
      }),
    };
    const cpu = {
      [kind === 'all' ? 'all' : 'web']: round(cpuSeconds(web.server.pid!)),
      ...(worker && { worker: round(cpuSeconds(worker.server.pid!)) }),
    };
    const result = {
      processes:
        kind === 'all' ? 'ROLE=all, one process' : 'ROLE=web + ROLE=worker, two processes, one DATA_DIR and database',
      job_model: jobModel,
      interviews: o.interviewCount,
      answers_each: o.answersEach,
      completion_spread_s: {
        first_after_start: round((firstCompleted - waveStart) / 1000),
        last_after_start: round((lastCompleted - waveStart) / 1000),
        first_to_last: round((lastCompleted - firstCompleted) / 1000),
      },
      not_completed: wave
        .filter((w) => !completedIds.has(w.interviewId))
        .map((w) => ({
          answers_given: w.answers,
          status: w.status,
          closed_by_interviewer: w.closedByInterviewer,
          events: w.events,
          said: w.said,
        })),
      all_assessed: assessedOfCompleted() === completedIds.size,
      assessed: assessed.size,
      completion_to_assessment_s: summary(assessedSeconds),
      within_10_minutes: assessedSeconds.filter((s) => s <= 600).length,
      completion_to_careful_pass_start_s: summary(
        rows.flatMap((r) => (r.pass_start_s === null ? [] : [r.pass_start_s])),
      ),
      careful_passes_queued: wave.filter((w) => passes.has(w.interviewId)).length,
      first_assessment_on: countBy(rows.map((r) => r.first_pass ?? 'not assessed')),
      live_because: countBy(rows.filter((r) => r.first_pass === 'live').map((r) => liveReason(r.first_note))),
      transcript_pass_at_end: countBy(rows.map((r) => r.final_pass)),
      live_pair_voice_to_voice_ms: {
        baseline: v2v(0, baselineEnd),
        while_the_interviews_talked: v2v(waveStart, lastCompleted),
        after_call_until_all_assessed: v2v(lastCompleted, allAssessed),
      },
      live_pair_interviews: liveInterviews,
      heavy_jobs_started_during_baseline: Object.fromEntries(heavyDuringBaseline.map((r) => [r.name, r.n])),
      metrics,
      cpu_seconds: cpu,
      load_average_1m: {
        baseline: loadBetween(liveStarted, baselineEnd),
        interviews: loadBetween(waveStart, lastCompleted),
        after_call: loadBetween(lastCompleted, allAssessed),
      },
    };
    if (keep) {
      keptForThroughput = true;
      kept = {
        databaseUrl: database.url,
        dataDir,
        interviewIds: wave.map((w) => w.interviewId),
        jobModels,
        drop: database.drop,
      };
    }
    return { result, kept };
  } finally {
    await Promise.all([web.stop(), worker?.stop()]);
    if (!keptForThroughput) {
      await database.drop().catch((err: Error) => log(`database not dropped: ${err.message}`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
