/**
 * The work sample on the real server (issue 46), on both databases: the pools, the 422, the order,
 * the socket's one rating per item with its refusals, late ratings, the provider's figures, and no
 * gold in anything the candidate's socket receives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WORK_SAMPLE_EXPOSURE_LIMIT, type ServerMessage, type WorkItemMessage } from '@app/shared';
import { bearer, buildSocketTestApp, type TestContext } from '../helpers/build';
import { postJob, sampleTask } from '../helpers/work-fixtures';
import { interviewWorkItems } from '../../src/db/schema-work-sample';
import { appendTurn } from '../../src/interview/store';
import { createInterview } from '../../src/interview/interviews';
import { serveItem, startSample, storedSample } from '../../src/interview/work-sample/store';
import { chooseOrder } from '../../src/interview/work-sample/order';
import { openWorkSample } from '../../src/interview/work-sample/source';
import { startLiveInterview } from './live-start';
import type { InterviewClient } from './ws-client';

let t: TestContext;
let base: string;
let admin: string;
beforeAll(async () => {
  ({ t, ws: base } = await buildSocketTestApp());
  admin = await t.adminToken();
}, 120_000);
afterAll(async () => t.close());

const db = () => t.database.db;
const poolItem = (n: number, gold: number) =>
  sampleTask({ task_name: `Sample poster ${n}`, work_sample: true, gold_rating: gold });

/** A job with `golds.length` work-sample items, one paid gold item and two practice examples. */
async function jobWithPool(golds: number[], count = 3) {
  const job = await postJob(t, admin);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/jobs/${job.id}/tasks`,
    headers: bearer(admin),
    payload: {
      tasks: [
        ...golds.map((g, i) => poolItem(i, g)),
        sampleTask({ task_name: 'Paid poster', gold_rating: 4 }),
        sampleTask({ task_name: 'Example A', example: true, gold_rating: 2, explanation: 'Crowded type.' }),
        sampleTask({ task_name: 'Example B', example: true, gold_rating: 5, explanation: 'Clear hierarchy.' }),
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const patch = await t.patch(`/api/admin/jobs/${job.id}`, admin, { work_sample_count: count });
  if (count !== 3) expect(patch.statusCode, patch.body).toBe(200);
  return { job, upload: res.json() as Record<string, unknown>[] };
}

/** A candidate's interview in progress whose sample has begun: its first item already served. */
async function interviewInSample(jobId: string) {
  const candidate = await t.signUp();
  const interview = await createInterview(db(), {
    jobId,
    candidateId: candidate.user.id,
    status: 'in_progress',
    startedAt: new Date(Date.now() - 600_000),
  });
  const started = new Date(Date.now() - 600_000);
  await appendTurn(db(), interview.id, {
    seq: 0,
    speaker: 'ai',
    text: 'Hello. What do you rate?',
    startedAt: started,
    endedAt: started,
    offsetSeconds: 0,
  });
  await startSample(db(), interview.id, jobId, { count: 3, seconds: 60 });
  const [first] = await storedSample(db(), interview.id);
  await serveItem(db(), first!, new Date());
  return { candidate, interview };
}

const items = (c: InterviewClient) =>
  c.messages.filter((m): m is WorkItemMessage & { at: number } => m.event === 'work_item');
async function refused(c: InterviewClient, msg: object) {
  const from = c.messages.length;
  c.send(msg);
  return (await c.waitFor((m) => m.event === 'error', 20_000, from)) as Extract<ServerMessage, { event: 'error' }>;
}

describe('a job’s work-sample pool', () => {
  it('pool items make no tasks, are listed apart, and the sample needs a pool as large as its count', async () => {
    const { job, upload } = await jobWithPool([4, 2, 5, 3]);
    // The reply keeps the order: four pool items, the paid item's task, two examples.
    expect(upload.map((e) => e.work_sample ?? 'task')).toEqual([true, true, true, true, 'task', false, false]);
    const tasks = await t.get(`/api/admin/tasks?job_id=${job.id}`, admin);
    expect(tasks.json().items.map((x: { task_name: string }) => x.task_name)).toEqual(['Paid poster']);
    const quality = await t.get(`/api/admin/jobs/${job.id}/quality`, admin);
    expect(quality.json().items_total).toBe(1);

    const pool = (await t.get(`/api/admin/jobs/${job.id}/work-sample`, admin)).json();
    expect(pool).toMatchObject({ work_sample_count: 3, active: true });
    expect(pool.items.filter((i: { pool: string }) => i.pool === 'work_sample')).toHaveLength(4);

    const tooMany = await t.patch(`/api/admin/jobs/${job.id}`, admin, { work_sample_count: 5 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toMatch(/needs at least 5 work-sample items; this job has 4/);
    expect((await t.patch(`/api/admin/jobs/${job.id}`, admin, { work_sample_count: 4 })).statusCode).toBe(200);
    // Saving the whole form again with the count it has is fine whatever the pool.
    expect(
      (await t.patch(`/api/admin/jobs/${job.id}`, admin, { title: 'Renamed rater job', work_sample_count: 4 }))
        .statusCode,
    ).toBe(200);
    expect((await t.patch(`/api/admin/jobs/${job.id}`, admin, { work_sample_count: 9 })).statusCode).toBe(422);

    const noGold = await t.post(`/api/admin/jobs/${job.id}/tasks`, admin, {
      tasks: [sampleTask({ work_sample: true })],
    });
    expect(noGold.statusCode).toBe(422);
    expect(noGold.body).toMatch(/needs its gold_rating/);
    // A candidate cannot read the pool.
    const { token } = await t.signUp();
    expect((await t.get(`/api/admin/jobs/${job.id}/work-sample`, token)).statusCode).toBe(403);
  });

  it('an item shown to more candidates than the limit is flagged to rotate, and can be retired', async () => {
    const { job } = await jobWithPool([4, 2, 5]);
    const pool = (await t.get(`/api/admin/jobs/${job.id}/work-sample`, admin)).json();
    const item = pool.items.find((i: { pool: string }) => i.pool === 'work_sample');
    const candidate = await t.signUp();
    for (let i = 0; i <= WORK_SAMPLE_EXPOSURE_LIMIT; i++) {
      const interview = await createInterview(db(), {
        jobId: job.id,
        candidateId: candidate.user.id,
        status: 'rejected',
      });
      await db().insert(interviewWorkItems).values({
        interviewId: interview.id,
        itemId: item.item_id,
        position: 0,
        taskName: 'x',
        goldRating: 3,
        secondsAllowed: 60,
        servedAt: new Date(),
      });
    }
    const after = (await t.get(`/api/admin/jobs/${job.id}/work-sample`, admin)).json();
    const flagged = after.items.find((i: { item_id: string }) => i.item_id === item.item_id);
    expect(flagged).toMatchObject({ served: WORK_SAMPLE_EXPOSURE_LIMIT + 1, overexposed: true });
    expect(after.items.filter((i: { overexposed: boolean }) => i.overexposed)).toHaveLength(1);

    expect((await t.delete(`/api/admin/work-sample-items/${item.item_id}`, admin)).statusCode).toBe(204);
    const retired = (await t.get(`/api/admin/jobs/${job.id}/work-sample`, admin)).json();
    // Two left of a count of three: the sample is off until the pool grows again.
    expect(retired).toMatchObject({ active: false });
    // The interviews keep their record of the item.
    const kept = await db().select().from(interviewWorkItems).where(eq(interviewWorkItems.taskName, 'x'));
    expect(kept.length).toBeGreaterThan(WORK_SAMPLE_EXPOSURE_LIMIT);
    expect((await t.delete(`/api/admin/work-sample-items/${item.item_id}`, admin)).statusCode).toBe(404);
  });

  it('orders are seeded per interview and never repeat the previous candidate’s order', async () => {
    const pool = ['a', 'b', 'c', 'd'];
    expect(chooseOrder(pool, 3, 'x', [])).toEqual(chooseOrder(pool, 3, 'x', []));
    const first = chooseOrder(pool, 3, 'x', []);
    expect(chooseOrder(pool, 3, 'x', first)).not.toEqual(first);
    const { job } = await jobWithPool([4, 2, 5]);
    const orders: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { interview } = await interviewInSample(job.id);
      orders.push((await storedSample(db(), interview.id)).map((r) => r.itemId).join());
    }
    for (let i = 1; i < orders.length; i++) expect(orders[i]).not.toBe(orders[i - 1]);
  });
});

describe('rating the sample over the socket', () => {
  it('takes one rating per item, refuses the rest with a status, marks late ratings, and never sends gold', async () => {
    const { job } = await jobWithPool([4, 2, 5]);
    const { candidate, interview } = await interviewInSample(job.id);
    const rows = await storedSample(db(), interview.id);
    const { client } = await startLiveInterview(t.app, base, candidate.token, job.id, { interviewId: interview.id });
    // Back in the sample: the same first item again, the clock already running.
    const first = (await client.waitFor((m) => m.event === 'work_item', 20_000)) as WorkItemMessage;
    expect(first).toMatchObject({ item_id: rows[0]!.itemId, index: 0, count: 3, seconds: 60 });

    expect(await refused(client, { event: 'work_rating', item_id: first.item_id, rating: 6 })).toMatchObject({
      status: 422,
    });
    expect(await refused(client, { event: 'work_rating', item_id: rows[1]!.itemId, rating: 3 })).toMatchObject({
      status: 409,
      message: 'This item has not been shown to you yet.',
    });
    expect(await refused(client, { event: 'work_rating', item_id: crypto.randomUUID(), rating: 3 })).toMatchObject({
      status: 404,
    });

    // Another candidate's sample on another job: its items are not part of this one.
    const otherJob = await jobWithPool([1, 1, 1]);
    const other = await interviewInSample(otherJob.job.id);
    const [otherRow] = await storedSample(db(), other.interview.id);
    expect(await refused(client, { event: 'work_rating', item_id: otherRow!.itemId, rating: 3 })).toMatchObject({
      status: 404,
    });
    expect((await storedSample(db(), other.interview.id))[0]!.rating).toBeNull();

    let from = client.messages.length;
    client.send({ event: 'work_rating', item_id: first.item_id, rating: 3 });
    const second = (await client.waitFor((m) => m.event === 'work_item', 20_000, from)) as WorkItemMessage;
    expect(second).toMatchObject({ item_id: rows[1]!.itemId, index: 1 });
    expect(await refused(client, { event: 'work_rating', item_id: first.item_id, rating: 1 })).toMatchObject({
      status: 409,
      message: 'This item has already been rated.',
    });

    // The second item was sent over an hour ago (as if the candidate left it open): kept, marked late.
    await db()
      .update(interviewWorkItems)
      .set({ servedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(interviewWorkItems.id, rows[1]!.id));
    from = client.messages.length;
    client.send({ event: 'work_rating', item_id: second.item_id, rating: 5 });
    const third = (await client.waitFor((m) => m.event === 'work_item', 20_000, from)) as WorkItemMessage;
    from = client.messages.length;
    client.send({ event: 'work_rating', item_id: third.item_id, rating: 5 });
    // After the last rating the interviewer says goodbye.
    await client.waitFor((m) => m.event === 'transcript' && m.speaker === 'ai' && m.final, 30_000, from);

    const stored = await storedSample(db(), interview.id);
    expect(stored.map((r) => [r.rating, r.late])).toEqual([
      [3, false],
      [5, true],
      [5, false],
    ]);
    // No gold in anything the socket sent the candidate.
    for (const m of client.messages) expect(JSON.stringify(m)).not.toMatch(/gold|reference_rating/);
    expect(items(client).every((m) => !('gold_rating' in m.item))).toBe(true);
    client.close();

    const detail = (await t.get(`/api/admin/interviews/${interview.id}`, admin)).json();
    expect(
      detail.work_sample.items.map((i: { rating: number; distance: number; late: boolean }) => [
        i.rating,
        i.distance,
        i.late,
      ]),
    ).toEqual(stored.map((r) => [r.rating, Math.abs(r.rating! - r.goldRating), r.late]));
    const distances = stored.map((r) => Math.abs(r.rating! - r.goldRating));
    expect(detail.work_sample.mean_abs_distance).toBeCloseTo(distances.reduce((a, b) => a + b, 0) / 3, 2);
    expect(detail.work_sample.within_one_share).toBeCloseTo(distances.filter((d) => d <= 1).length / 3, 2);
    expect(detail.work_sample.items[0].offset_seconds).toBeGreaterThanOrEqual(590);
  }, 120_000);

  it('a practice run gets the job’s example items, with the reference rating and why after each rating', async () => {
    const { job } = await jobWithPool([4, 2, 5]);
    const sample = (await openWorkSample(db(), {
      interviewId: crypto.randomUUID(),
      jobId: job.id,
      practice: true,
      sessionId: crypto.randomUUID(),
    }))!;
    expect(sample.count).toBe(2);
    const first = (await sample.current(new Date()))!;
    expect(['Example A', 'Example B']).toContain(first.item.task_name);
    expect(JSON.stringify(first)).not.toMatch(/gold|explanation/);
    await expect(sample.rate(crypto.randomUUID(), 3, new Date())).rejects.toMatchObject({ statusCode: 404 });
    const { feedback } = await sample.rate(first.item_id, 3, new Date());
    const expected = first.item.task_name === 'Example A' ? [2, 'Crowded type.'] : [5, 'Clear hierarchy.'];
    expect([feedback!.reference_rating, feedback!.explanation]).toEqual(expected);
    await expect(sample.rate(first.item_id, 4, new Date())).rejects.toMatchObject({ statusCode: 409 });
    const second = (await sample.current(new Date()))!;
    await sample.rate(second.item_id, 4, new Date());
    expect(await sample.current(new Date())).toBeNull();
    expect(sample.state()).toBe('done');
    // A recorded interview of a job without a pool large enough has no sample.
    const plain = await postJob(t, admin);
    expect(
      await openWorkSample(db(), {
        interviewId: crypto.randomUUID(),
        jobId: plain.id,
        practice: false,
        sessionId: 's',
      }),
    ).toBeNull();
  });
});
