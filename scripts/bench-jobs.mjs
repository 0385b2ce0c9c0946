#!/usr/bin/env node
// GET /api/jobs throughput beside a Fastify hello-world measured in the same run, as a ratio: on
// embedded PostgreSQL, then on the PostgreSQL server in DATABASE_URL when it is set. Each server runs
// in its own process on the built tree (npm run build); they are measured in turns, several rounds,
// and the median ratios are printed. A third server is the control (decision 0253): a bare Fastify
// that answers the app's own reply (the same body bytes and headers, read from the app once), so the
// run shows how much of the gap is the reply itself and how much is the app. The app builds its
// active jobs' recognition models at low priority after a start; the run says whether that was
// still going on while it measured, and measures again once they are over. A fourth server is a
// hello-world inside the app's own process (loaded with --import, on a port of its own, measured in
// turns like the others): what the same two lines serve in a process that runs everything else the
// app runs (decision 0255).
//   node scripts/bench-jobs.mjs [--duration 5] [--connections 20] [--rounds 3] [--port 3433] [--dir <tree>]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const duration = Number(arg('duration', 5));
const connections = Number(arg('connections', 20));
const rounds = Number(arg('rounds', 3));
const port = Number(arg('port', 3433));
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(arg('dir', path.join(here, '..')));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The compiled server when the tree has one (this branch), else its TypeScript entry through tsx.
const compiled = path.join(dir, 'apps/server/dist/server.js');
const serverArgs = fs.existsSync(compiled)
  ? [compiled]
  : ['--import', 'tsx', path.join(dir, 'apps/server/src/server.ts')];

/** The hello-world: fastify imported from `from`, its port read from the environment variable `portVar`. */
const helloWorld = (from, portVar) => `
import Fastify from ${JSON.stringify(from)};
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.${portVar}), host: '127.0.0.1' });
`;
const HELLO = helloWorld('fastify', 'PORT');
/** The same hello-world loaded into the app's process: fastify from this repository, by its file. */
const HELLO_IN_APP = helloWorld(
  pathToFileURL(createRequire(path.join(here, '..', 'package.json')).resolve('fastify')).href,
  'BENCH_HELLO_PORT',
);

// The control: the app's reply (REPLY_BODY, REPLY_HEADERS as JSON) sent as it is by a bare Fastify.
const SAME_REPLY = `
import Fastify from 'fastify';
const body = process.env.REPLY_BODY;
const headers = JSON.parse(process.env.REPLY_HEADERS);
const app = Fastify();
app.get('/', (request, reply) => { reply.headers(headers); reply.send(body); });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** Headers a server writes itself on every reply; the control's Fastify and Node add their own. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** Whether the app is building recognition models: its build-worker child processes (Linux /proc). */
function buildsRunning(pid) {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return children.some((child) => {
      try {
        return fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('build-worker');
      } catch {
        return false; // ended meanwhile
      }
    });
  } catch {
    return false;
  }
}

async function waitFor(url) {
  for (let i = 0; i < 3000; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

function start(args, env, cwd) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { pid: child.pid, stop: async () => (child.kill('SIGTERM'), exited) };
}

const load = (url) => autocannon({ url, connections, duration });

async function measure(databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-jobs-'));
  const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_SAMPLE_JOBS: 'true' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  // Outside the data folder, so the app never sees it.
  const helloDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-jobs-hello-'));
  const helloModule = path.join(helloDir, 'hello-in-app.mjs');
  fs.writeFileSync(helloModule, HELLO_IN_APP);
  env.BENCH_HELLO_PORT = String(port + 3);
  const app = start(['--import', pathToFileURL(helloModule).href, ...serverArgs], env, dir);
  // The hello-world and the control resolve fastify from this repository's node_modules.
  const hello = start(['--input-type=module', '-e', HELLO], { PORT: String(port + 1) }, here);
  let control = null;
  try {
    const health = await (await waitFor(`http://127.0.0.1:${port}/api/health`)).json();
    await waitFor(`http://127.0.0.1:${port + 1}/`);
    // As the load generator asks: no compression (fetch would otherwise ask for it and get a
    // content-encoding header the control must not copy).
    const first = await fetch(`http://127.0.0.1:${port}/api/jobs`, { headers: { 'accept-encoding': 'identity' } });
    const replyBody = await first.text();
    const replyHeaders = Object.fromEntries([...first.headers].filter(([name]) => !OWN_HEADERS.has(name)));
    control = start(
      ['--input-type=module', '-e', SAME_REPLY],
      { PORT: String(port + 2), REPLY_BODY: replyBody, REPLY_HEADERS: JSON.stringify(replyHeaders) },
      here,
    );
    await waitFor(`http://127.0.0.1:${port + 2}/`);
    await waitFor(`http://127.0.0.1:${port + 3}/`);
    const servers = {
      hello: `http://127.0.0.1:${port + 1}/`,
      hello_in_app: `http://127.0.0.1:${port + 3}/`,
      same_reply: `http://127.0.0.1:${port + 2}/`,
      jobs: `http://127.0.0.1:${port}/api/jobs`,
    };
    // Warm-up (JIT, first database reads), not counted.
    for (const url of Object.values(servers)) await autocannon({ url, connections, duration: 2 });
    const measurePhase = async (phase) => {
      const runs = [];
      for (let r = 0; r < rounds; r++) {
        const run = { buildsRunning: buildsRunning(app.pid) };
        for (const [name, url] of Object.entries(servers)) {
          const result = await load(url);
          if (result.non2xx || result.errors)
            throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          run[name] = result.requests.average;
          if (name === 'jobs') run.p99 = result.latency.p99;
        }
        run.buildsRunning ||= buildsRunning(app.pid);
        runs.push(run);
        console.log(
          `  ${health.database}, ${phase}, round ${r + 1}: hello ${run.hello} req/s, ` +
            `hello in the app's process ${run.hello_in_app} req/s, ` +
            `same reply ${run.same_reply} req/s, jobs ${run.jobs} req/s` +
            (run.buildsRunning ? ' (model builds running)' : ''),
        );
      }
      const med = (name) => median(runs.map((x) => x[name]));
      const ratio = (a, b) => Math.round((a / b) * 100) / 100;
      return {
        rounds_with_model_builds_running: runs.filter((x) => x.buildsRunning).length,
        hello_req_s_median: med('hello'),
        hello_in_app_req_s_median: med('hello_in_app'),
        same_reply_req_s_median: med('same_reply'),
        jobs_req_s_median: med('jobs'),
        jobs_latency_ms_p99_median: median(runs.map((x) => x.p99)),
        ratio_of_medians: ratio(med('jobs'), med('hello')),
        same_reply_to_hello: ratio(med('same_reply'), med('hello')),
        jobs_to_same_reply: ratio(med('jobs'), med('same_reply')),
        hello_in_app_to_hello: ratio(med('hello_in_app'), med('hello')),
        jobs_to_hello_in_app: ratio(med('jobs'), med('hello_in_app')),
      };
    };
    // Right after a start, as a restarted instance serves; then once its start-up model builds are
    // over, as it serves for the rest of its life.
    const afterStart = await measurePhase('after start');
    const waitedFrom = performance.now();
    while (buildsRunning(app.pid) && performance.now() - waitedFrom < 600_000) {
      await new Promise((r) => setTimeout(r, 1000));
    }
    const waitedS = Math.round((performance.now() - waitedFrom) / 1000);
    const settled = await measurePhase('builds over');
    return {
      database: health.database,
      jobs_in_reply: JSON.parse(replyBody).length,
      reply_bytes: Buffer.byteLength(replyBody),
      reply_headers: Object.keys(replyHeaders).length,
      after_start: afterStart,
      builds_over: { waited_s: waitedS, ...settled },
    };
  } finally {
    await Promise.all([app.stop(), hello.stop(), control?.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(helloDir, { recursive: true, force: true });
  }
}

const databaseUrl = process.env.DATABASE_URL;
const results = [await measure(undefined)];
if (databaseUrl) results.push(await measure(databaseUrl));
console.log(
  JSON.stringify(
    {
      tree: dir,
      server: serverArgs.join(' '),
      connections,
      duration_s: duration,
      rounds,
      results,
      loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
    },
    null,
    2,
  ),
);
