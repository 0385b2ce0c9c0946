#!/usr/bin/env node
// GET /api/jobs throughput beside a Fastify hello-world measured in the same run, as a ratio: on
// embedded PostgreSQL, then on the PostgreSQL server in DATABASE_URL when it is set. Each server runs
// in its own process on the built tree (npm run build); the two are measured in turns, several rounds,
// and the median ratio is printed.
//   node scripts/bench-jobs.mjs [--duration 5] [--connections 20] [--rounds 3] [--port 3433] [--dir <tree>]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

const HELLO = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

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
  return { stop: async () => (child.kill('SIGTERM'), exited) };
}

const load = (url) => autocannon({ url, connections, duration });

async function measure(databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-jobs-'));
  const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_SAMPLE_JOBS: 'true' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  const app = start(serverArgs, env, dir);
  // The hello-world resolves fastify from this repository's node_modules.
  const hello = start(['--input-type=module', '-e', HELLO], { PORT: String(port + 1) }, here);
  try {
    const health = await (await waitFor(`http://127.0.0.1:${port}/api/health`)).json();
    await waitFor(`http://127.0.0.1:${port + 1}/`);
    const jobsInReply = (await (await fetch(`http://127.0.0.1:${port}/api/jobs`)).json()).length;
    // Warm-up (JIT, first database reads), not counted.
    await autocannon({ url: `http://127.0.0.1:${port + 1}/`, connections, duration: 2 });
    await autocannon({ url: `http://127.0.0.1:${port}/api/jobs`, connections, duration: 2 });
    const runs = [];
    for (let r = 0; r < rounds; r++) {
      const h = await load(`http://127.0.0.1:${port + 1}/`);
      const a = await load(`http://127.0.0.1:${port}/api/jobs`);
      if (a.non2xx || a.errors) throw new Error(`GET /api/jobs: ${a.non2xx} non-2xx, ${a.errors} errors`);
      runs.push({ hello: h.requests.average, jobs: a.requests.average, p99: a.latency.p99 });
      console.log(
        `  ${health.database} round ${r + 1}: hello ${h.requests.average} req/s, jobs ${a.requests.average} req/s`,
      );
    }
    return {
      database: health.database,
      jobs_in_reply: jobsInReply,
      hello_req_s_median: median(runs.map((x) => x.hello)),
      jobs_req_s_median: median(runs.map((x) => x.jobs)),
      jobs_latency_ms_p99_median: median(runs.map((x) => x.p99)),
      ratio_of_medians: Math.round((median(runs.map((x) => x.jobs)) / median(runs.map((x) => x.hello))) * 100) / 100,
    };
  } finally {
    await Promise.all([app.stop(), hello.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
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
