#!/usr/bin/env node
// GET /api/jobs throughput with autocannon against a freshly started server (embedded PostgreSQL by
// default; set DATABASE_URL to measure a PostgreSQL server). Prints requests/s and latency figures.
//   node scripts/bench-jobs.mjs [--duration 10] [--connections 20]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const duration = arg('duration', 10);
const connections = arg('connections', 20);
const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-'));

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_SAMPLE_JOBS: 'true' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const base = `http://127.0.0.1:${port}`;
async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return res.json();
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

try {
  const health = await waitForHealth();
  const jobs = await (await fetch(`${base}/api/jobs`)).json();
  const result = await autocannon({ url: `${base}/api/jobs`, connections, duration });
  console.log(
    JSON.stringify(
      {
        database: health.database,
        jobs_in_reply: jobs.length,
        connections,
        duration_s: duration,
        requests_per_s_avg: result.requests.average,
        latency_ms_p50: result.latency.p50,
        latency_ms_p99: result.latency.p99,
        errors: result.errors,
        non_2xx: result.non2xx,
      },
      null,
      2,
    ),
  );
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
