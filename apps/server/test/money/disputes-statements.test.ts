/** Disputes of rejected work (item 9) and yearly statements (item 8) read from the ledger. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import {
  acceptedCandidate,
  createTasks,
  postJob,
  sampleTask,
  workOnTask,
  type Candidate,
} from '../helpers/work-fixtures';
import { annotationTasks } from '../../src/db/schema';
import { balancesOf, checkLedger } from '../../src/money/ledger';

let t: TestContext;
let admin: string;
let jobId: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
  jobId = (await postJob(t, admin, { title: 'Dispute job', pay_per_hour: 36 })).id;
});
afterAll(() => t.close());

/** A task the candidate worked an hour on and the provider rejected `daysAgo` days ago. */
async function rejected(c: Candidate, daysAgo = 0) {
  const [task] = await createTasks(t, admin, jobId, [sampleTask({ assignee_id: c.user.id })]);
  await workOnTask(t, c.token, task!.id, { quality_rating: 3, feedback_notes: 'ok' }, 3600);
  const review = await t.post(`/api/admin/tasks/${task!.id}/review`, admin, {
    approved: false,
    reason: 'Notes too short',
  });
  expect(review.statusCode).toBe(200);
  await t.database.db
    .update(annotationTasks)
    .set({ reviewedAt: new Date(Date.now() - daysAgo * 86_400_000) })
    .where(eq(annotationTasks.id, task!.id));
  return task!.id;
}

describe('disputes', () => {
  it('a rater disputes a rejection within 7 days; an overturned one becomes available', async () => {
    const { candidate: c } = await acceptedCandidate(t, admin, jobId);
    const taskId = await rejected(c, 6);
    const res = await t.post('/api/disputes', c.token, { task_id: taskId, reason: 'I followed the guidelines.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'open', rejection_reason: 'Notes too short', amount: 36 });
    expect((await t.post('/api/disputes', c.token, { task_id: taskId, reason: 'Again please' })).statusCode).toBe(409);
    const list = await t.get('/api/admin/disputes?status=open', admin);
    expect(list.json().map((d: { id: string }) => d.id)).toContain(res.json().id);

    const resolve = (body: object) => t.post(`/api/admin/disputes/${res.json().id}/resolve`, admin, body);
    expect((await resolve({ outcome: 'overturned' })).statusCode).toBe(422);
    const done = await resolve({ outcome: 'overturned', reason: 'The notes meet the guideline.' });
    expect(done.json()).toMatchObject({ status: 'overturned', resolution: 'The notes meet the guideline.' });
    expect((await resolve({ outcome: 'upheld', reason: 'Changed my mind' })).statusCode).toBe(409);
    expect((await balancesOf(t.database.db, c.user.id)).available).toBe(3600);
    expect((await t.get(`/api/earnings/user/${c.user.id}/summary`, c.token)).json().available_balance).toBe(36);
    expect((await t.get('/api/disputes', c.token)).json()[0]).toMatchObject({ status: 'overturned' });
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('refuses after 7 days, for someone else, and for work that was not rejected', async () => {
    const { candidate: c } = await acceptedCandidate(t, admin, jobId);
    const old = await rejected(c, 8);
    const late = await t.post('/api/disputes', c.token, { task_id: old, reason: 'Please look again' });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/7-day window/);
    const fresh = await rejected(c, 0);
    const { candidate: other } = await acceptedCandidate(t, admin, jobId);
    expect((await t.post('/api/disputes', other.token, { task_id: fresh, reason: 'Not mine' })).statusCode).toBe(404);
    expect((await t.post('/api/disputes', c.token, { task_id: fresh, reason: 'x' })).statusCode).toBe(422);
    expect((await t.get('/api/admin/disputes', c.token)).statusCode).toBe(403);
  });
});

describe('statements', () => {
  it('lists every earning with hours and rate, totals that match the ledger, as CSV and PDF', async () => {
    const { candidate: c } = await acceptedCandidate(t, admin, jobId);
    const [task] = await createTasks(t, admin, jobId, [
      sampleTask({ assignee_id: c.user.id, task_name: '=HYPERLINK("x")' }),
    ]);
    await workOnTask(t, c.token, task!.id, { quality_rating: 4, feedback_notes: 'good' }, 1800);
    await t.post(`/api/admin/tasks/${task!.id}/review`, admin, { approved: true });
    await t.post('/api/admin/payouts', admin, { user_id: c.user.id });
    const year = new Date().getUTCFullYear();
    const csv = await t.get(`/api/earnings/user/${c.user.id}/statement?year=${year}&format=csv`, c.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"date","type","description","reference","hours","rate_per_hour","amount","status"');
    expect(lines.find((l) => l.includes('"earning"'))).toMatch(/"'=HYPERLINK.*","0\.5","36\.00","18\.00","paid"/);
    expect((await balancesOf(t.database.db, c.user.id)).paid_out).toBe(1800);
    // The payout's negative amount is a number a spreadsheet reads, not text behind a "'".
    expect(lines.find((l) => l.includes('"payout"'))).toMatch(/,"-18\.00","paid"$/);
    expect(lines.find((l) => l.includes('Paid out in the year'))).toContain('"18.00"');
    const pdf = await t.get(`/api/earnings/user/${c.user.id}/statement?year=${year}&format=pdf`, c.token);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { candidate: other } = await acceptedCandidate(t, admin, jobId);
    expect((await t.get(`/api/earnings/user/${c.user.id}/statement?year=${year}`, other.token)).statusCode).toBe(403);
    expect((await t.get(`/api/earnings/user/${c.user.id}/statement?year=abc`, c.token)).statusCode).toBe(422);
  });

  it('shows the payouts table rows with the cap of 40 hours and the next payout day', async () => {
    const { candidate: c } = await acceptedCandidate(t, admin, jobId);
    const [task] = await createTasks(t, admin, jobId, [sampleTask({ assignee_id: c.user.id })]);
    await workOnTask(t, c.token, task!.id, { quality_rating: 4, feedback_notes: 'good' }, 3600);
    const res = (await t.get(`/api/earnings/user/${c.user.id}/payouts`, c.token)).json();
    expect(new Date(`${res.next_payout_day}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(res.rows[0]).toMatchObject({ type: 'Contracts', hours_max: 40, earned: 36, status: 'in_review' });
    expect(res.rows[0].hours).toBeCloseTo(1, 1);
  });
});
