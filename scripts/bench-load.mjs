#!/usr/bin/env node
// Mixed load on the embedded database (one connection): many signed-in candidates at once, each in a
// loop: open the marketplace (job list, profile, own tasks), open a job, start a task, submit it.
// By default without pauses (every user always has a request in flight: the saturation test);
// --think-ms N waits a random 0.5N-1.5N between a user's steps, as a person reading and rating would.
// Runs at several numbers of concurrent users and prints p50/p99 per step and overall, so the point
// where latency climbs shows. Uses the built server (npm run build).
//   node scripts/bench-load.mjs [--users 10,25,50,100] [--duration 10] [--think-ms 0] [--port 3434]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const levels = String(arg('users', '10,25,50,100')).split(',').map(Number);
const duration = Number(arg('duration', 10));
const thinkMs = Number(arg('think-ms', 0));
const think = () => (thinkMs ? new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random()))) : null);
const port = Number(arg('port', 3434));
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => path.join(root, 'apps/server/dist', p);
const base = `http://127.0.0.1:${port}`;
const maxUsers = Math.max(...levels);
const TASKS_PER_USER = 200;
const PASSWORD = 'load-test-password';

// Fixtures straight into the data folder before the server starts: candidates accepted for a job,
// each with enough assigned tasks for the whole run.
async function prepare(dataDir) {
  const { openDatabase } = await import(dist('db/client.js'));
  const { seedSampleJobs } = await import(dist('jobs/sample-jobs.js'));
  const { registerUser } = await import(dist('accounts/users.js'));
  const { createInterview } = await import(dist('interview/interviews.js'));
  const { createTasks } = await import(dist('quality/tasks.js'));
  const database = await openDatabase({ dataDir });
  await seedSampleJobs(database.db);
  const { rows } = await database.query('SELECT id FROM jobs ORDER BY created_at DESC LIMIT 1');
  const jobId = rows[0].id;
  const users = [];
  for (let i = 0; i < maxUsers; i++) {
    const user = await registerUser(database.db, { email: `load${i}@example.test`, password: PASSWORD });
    await createInterview(database.db, {
      jobId,
      candidateId: user.id,
      status: 'completed',
      acceptanceStatus: 'accepted',
      completedAt: new Date(),
    });
    const task = { task_name: 'Rate the poster', task_description: '', instructions: '', assignee_id: user.id };
    await createTasks(
      database.db,
      jobId,
      Array.from({ length: TASKS_PER_USER }, () => ({ ...task, data_to_annotate: { title: 'Poster' } })),
    );
    users.push({ id: user.id, email: user.email });
  }
  await database.close();
  return { jobId, users };
}

async function request(method, url, token, body) {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10 : null;
};

async function runLevel(sessions, jobId, n) {
  const samples = {};
  let errors = 0;
  const timed = async (step, fn) => {
    await think();
    const t0 = performance.now();
    try {
      return await fn();
    } catch (err) {
      errors++;
      if (errors < 4) console.error(String(err.message));
    } finally {
      (samples[step] ??= []).push(performance.now() - t0);
    }
  };
  const until = performance.now() + duration * 1000;
  await Promise.all(
    sessions.slice(0, n).map(async (s) => {
      while (performance.now() < until) {
        await timed('GET /api/jobs', () => request('GET', '/api/jobs', s.token));
        await timed('GET /api/profile/me', () => request('GET', '/api/profile/me', s.token));
        const tasks = await timed('GET own tasks', () => request('GET', `/api/annotations/user/${s.id}`, s.token));
        await timed('GET /api/jobs/:id', () => request('GET', `/api/jobs/${jobId}`, s.token));
        const next = (tasks ?? []).find((t) => t.status === 'assigned');
        if (!next) continue;
        await timed('POST start', () => request('POST', `/api/annotations/${next.id}/start`, s.token));
        await timed('POST submit', () =>
          request('POST', `/api/annotations/${next.id}/submit`, s.token, {
            quality_rating: 4,
            feedback_notes: 'Clear hierarchy; the date is hard to read.',
          }),
        );
      }
    }),
  );
  const all = Object.values(samples).flat();
  const steps = Object.fromEntries(
    Object.entries(samples).map(([k, v]) => [k, { n: v.length, p50_ms: pct(v, 50), p99_ms: pct(v, 99) }]),
  );
  return {
    users: n,
    requests_per_s: Math.round(all.length / duration),
    p50_ms: pct(all, 50),
    p99_ms: pct(all, 99),
    errors,
    steps,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-load-'));
let server;
try {
  console.log(`preparing ${maxUsers} candidates with ${TASKS_PER_USER} tasks each...`);
  const { jobId, users } = await prepare(dataDir);
  server = spawn(process.execPath, [dist('server.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', LOGIN_LIMIT_PER_IP: '100000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (i > 1200) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const sessions = [];
  for (const u of users) {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    sessions.push({ ...u, token: (await res.json()).token });
  }
  const results = [];
  for (const n of levels) {
    const r = await runLevel(sessions, jobId, n);
    results.push(r);
    console.log(
      `${n} users${thinkMs ? ` (pauses ~${thinkMs} ms)` : ''}: ${r.requests_per_s} req/s, p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms, errors ${r.errors}`,
    );
  }
  console.log(
    JSON.stringify(
      { duration_s: duration, think_ms: thinkMs, results, loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100) },
      null,
      2,
    ),
  );
} finally {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
