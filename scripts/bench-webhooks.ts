/**
 * bench:webhooks (issue 47): webhook delivery latency after the event. One app on embedded
 * PostgreSQL (PGlite, in memory) with its job queue, a receiver on 127.0.0.1, one endpoint
 * subscribed to payout.paid; the time from the app event to the signed POST arriving, for N events
 * one after another (each waits for the last) and for N at once (a burst). Prints JSON figures.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { buildApp } from '../apps/server/src/app';
import { ensureAdmin } from '../apps/server/src/accounts/users';

const N = Number(process.env.BENCH_EVENTS ?? 200);
const admin = { email: 'admin@bench.test', password: 'bench-password-1' };

const arrivals = new Map<string, number>();
const waiting = new Map<string, () => void>();
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    const id = JSON.parse(body).data.payout_request_id as string;
    arrivals.set(id, performance.now());
    res.writeHead(200).end();
    waiting.get(id)?.();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const port = (receiver.address() as AddressInfo).port;

const config = loadConfig({
  DATA_DIR: path.join(os.tmpdir(), `bench-webhooks-${process.pid}`),
  LOG_LEVEL: 'silent',
  SEED_SAMPLE_JOBS: 'false',
  STT_JOB_MODELS: 'false',
  CAREFUL_PASS: 'false',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
});
const database = await openDatabase({ dataDir: null });
await ensureAdmin(database.db, admin.email, admin.password);
const app = await buildApp({ config, database, logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin });
const token = login.json().token as string;
const created = await app.inject({
  method: 'POST',
  url: '/api/admin/webhooks',
  headers: { authorization: `Bearer ${token}` },
  payload: { url: `http://127.0.0.1:${port}/hooks`, events: ['payout.paid'] },
});
if (created.statusCode !== 201) throw new Error(created.body);

function emit(): { id: string; at: number; arrived: Promise<void> } {
  const id = crypto.randomUUID();
  const arrived = new Promise<void>((r) => waiting.set(id, r));
  const at = performance.now();
  app.events.emit('payout.paid', {
    item: {
      request_id: id,
      user_id: id,
      email: 'x@bench.test',
      amount: 1,
      status: 'paid',
      rail: 'none',
      failure_reason: null,
    },
  });
  return { id, at, arrived };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! * 10) / 10;
};
const figures = (xs: number[]) => ({ p50_ms: pct(xs, 50), p95_ms: pct(xs, 95), max_ms: pct(xs, 100) });

const sequential: number[] = [];
for (let i = 0; i < N; i++) {
  const e = emit();
  await e.arrived;
  sequential.push(arrivals.get(e.id)! - e.at);
}
const burstStart = performance.now();
const burst = Array.from({ length: N }, emit);
await Promise.all(burst.map((e) => e.arrived));
const burstMs = performance.now() - burstStart;

console.log(
  JSON.stringify(
    {
      events: N,
      database: 'embedded (PGlite)',
      one_at_a_time: figures(sequential),
      burst: { ...figures(burst.map((e) => arrivals.get(e.id)! - e.at)), all_delivered_ms: Math.round(burstMs) },
    },
    null,
    2,
  ),
);
await app.close();
await database.close?.();
receiver.close();
