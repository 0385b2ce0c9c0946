// Recording slice benchmark (issue 32 item 1, decision 0167): stores browser-sized recording slices
// (700 kB, one every 5 s of a live interview) over HTTP on this repository's server, in this process,
// on a fresh embedded database, and prints how long each store takes, the event loop's delay
// (perf_hooks monitorEventLoopDelay) and /api/health's latency while the slices are stored.
//   npm run bench:slice [-- --slices 24 --kb 700 --port 3321]
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { buildApp } from '../apps/server/src/app';
import { interviews } from '../apps/server/src/db/schema';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SLICES = arg('slices', 24);
const SLICE_BYTES = arg('kb', 700) * 1000;
const PORT = arg('port', 3321);
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

const ms = (n: number) => `${n.toFixed(1)} ms`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const summary = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))} (n=${values.length})`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-slice-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    LOG_LEVEL: 'silent',
    SEED_SAMPLE_JOBS: 'false',
    STT_JOB_MODELS: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  const database = await openDatabase({ dataDir });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password-1' }),
    });
    const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
    // A live interview that began ten minutes ago (so every slice's elapsed_ms fits).
    const [interview] = await database.db
      .insert(interviews)
      .values({ candidateId: user.id, status: 'in_progress', startedAt: new Date(Date.now() - 10 * 60_000) })
      .returning();
    const segment = crypto.randomUUID();
    const put = async (seq: number) => {
      const body = crypto.randomBytes(SLICE_BYTES);
      if (seq === 0) body.set(EBML_MAGIC);
      const started = performance.now();
      const res = await fetch(
        `${base}/api/interviews/${interview!.id}/recording/chunks/${seq}?segment=${segment}&elapsed_ms=${(seq + 1) * 5000}`,
        {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body,
        },
      );
      if (res.status !== 201) throw new Error(`slice ${seq}: ${res.status} ${await res.text()}`);
      return performance.now() - started;
    };

    // Warm up (first queries, JIT), then measure.
    await put(0);
    await put(1);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const health: number[] = [];
    let storing = true;
    const poll = (async () => {
      while (storing) {
        const started = performance.now();
        await (await fetch(`${base}/api/health`)).arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    loop.enable();
    const stores: number[] = [];
    const wall = performance.now();
    for (let seq = 2; seq < SLICES + 2; seq++) stores.push(await put(seq));
    const wallMs = performance.now() - wall;
    loop.disable();
    storing = false;
    await poll;

    console.log(`recording slices: ${SLICES} × ${(SLICE_BYTES / 1000).toFixed(0)} kB on embedded PGlite`);
    console.log(`  store time (PUT .../recording/chunks/{seq}): ${summary(stores)}, all ${ms(wallMs)}`);
    const nsToMs = (ns: number) => ns / 1e6;
    console.log(
      `  event-loop delay while storing: mean ${ms(nsToMs(loop.mean))}, p99 ${ms(nsToMs(loop.percentile(99)))}, max ${ms(nsToMs(loop.max))}`,
    );
    console.log(`  /api/health latency while storing: ${summary(health)}`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
