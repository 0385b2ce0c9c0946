// After the call, at scale (issue 45, "Figures the closing note must show"): what happens to live interviews
// and to the assessments when many interviews end at once, with the heavy work in one process or beside it.
//   1. setups: on the local PostgreSQL (a fresh database per set-up), ROLE=all (one process) and ROLE=web +
//      ROLE=worker (two processes, one DATA_DIR, one database). Two candidates stay live throughout
//      (baseline voice-to-voice before anything else happens); --interviews (12) candidates start together,
//      give --answers (5) answers each and end; the bench then polls /api/admin/interviews/:id until every
//      one is assessed (cap --cap-minutes, 15): completion → careful pass start → assessment, on the live
//      transcript or the careful one, and the live pair's voice-to-voice meanwhile.
//   2. throughput: careful passes (model builds included: the candidate models are deleted after each pass)
//      re-queued for --throughput-passes of those interviews, run by one worker process, then by two
//      (WORKER_CONCURRENCY=1 each: a second machine simulated by a second process); CPU from /proc.
//   3. bound: 50 interviews completed by 25 accounts from one address, interleaved with 5 candidates from
//      their own, seeded through the server's own code path (completeInterview with answer audio, in this
//      process) with a stub transcription service answering after --stub-delay-ms as the careful engine.
//   4. jobs: scripts/bench-jobs.mjs (GET /api/jobs against a Fastify hello-world), short.
// Offline engines (pocketsphinx, built-in interviewer, Flite), careful pass on, limits as shipped. Every simulated
// candidate runs at normal priority and nothing is warmed for the bench: it favours nothing over the server.
//   npm run bench:pipeline -- [--only setups|throughput|bound|jobs] [--interviews 12] [--answers 5]
//     [--baseline-turns 6] [--cap-minutes 15] [--throughput-passes 4] [--stub-delay-ms 2000] [--port N]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { ANSWERS } from './lib/framer-interview';
import { speakAll } from './lib/local-server';
import { BASE_DATABASE_URL, log, round, stopLoadSampler, type Kept, type PipelineOptions } from './lib/pipeline/common';
import { runBound } from './lib/pipeline/bound';
import { runSetup } from './lib/pipeline/setups';
import { runThroughput } from './lib/pipeline/throughput';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const only = arg('only', 'all');
if (!['all', 'setups', 'throughput', 'bound', 'jobs'].includes(only)) throw new Error(`--only ${only}?`);
const runs = (part: string) => only === 'all' || only === part;
const interviewCount = Number(arg('interviews', '12'));
const o: PipelineOptions = {
  interviewCount,
  answersEach: Number(arg('answers', '5')),
  baselineTurns: Number(arg('baseline-turns', '6')),
  capMinutes: Number(arg('cap-minutes', '15')),
  throughputPasses: Number(arg('throughput-passes', '4')),
  stubDelayMs: Number(arg('stub-delay-ms', '2000')),
  // A random port range by default: other people's benches run on this machine too.
  basePort: Number(arg('port', String(4100 + 10 * Math.floor(Math.random() * 60)))),
  // Live interviews one instance holds: the twelve, the live pair and room for a pair that starts again.
  maxLive: interviewCount + 8,
};
/** Set-up (b)'s database and data folder, kept for the throughput part. */
const held: { set: Kept | null } = { set: null };

/** scripts/bench-jobs.mjs, short, on the embedded database (its own comparison), as another run of it would be. */
async function runJobs() {
  log('jobs: bench-jobs.mjs --duration 5 --rounds 3');
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['scripts/bench-jobs.mjs', '--duration', '5', '--rounds', '3', '--port', String(o.basePort + 8)],
    { env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  const json = out.slice(out.startsWith('{') ? 0 : out.indexOf('\n{') + 1);
  if (code !== 0 || !json.startsWith('{')) return { error: `bench-jobs exited ${code}`, output: out.slice(-2000) };
  const parsed = JSON.parse(json) as { results: Record<string, unknown>[]; loadavg: number[] };
  return {
    command: 'node scripts/bench-jobs.mjs --duration 5 --rounds 3',
    results: parsed.results,
    loadavg: parsed.loadavg,
  };
}

const report: Record<string, unknown> = {
  cores: os.availableParallelism(),
  load_average_at_start: os.loadavg().map((l) => round(l, 2)),
  settings: {
    interviews: o.interviewCount,
    answers_each: o.answersEach,
    INTERVIEW_MAX_LIVE: `${o.maxLive} (the ${o.interviewCount} interviews + the live pair + room for a pair restarting)`,
    careful_pass:
      'on, limits as shipped (CAREFUL_PASS_MAX_QUEUED 24, _PER_ACCOUNT 2, _PER_ADDRESS 4, _START_WITHIN_SECONDS 300)',
    engines:
      'offline: pocketsphinx, built-in interviewer and rubric, Flite; candidates each from their own address (X-Forwarded-For, TRUST_PROXY)',
    database: BASE_DATABASE_URL.replace(/\/\/[^@/]*@/, '//…@'),
  },
};
const printSoFar = () => console.error(JSON.stringify(report));
try {
  const audio = runs('setups') || runs('throughput') ? await speakAll(ANSWERS) : null;
  if (runs('setups')) {
    report.setup_all = (await runSetup('all', audio!, false, o)).result;
    printSoFar();
    const split = await runSetup('split', audio!, runs('throughput'), o);
    report.setup_web_worker = split.result;
    held.set = split.kept;
    printSoFar();
  }
  if (runs('throughput')) {
    const set = held.set;
    held.set = null;
    report.throughput = await runThroughput(set, audio, o);
    printSoFar();
  }
  if (runs('bound')) {
    report.queue_bound = await runBound(o);
    printSoFar();
  }
  if (runs('jobs')) report.get_api_jobs = await runJobs();
} finally {
  if (held.set) {
    await held.set.drop().catch(() => {});
    fs.rmSync(held.set.dataDir, { recursive: true, force: true });
  }
  report.load_average_at_end = os.loadavg().map((l) => round(l, 2));
  console.log(JSON.stringify(report, null, 2));
  stopLoadSampler();
}
