/**
 * Roles (issue 45 item 1, decision 0243): a web instance leaves the heavy jobs to a worker instance
 * when one is running and does them itself when none is; a worker runs at most its slots of heavy jobs
 * at once, while its other queues (the assessment) go on beside them. Each queue here is a real
 * pg-boss on one database, as separate instances would share it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { BossQueue, type QueueOptions } from '../../src/queue/queue';
import { registry } from '../../src/cluster/metrics';
import type { DatabaseHandle } from '../../src/db/client';
import { freshDatabase } from '../helpers/build';

const logged: string[] = [];
const log = {
  info: (...args: unknown[]) => logged.push(String(args.at(-1))),
  warn: (...args: unknown[]) => logged.push(String(args.at(-1))),
  error: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

let database: DatabaseHandle;
let drop: () => Promise<void>;
const queues: BossQueue[] = [];
/** Lets held handlers finish (a failed test must not leave stop() waiting on them). */
let release = () => {};
beforeEach(async () => {
  ({ database, drop } = await freshDatabase());
  logged.length = 0;
});
afterEach(async () => {
  release();
  for (const q of queues.splice(0)) await q.stop();
  await database.close();
  await drop();
});

/** A queue of the given role whose handlers record which instance ran what. */
function instance(name: string, options: QueueOptions, ran: string[], hold?: Promise<void>) {
  const queue = new BossQueue(database, log, { pollingIntervalSeconds: 0.5, ...options });
  for (const q of ['careful-transcript', 'remux-recording', 'assess-interview'] as const) {
    queue.handle(q, async (data: { n?: number }) => {
      ran.push(`${name}:${q}:${data.n ?? ''}`);
      if (hold && q !== 'assess-interview') await hold;
    });
  }
  queues.push(queue);
  return queue;
}

const metric = async (name: string) => {
  const text = await registry.metrics();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
};

describe('web and worker roles', () => {
  it('a web instance leaves the heavy jobs to the worker instance that is running', async () => {
    const ran: string[] = [];
    const worker = instance('worker', { role: 'worker', concurrency: 2 }, ran);
    await worker.start();
    const web = instance('web', { role: 'web' }, ran);
    await web.start();
    expect(await metric('jobs_heavy_fallback')).toBe(0);

    await web.send('careful-transcript', { n: 1 });
    await web.send('assess-interview', { n: 2 });
    await web.settle(30_000);
    expect(ran.sort()).toEqual(['worker:assess-interview:2', 'worker:careful-transcript:1']);
    // The worker says it is there, with its slots; it leaves when it stops.
    const { rows } = await database.query('SELECT role, concurrency FROM worker_instances');
    expect(rows).toEqual([{ role: 'worker', concurrency: 2 }]);
    await worker.stop();
    expect((await database.query('SELECT 1 FROM worker_instances')).rows).toHaveLength(0);
  }, 60_000);

  it('a web instance with no worker anywhere runs the heavy jobs itself, and says so', async () => {
    const ran: string[] = [];
    const web = instance('web', { role: 'web' }, ran);
    await web.start();
    expect(logged).toContain('No worker instance is running: this web instance runs the heavy background jobs itself');
    expect(await metric('jobs_heavy_fallback')).toBe(1);
    const before = await metric('jobs_heavy_fallback_runs_total');

    await web.send('remux-recording', { n: 1 });
    await web.settle(30_000);
    expect(ran).toEqual(['web:remux-recording:1']);
    expect(await metric('jobs_heavy_fallback_runs_total')).toBe(before + 1);
  }, 60_000);

  it('a worker runs at most its slots of heavy jobs at once; the assessment is not held up by them', async () => {
    const ran: string[] = [];
    const hold = new Promise<void>((r) => (release = r));
    const worker = instance('worker', { role: 'worker', concurrency: 2 }, ran, hold);
    await worker.start();
    for (let n = 1; n <= 3; n++) await worker.send('careful-transcript', { n });
    await worker.send('remux-recording', { n: 4 });
    await worker.send('assess-interview', { n: 5 });

    const running = async () =>
      (
        (
          await database.query(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active' AND name <> 'assess-interview'`,
          )
        ).rows[0] as { n: number }
      ).n;
    // Two heavy jobs held in the two slots; the assessment still ran.
    await vi.waitFor(() => expect(ran).toContain('worker:assess-interview:5'), { timeout: 30_000, interval: 50 });
    await vi.waitFor(async () => expect(await running()).toBe(2), { timeout: 30_000, interval: 50 });
    expect(ran.filter((r) => !r.includes('assess'))).toHaveLength(2);

    release();
    await worker.settle(30_000);
    expect(ran.filter((r) => !r.includes('assess'))).toHaveLength(4);
    const text = await registry.metrics();
    expect(text).toMatch(/^jobs_run_seconds_count\{queue="careful-transcript",outcome="done"\} [1-9]/m);
    expect(text).toMatch(/^jobs_wait_seconds_count\{queue="assess-interview"\} [1-9]/m);
  }, 60_000);
});
