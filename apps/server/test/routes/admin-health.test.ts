/**
 * The console's health page (issue 45 item 2, decision 0243): admin-only; every queue with its depth
 * across instances, this instance's role and whether it stands in for a missing worker, the worker
 * instances seen, and the interviews assessed on their live transcript in the last 24 hours.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminHealthSchema, type AdminHealth } from '@app/shared';
import { buildTestApp, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { interviews } from '../../src/db/schema';
import { QUEUES } from '../../src/queue/queue';
import { assessInterview } from '../../src/interview/assessment';
import { LIVE_BECAUSE } from '../../src/interview/careful/admission';
import { seedInterview } from '../assessment/fixtures';

const health = async (t: TestContext, token: string): Promise<AdminHealth> => {
  const res = await t.get('/api/admin/health', token);
  expect(res.statusCode, res.body).toBe(200);
  return adminHealthSchema.parse(res.json());
};

describe('GET /api/admin/health on one process (ROLE=all)', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await buildTestAppWithAdmin());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for admins only', async () => {
    const { token } = await t.signUp();
    const res = await t.get('/api/admin/health', token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toHaveProperty('detail');
    expect((await t.get('/api/admin/health')).statusCode).toBe(401);
  });

  it('lists every queue, this instance (all, not standing in) and itself among the instances running heavy jobs', async () => {
    const h = await health(t, admin);
    expect(h.instance).toEqual({ role: 'all', standing_in: false, concurrency: 1 });
    expect(h.queues.map((q) => q.queue).sort()).toEqual(
      Object.values(QUEUES)
        .map((q) => q.name)
        .sort(),
    );
    expect(h.queues.find((q) => q.queue === 'careful-transcript')).toMatchObject({ runs: 'heavy', waiting: 0 });
    expect(h.workers).toHaveLength(1);
    expect(h.workers[0]).toMatchObject({ role: 'all', concurrency: 1 });
  });

  it('counts the interviews assessed on their live transcript, with a note, in the last 24 hours', async () => {
    expect((await health(t, admin)).careful_live_fallbacks_24h).toBe(0);
    const db = t.database.db;
    const assessed = async (opts: { note?: string; pass?: 'careful'; hoursAgo?: number }) => {
      const { interview } = await seedInterview(db);
      if (opts.pass)
        await db.update(interviews).set({ transcriptPass: opts.pass }).where(eq(interviews.id, interview.id));
      await assessInterview(db, t.config, interview.id, { transcriptNote: opts.note });
      if (opts.hoursAgo)
        await db
          .update(interviews)
          .set({ assessedAt: sql`now() - make_interval(hours => ${opts.hoursAgo})` })
          .where(eq(interviews.id, interview.id));
    };
    await assessed({ note: LIVE_BECAUSE.notStarted(120) }); // counted
    await assessed({}); // the live text with no reason given (careful pass off): not a fallback
    await assessed({ note: LIVE_BECAUSE.queueFull(10), hoursAgo: 25 }); // too long ago
    await assessed({ note: LIVE_BECAUSE.timeout(600), pass: 'careful' }); // a careful pass replaced it: no note kept
    expect((await health(t, admin)).careful_live_fallbacks_24h).toBe(1);
  });
});

describe('GET /api/admin/health on a web instance while a worker runs', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(
      { ROLE: 'web' },
      {
        // A worker instance already seen when the web instance starts, so it leaves the heavy jobs to
        // it (seen "in the future" so that it stays fresh however slowly this test runs).
        beforeApp: async (database) => {
          await database.query(
            `INSERT INTO worker_instances (id, role, hostname, concurrency, seen_at)
             VALUES ('worker-a', 'worker', 'worker-host-a', 2, now() + interval '1 hour')`,
          );
        },
      },
    );
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the role, the worker, and a heavy job waiting for it', async () => {
    const before = await health(t, admin);
    expect(before.instance).toEqual({ role: 'web', standing_in: false, concurrency: 1 });
    expect(before.workers).toEqual([
      expect.objectContaining({ id: 'worker-a', role: 'worker', hostname: 'worker-host-a', concurrency: 2 }),
    ]);

    await t.app.queue.send('careful-transcript', { interviewId: crypto.randomUUID() });
    const after = await health(t, admin);
    const careful = after.queues.find((q) => q.queue === 'careful-transcript')!;
    expect(careful).toMatchObject({ runs: 'heavy', waiting: 1, running: 0 });
    expect(careful.oldest_wait_seconds).toBeGreaterThanOrEqual(0);
    expect(after.queues.find((q) => q.queue === 'remux-recording')).toMatchObject({
      waiting: 0,
      oldest_wait_seconds: null,
    });
  });
});
