import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import {
  acceptedCandidate,
  backdateStart,
  createTasks,
  postJob,
  sampleTask,
  workedSeconds,
  type Candidate,
  workOnTask,
} from '../helpers/work-fixtures';
import { earnings } from '../../src/db/schema';
import { isoWeekOf } from '../../src/money/earnings';

let t: TestContext;
let admin: string;

beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

const HOUR = 3600;
const summary = (token: string, userId: string) => t.get(`/api/earnings/user/${userId}/summary`, token);
const transactions = (token: string, userId: string) => t.get(`/api/earnings/user/${userId}/transactions`, token);

/** Starts and submits a task for the candidate after `seconds` of (simulated) work. */
async function workTask(jobId: string, who: Candidate, seconds: number, name = 'Rate the poster') {
  const [task] = await createTasks(t, admin, jobId, [sampleTask({ task_name: name, assignee_id: who.user.id })]);
  const review = { quality_rating: 4, feedback_notes: 'Balanced layout.' };
  const res = await workOnTask(t, who.token, task!.id, review, seconds);
  expect(res.statusCode).toBe(200);
  const [earning] = await t.database.db.select().from(earnings).where(eq(earnings.taskId, task!.id));
  return { task: res.json(), earning: earning!, seconds: workedSeconds(res.json()) };
}
const review = (taskId: string, approved: boolean) =>
  t.post(`/api/admin/tasks/${taskId}/review`, admin, approved ? { approved } : { approved, reason: 'Off-brief notes' });

describe('earnings summary and transactions', () => {
  it('start at zero for a new candidate', async () => {
    const c = await t.signUp();
    const res = await summary(c.token, c.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total_earnings: 0, pending_payout: 0, requested_payout: 0, available_balance: 0 });
    expect((await transactions(c.token, c.user.id)).json()).toEqual([]);
  });

  it('follow tasks through review and payout, in dollars, newest first', async () => {
    // $30/hour: an hour is $30.00, half an hour $15.00, a quarter $7.50.
    const job = await postJob(t, admin, { title: 'Album Art Critic', pay_per_hour: 30 });
    const { candidate: c } = await acceptedCandidate(t, admin, job.id);
    const a = await workTask(job.id, c, HOUR, 'Cover A');
    const b = await workTask(job.id, c, HOUR / 2, 'Cover B');
    const d = await workTask(job.id, c, HOUR / 4, 'Cover C');
    const cents = (x: { seconds: number }) => Math.floor((x.seconds * 3000 + 1800) / 3600);
    expect([a, b, d].map((x) => x.earning.amountCents)).toEqual([cents(a), cents(b), cents(d)]);
    const dollars = (x: { seconds: number }) => cents(x) / 100;

    let s = (await summary(c.token, c.user.id)).json();
    expect(s).toEqual({
      total_earnings: 0,
      pending_payout: Math.round(cents(a) + cents(b) + cents(d)) / 100,
      requested_payout: 0,
      available_balance: 0,
    });

    const list = (await transactions(c.token, c.user.id)).json();
    expect(list).toEqual([
      {
        id: d.earning.id,
        task_id: d.task.id,
        amount: dollars(d),
        task_name: 'Cover C',
        job_title: 'Album Art Critic',
        created_at: d.task.submitted_at,
        status: 'pending',
        rejection_reason: null,
        payout: null,
      },
      {
        id: b.earning.id,
        task_id: b.task.id,
        amount: dollars(b),
        task_name: 'Cover B',
        job_title: 'Album Art Critic',
        created_at: b.task.submitted_at,
        status: 'pending',
        rejection_reason: null,
        payout: null,
      },
      {
        id: a.earning.id,
        task_id: a.task.id,
        amount: dollars(a),
        task_name: 'Cover A',
        job_title: 'Album Art Critic',
        created_at: a.task.submitted_at,
        status: 'pending',
        rejection_reason: null,
        payout: null,
      },
    ]);

    await review(a.task.id, true);
    await review(b.task.id, false);
    s = (await summary(c.token, c.user.id)).json();
    expect(s).toEqual({
      total_earnings: dollars(a),
      pending_payout: dollars(d),
      requested_payout: 0,
      available_balance: dollars(a),
    });
    // The refused task is listed as rejected with the provider's reason (issue 26).
    const afterReview = (await transactions(c.token, c.user.id)).json();
    expect(
      afterReview.map((x: { id: string; status: string; rejection_reason: string | null }) => [
        x.id,
        x.status,
        x.rejection_reason,
      ]),
    ).toEqual([
      [d.earning.id, 'pending', null],
      [b.earning.id, 'rejected', 'Off-brief notes'],
      [a.earning.id, 'available', null],
    ]);

    const payout = await t.post('/api/admin/payouts', admin, { user_id: c.user.id });
    expect(payout.json().total).toBe(dollars(a));
    s = (await summary(c.token, c.user.id)).json();
    // Paid money still counts in the total; it just is no longer available.
    expect(s).toEqual({
      total_earnings: dollars(a),
      pending_payout: dollars(d),
      requested_payout: 0,
      available_balance: 0,
    });
    const paid = (await transactions(c.token, c.user.id)).json();
    expect(paid.find((x: { id: string }) => x.id === a.earning.id).status).toBe('paid');
  });

  it('pays the default $21.00 an hour when the job has no rate', async () => {
    const job = await postJob(t, admin, { title: 'Unpriced job', pay_per_hour: null });
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    const { earning, seconds } = await workTask(job.id, candidate, HOUR);
    expect(seconds).toBeGreaterThanOrEqual(HOUR);
    expect(earning.amountCents).toBe(Math.floor((seconds * 2100 + 1800) / 3600));
  });

  it('bills at most 2 hours for one task', async () => {
    const job = await postJob(t, admin, { title: 'Long task job', pay_per_hour: 21 });
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    const { earning } = await workTask(job.id, candidate, 5 * HOUR);
    expect(earning).toMatchObject({ secondsBilled: 2 * HOUR, amountCents: 4200, isoWeek: isoWeekOf(new Date()) });
  });

  it('stops billing at 40 hours in the ISO week, counting earlier tasks of any job', async () => {
    const job = await postJob(t, admin, { title: 'Busy week job', pay_per_hour: 20 });
    const other = await postJob(t, admin, { title: 'Second job this week', pay_per_hour: 20 });
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    const week = isoWeekOf(new Date());
    // Earlier work this week on another job: 39.5 billed hours, plus 2 rejected hours that do not
    // count, and a full week long ago, which does not count either.
    const filler = await createTasks(t, admin, other.id, [sampleTask(), sampleTask(), sampleTask(), sampleTask()]);
    const insert = (
      i: number,
      seconds: number,
      status: 'pending' | 'available' | 'paid' | 'rejected',
      isoWeek = week,
    ) =>
      t.database.db.insert(earnings).values({
        userId: candidate.user.id,
        taskId: filler[i]!.id,
        jobId: other.id,
        amountCents: 1,
        secondsBilled: seconds,
        isoWeek,
        status,
      });
    await insert(0, 32 * HOUR, 'paid');
    await insert(1, 7.5 * HOUR, 'pending');
    await insert(2, 2 * HOUR, 'rejected');
    await insert(3, 40 * HOUR, 'paid', '2000-W01');

    // 39.5 hours counted: half an hour is left.
    const first = await workTask(job.id, candidate, HOUR);
    expect(first.earning).toMatchObject({ secondsBilled: HOUR / 2, amountCents: 1000 });
    // The week is now full: further work this week is recorded but pays nothing.
    const second = await workTask(job.id, candidate, HOUR);
    expect(second.earning).toMatchObject({ secondsBilled: 0, amountCents: 0, status: 'pending' });
  });

  it('holds the weekly cap when two submissions land at the same time', async () => {
    const job = await postJob(t, admin, { title: 'Race job', pay_per_hour: 20 });
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    const [filler] = await createTasks(t, admin, job.id, [sampleTask()]);
    await t.database.db.insert(earnings).values({
      userId: candidate.user.id,
      taskId: filler!.id,
      jobId: job.id,
      amountCents: 1,
      secondsBilled: 39.5 * HOUR,
      isoWeek: isoWeekOf(new Date()),
      status: 'available',
    });
    const tasks = await createTasks(t, admin, job.id, [
      sampleTask({ assignee_id: candidate.user.id }),
      sampleTask({ assignee_id: candidate.user.id }),
    ]);
    for (const task of tasks) {
      await t.post(`/api/annotations/${task.id}/start`, candidate.token);
      await backdateStart(t, task.id, HOUR);
    }
    const results = await Promise.all(
      tasks.map((task) =>
        t.post(`/api/annotations/${task.id}/submit`, candidate.token, { quality_rating: 3, feedback_notes: 'Fine.' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.database.db.select().from(earnings).where(eq(earnings.userId, candidate.user.id));
    const billed = rows.reduce((acc, r) => acc + r.secondsBilled, 0);
    expect(billed).toBe(40 * HOUR);
    expect(rows.map((r) => r.secondsBilled).sort((a, b) => a - b)).toEqual([0, HOUR / 2, 39.5 * HOUR]);
  });
});

describe('who may read earnings', () => {
  it('a candidate reads only their own (403 otherwise); an admin reads anyone’s; no token is 401', async () => {
    const job = await postJob(t, admin, { title: 'Ownership job' });
    const { candidate: owner } = await acceptedCandidate(t, admin, job.id);
    const { candidate: other } = await acceptedCandidate(t, admin, job.id);
    await workTask(job.id, owner, 600);

    for (const call of [summary, transactions]) {
      const res = await call(other.token, owner.user.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You can only view your own data' });
      expect((await call(admin, owner.user.id)).statusCode).toBe(200);
    }
    expect((await transactions(admin, owner.user.id)).json()).toHaveLength(1);
    expect((await transactions(other.token, other.user.id)).json()).toEqual([]);
    expect((await summary(other.token, other.user.id)).json().pending_payout).toBe(0);
    const anon = await t.get(`/api/earnings/user/${owner.user.id}/summary`);
    expect(anon.statusCode).toBe(401);
    expect((await summary(owner.token, 'nope')).statusCode).toBe(422);
  });
});
