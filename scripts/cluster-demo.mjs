// Two web instances (ROLE=web) behind Debian's nginx with the configuration in docs/deploy/nginx.conf,
// and one worker instance (ROLE=worker, its own port, not behind nginx), all on one PostgreSQL server
// and one Redis; and a journey through them: sign-up, profile, jobs, an admin job, the shared login
// limit, a live interview that survives a SIGTERM of its instance (notice + 1012, resumed on the
// other), a rolling restart, six interviews completed at once whose heavy work (careful passes,
// assessments) the worker does while the web instances keep serving, readiness and metrics. Prints the
// drain time, each interview's time from completion to assessment, GET /api/jobs latency meanwhile,
// and the demo's own run time.
//
//   npm run cluster:demo
//   env: CLUSTER_DEMO_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
//        CLUSTER_DEMO_REDIS_URL (redis://127.0.0.1:6379), CLUSTER_DEMO_PORTS (3461,3462: the web
//        instances), CLUSTER_DEMO_WORKER_PORT (3463), CLUSTER_DEMO_NGINX_PORT (3468)
import { spawn, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import {
  request,
  sixInterviews,
  sixSummary,
  waitFor,
  workerDidTheWork,
  workerServesHealthAndMetrics,
} from './lib/cluster-demo-worker.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseServer = process.env.CLUSTER_DEMO_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.CLUSTER_DEMO_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ports = (process.env.CLUSTER_DEMO_PORTS ?? '3461,3462').split(',').map(Number);
const workerPort = Number(process.env.CLUSTER_DEMO_WORKER_PORT ?? 3463);
const nginxPort = Number(process.env.CLUSTER_DEMO_NGINX_PORT ?? 3468);
const base = `http://127.0.0.1:${nginxPort}`;
const id = crypto.randomBytes(4).toString('hex');
const dbName = `cluster_demo_${id}`;
const redisPrefix = `cluster_demo_${id}:`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-demo-'));
const admin = { email: 'admin@demo.test', password: 'demo-admin-password' };
const metricsToken = crypto.randomBytes(16).toString('hex');
const jwtSecret = crypto.randomBytes(32).toString('hex');
const dataEncryptionKey = crypto.randomBytes(32).toString('base64');
const demoStarted = performance.now();

const children = new Map(); // port -> child process
let nginx = null;
let failed = false;

const step = (msg) => console.log(`\n== ${msg}`);
const ok = (msg) => console.log(`   ok  ${msg}`);
function check(cond, msg) {
  if (!cond) throw new Error(`FAILED: ${msg}`);
  ok(msg);
}
/**
 * Starts an instance: `role` web (behind nginx) or worker (its own port). Every instance has a data
 * folder of its own, but their uploads folder is one shared folder, as an S3 bucket would be in
 * production: the worker's careful pass reads the answer audio a web instance stored.
 */
function startInstance(port, role = 'web') {
  const log = fs.openSync(path.join(tmp, `instance-${port}.log`), 'a');
  const dataDir = path.join(tmp, `data-${port}`);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(path.join(tmp, 'uploads'), { recursive: true });
  if (!fs.existsSync(path.join(dataDir, 'uploads')))
    fs.symlinkSync(path.join(tmp, 'uploads'), path.join(dataDir, 'uploads'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: jwtSecret,
      DATA_ENCRYPTION_KEY: dataEncryptionKey,
      TRUST_PROXY: role === 'web' ? 'true' : 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      METRICS_TOKEN: metricsToken,
      LOGIN_LIMIT_PER_EMAIL: '5',
      LOG_LEVEL: 'info',
      // The demo is about instances: the live recognizer needs no ~30 s model build per saved job. The
      // careful pass is on (the default) and builds the one model its interviews share, on the worker.
      STT_JOB_MODELS: 'false',
    },
  });
  children.set(port, child);
  return waitFor(
    `instance :${port} ready`,
    async () => (await request('GET', `http://127.0.0.1:${port}/api/health/ready`)).status === 200,
    120000,
  );
}

function databaseUrl() {
  const u = new URL(databaseServer);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/** Stops an instance with SIGTERM; resolves with the milliseconds until the process exited. */
function sigterm(port) {
  const child = children.get(port);
  const started = performance.now();
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      children.delete(port);
      resolve({ ms: Math.round(performance.now() - started), code });
    });
    child.kill('SIGTERM');
  });
}

function startNginx() {
  const bin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (!bin) throw new Error('nginx is not installed (Debian: apt-get install -y nginx)');
  let site = fs.readFileSync(path.join(root, 'docs/deploy/nginx.conf'), 'utf8');
  const upstreams = site.match(/^\s*server 127\.0\.0\.1:\d+ .*;$/gm);
  if (!upstreams || upstreams.length !== 2) throw new Error('docs/deploy/nginx.conf: expected two upstream lines');
  site = site
    .replace(upstreams[0], upstreams[0].replace(/:\d+/, `:${ports[0]}`))
    .replace(upstreams[1], upstreams[1].replace(/:\d+/, `:${ports[1]}`))
    .replace(/listen 80;/, `listen 127.0.0.1:${nginxPort};`);
  fs.writeFileSync(path.join(tmp, 'site.conf'), site);
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(tmp, d), { mode: 0o777 });
  fs.chmodSync(tmp, 0o755);
  const main = `daemon off;
worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/nginx-error.log warn;
events { worker_connections 512; }
http {
  access_log ${tmp}/nginx-access.log;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  include ${tmp}/site.conf;
}
`;
  fs.writeFileSync(path.join(tmp, 'nginx.conf'), main);
  execFileSync(bin, ['-t', '-q', '-p', tmp, '-e', `${tmp}/nginx-error.log`, '-c', `${tmp}/nginx.conf`]);
  nginx = spawn(bin, ['-p', tmp, '-e', `${tmp}/nginx-error.log`, '-c', `${tmp}/nginx.conf`], { stdio: 'inherit' });
  return waitFor('nginx', async () => (await request('GET', `${base}/api/health`)).status === 200, 15000);
}

/** A live interview client: collects messages, reports close codes. */
function interviewSocket(token) {
  const ws = new WebSocket(`ws://127.0.0.1:${nginxPort}/ws/session?token=${token}`);
  const client = { ws, messages: [], closeCode: null };
  ws.on('message', (d) => client.messages.push(JSON.parse(d.toString())));
  ws.on('close', (code) => (client.closeCode = code));
  client.opened = new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  client.waitFor = (pred, what, ms = 60000) =>
    waitFor(what, () => client.messages.some(pred), ms).then(() => client.messages.find(pred));
  return client;
}

async function liveSessionsOn(port) {
  const res = await request('GET', `http://127.0.0.1:${port}/metrics`, { token: metricsToken });
  return Number(/^interview_live_sessions (\d+)/m.exec(res.text)?.[1] ?? 0);
}

/** An instance's metrics text (with the token). */
async function metricsOf(port) {
  return (await request('GET', `http://127.0.0.1:${port}/metrics`, { token: metricsToken })).text;
}

async function journey() {
  step(
    `two web instances (:${ports.join(', :')}) and a worker (:${workerPort}) on PostgreSQL database ${dbName} and Redis (prefix ${redisPrefix})`,
  );
  const c = new pg.Client({ connectionString: databaseServer });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  await startInstance(ports[0]); // first: runs the migrations and seeds the sample jobs
  await Promise.all([startInstance(ports[1]), startInstance(workerPort, 'worker')]);
  ok('both web instances and the worker ready');
  await startNginx();
  ok(`nginx (docs/deploy/nginx.conf) on 127.0.0.1:${nginxPort}`);

  step('readiness and the web app through nginx');
  for (let i = 0; i < 2; i++)
    check(
      (await request('GET', `${base}/api/health/ready`)).json?.status === 'ready',
      'GET /api/health/ready is ready',
    );
  const page = await request('GET', `${base}/jobs`);
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
    check(page.status === 200 && /<div id="root">/.test(page.text), 'the web app page');
  else console.log('   --  no web build (npm run build): page check skipped');

  step('a candidate and an admin through nginx (requests alternate between the instances)');
  const reg = await request('POST', `${base}/api/auth/register`, {
    body: { email: 'candidate@demo.test', password: 'right-pass' },
  });
  check(reg.status === 201, 'register');
  const token = reg.json.token;
  check(
    (await request('GET', `${base}/api/profile/me`, { token })).status === 200,
    'the profile on both instances (1)',
  );
  check(
    (await request('GET', `${base}/api/profile/me`, { token })).status === 200,
    'the profile on both instances (2)',
  );
  const adminLogin = await request('POST', `${base}/api/auth/login`, { body: admin });
  check(adminLogin.status === 200, 'admin login');
  const job = await request('POST', `${base}/api/admin/jobs`, {
    token: adminLogin.json.token,
    body: { title: 'Cluster Demo Rater', description: 'Rate photos for the demo.', position_type: 'Freelance' },
  });
  check(job.status === 201, 'admin creates a job');
  for (let i = 0; i < 2; i++) {
    const list = await request('GET', `${base}/api/jobs`, { token });
    check(JSON.stringify(list.json).includes('Cluster Demo Rater'), `the job list shows it (${i + 1})`);
  }

  step('the login limit is shared by the instances');
  const codes = [];
  for (let i = 0; i < 6; i++)
    codes.push(
      (
        await request('POST', `${base}/api/auth/login`, {
          body: { email: 'candidate@demo.test', password: 'wrong' },
          from: '127.0.0.9',
        })
      ).status,
    );
  check(codes.join(',') === '401,401,401,401,401,429', `5 failures over both instances, then 429 (${codes.join(',')})`);
  const owner = await request('POST', `${base}/api/auth/login`, {
    body: { email: 'candidate@demo.test', password: 'right-pass' },
    from: '127.0.0.2',
  });
  check(owner.status === 200, 'the owner from another address signs in');

  step('a live interview through nginx, its instance restarted (SIGTERM) mid-interview');
  const ids = { session_id: crypto.randomUUID(), interview_id: crypto.randomUUID(), job_id: job.json.id };
  const consent = await request('POST', `${base}/api/consents`, {
    token,
    body: { purpose: 'interview_recording', job_id: job.json.id },
  });
  check(consent.status === 201, 'the candidate agrees to the recording');
  // The AI notice is acknowledged too: no live interview starts without it (issue 35).
  const notice = await request('POST', `${base}/api/consents`, {
    token,
    body: { purpose: 'ai_assessment', job_id: job.json.id },
  });
  check(notice.status === 201, 'the candidate acknowledges the AI notice');
  const first = interviewSocket(token);
  await first.opened;
  first.ws.send(JSON.stringify({ event: 'start', ...ids, candidate_id: 'x', candidate_name: 'Demo Candidate' }));
  await first.waitFor((m) => m.event === 'session_ready', 'session_ready');
  const opening = await first.waitFor(
    (m) => m.event === 'transcript' && m.speaker === 'ai' && m.final,
    'the first question',
  );
  ok(`first question: "${opening.text.slice(0, 70)}..."`);
  const holder = (await liveSessionsOn(ports[0])) === 1 ? ports[0] : ports[1];
  const other = holder === ports[0] ? ports[1] : ports[0];
  check((await liveSessionsOn(holder)) === 1, `instance :${holder} holds the interview`);
  const drain = await sigterm(holder);
  check(drain.code === 0, `instance :${holder} drained and exited 0 after SIGTERM in ${drain.ms} ms`);
  await waitFor('the socket to close', () => first.closeCode !== null, 10000);
  check(
    first.messages.some((m) => m.event === 'notice'),
    'the client got a notice',
  );
  check(first.closeCode === 1012, `close code ${first.closeCode}`);

  const second = interviewSocket(token);
  await second.opened;
  second.ws.send(JSON.stringify({ event: 'start', ...ids, candidate_id: 'x', candidate_name: 'Demo Candidate' }));
  const resumed = await second.waitFor((m) => m.event === 'session_ready', 'session_ready after the restart');
  check(resumed.resumed === true && resumed.interview_id === ids.interview_id, `resumed on :${other}`);
  const welcome = await second.waitFor(
    (m) => m.event === 'transcript' && m.speaker === 'ai' && m.final,
    'the welcome back',
  );
  check(welcome.text.startsWith('Welcome back.'), `"${welcome.text.slice(0, 70)}..."`);
  const transcript = await request('GET', `${base}/api/interviews/${ids.interview_id}/transcript`, { token });
  if (transcript.status === 200)
    check(
      JSON.stringify(transcript.json).includes(opening.text.slice(0, 40)),
      'the saved transcript still holds the first question',
    );
  second.ws.close();

  step('rolling restart: the stopped instance comes back');
  await startInstance(holder);
  check((await request('GET', `${base}/api/health/ready`)).status === 200, `:${holder} is back behind nginx`);

  const ctx = { step, ok, check, base, nginxPort, ports, workerPort, metricsOf, tmp };
  const six = await sixInterviews(ctx, {
    jobId: job.json.id,
    adminToken: adminLogin.json.token,
    candidateToken: token,
  });
  await workerDidTheWork(ctx);

  step('metrics: on each instance with the token, not through nginx');
  check((await request('GET', `${base}/metrics`)).status === 404, 'nginx does not expose /metrics');
  check((await request('GET', `http://127.0.0.1:${other}/metrics`)).status === 401, 'the token is required');
  const metrics = await request('GET', `http://127.0.0.1:${other}/metrics`, { token: metricsToken });
  for (const series of [
    'http_request_duration_seconds_bucket',
    'interview_live_sessions',
    'interview_voice_to_voice_seconds_count',
    'jobs_queue_size',
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_seconds',
  ]) {
    check(metrics.text.includes(series), series);
  }
  await workerServesHealthAndMetrics(ctx);
  console.log(`\nDrain time of a restart with a live interview: ${drain.ms} ms (SIGTERM to exit)`);
  for (const line of sixSummary(six)) console.log(line);
}

async function cleanUp() {
  for (const port of [...children.keys()]) await sigterm(port);
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx.once('exit', r));
    nginx.kill('SIGQUIT');
    await exited;
  }
  const c = new pg.Client({ connectionString: databaseServer });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await c.end();
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
  if (failed) console.log(`logs kept in ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}

try {
  await journey();
  console.log(`\ncluster demo: all checks passed in ${Math.round((performance.now() - demoStarted) / 1000)} s`);
} catch (err) {
  failed = true;
  console.error(`\n${err.message}`);
} finally {
  await cleanUp().catch((err) => console.error('clean-up failed:', err.message));
}
process.exit(failed ? 1 : 0);
