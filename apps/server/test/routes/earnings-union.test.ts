/**
 * Issue 24 row 4: paid time is the union of a rater's working intervals. Ten tasks started together
 * and submitted together 65 s later bill about 65 s between them, not 650, also when the submits
 * race each other; time nobody else billed is still paid in full.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { acceptedCandidate, createTasks, postJob, sampleTask, workOnTask } from '../helpers/work-fixtures';
import { annotationTasks, earnings } from '../../src/db/schema';

let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

const review = { quality_rating: 4, feedback_notes: 'Balanced layout.' };
const seconds = (from: string | Date, to: string | Date) => (new Date(to).getTime() - new Date(from).getTime()) / 1000;

describe('paid time is the union of working intervals', () => {
  it('ten tasks started together and submitted together 65 s later bill about 65 s in total', async () => {
    const job = await postJob(t, admin, { title: 'Poster Rater', pay_per_hour: 36 });
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    const tasks = await createTasks(
      t,
      admin,
      job.id,
      Array.from({ length: 10 }, (_, i) =>
        sampleTask({ task_name: `Poster ${i + 1}`, assignee_id: candidate.user.id }),
      ),
    );
    const ids = tasks.map((task) => task.id);
    const started = await Promise.all(ids.map((id) => t.post(`/api/annotations/${id}/start`, candidate.token)));
    expect(started.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    // All ten opened at the same moment, 65 s ago.
    const openedAt = new Date(Date.now() - 65_000);
    await t.database.db.update(annotationTasks).set({ startedAt: openedAt }).where(inArray(annotationTasks.id, ids));

    // Submitted at once: the submits race each other.
    const submitted = await Promise.all(
      ids.map((id) => t.post(`/api/annotations/${id}/submit`, candidate.token, review)),
    );
    expect(submitted.map((r) => r.statusCode)).toEqual(ids.map(() => 200));

    const rows = await t.database.db.select().from(earnings).where(eq(earnings.userId, candidate.user.id));
    expect(rows).toHaveLength(10);
    const billed = rows.reduce((n, r) => n + r.secondsBilled, 0);
    const lastSubmit = submitted
      .map((r) => r.json().submitted_at as string)
      .sort()
      .at(-1)!;
    const onTheClock = seconds(openedAt, lastSubmit);
    // Never more paid seconds than seconds on the clock (before: 10 × 65 = 650+).
    expect(billed).toBeGreaterThanOrEqual(65);
    expect(billed).toBeLessThanOrEqual(Math.floor(onTheClock));
    // And the money follows the seconds: $36/h is one cent per second.
    expect(rows.reduce((n, r) => n + r.amountCents, 0)).toBeLessThanOrEqual(Math.floor(onTheClock) + 10);
    // Each earning keeps the interval it paid for.
    for (const r of rows) expect(r.workStartedAt?.getTime()).toBe(openedAt.getTime());

    const summary = await t.get(`/api/earnings/user/${candidate.user.id}/summary`, candidate.token);
    expect(summary.json().pending_payout).toBeLessThanOrEqual(Math.floor(onTheClock) / 100 + 0.1);
  });

  it('a pending task covers its time, a rejected one leaves it to the next, and separate work is paid in full', async () => {
    const job = await postJob(t, admin, { title: 'Cover Rater', pay_per_hour: 36 });
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    const [a, b, c, d] = await createTasks(
      t,
      admin,
      job.id,
      ['A', 'B', 'C', 'D'].map((n) => sampleTask({ task_name: `Cover ${n}`, assignee_id: candidate.user.id })),
    );
    const billedFor = async (taskId: string) =>
      (await t.database.db.select().from(earnings).where(eq(earnings.taskId, taskId)))[0]!.secondsBilled;
    /** Starts the task as if it had been opened `ago` seconds before now, then submits it. */
    const openedAgo = async (taskId: string, ago: number) => {
      await t.post(`/api/annotations/${taskId}/start`, candidate.token);
      await t.database.db
        .update(annotationTasks)
        .set({ startedAt: new Date(Date.now() - ago * 1000) })
        .where(eq(annotationTasks.id, taskId));
      const res = await t.post(`/api/annotations/${taskId}/submit`, candidate.token, review);
      expect(res.statusCode).toBe(200);
    };

    // A: ten minutes, submitted, then rejected by the provider.
    await openedAgo(a!.id, 600);
    expect(
      (
        await t.post(`/api/admin/tasks/${a!.id}/review`, admin, {
          approved: false,
          reason: 'Notes do not match the rating.',
        })
      ).statusCode,
    ).toBe(200);
    // B: open over those ten minutes and five more before them: all fifteen are paid.
    await openedAgo(b!.id, 900);
    expect(await billedFor(b!.id)).toBeGreaterThanOrEqual(900);
    expect(await billedFor(b!.id)).toBeLessThan(960);
    // C: open over the same fifteen minutes as B, which is pending: only the moments since B's submit.
    await openedAgo(c!.id, 900);
    expect(await billedFor(c!.id)).toBeLessThan(30);
    // D: five minutes after all that (the fixture moves the earlier work back): paid in full.
    expect((await workOnTask(t, candidate.token, d!.id, review, 300)).statusCode).toBe(200);
    expect(await billedFor(d!.id)).toBeGreaterThanOrEqual(300);
    expect(await billedFor(d!.id)).toBeLessThan(360);
  });
});
