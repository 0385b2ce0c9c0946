import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { bearer, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { acceptedCandidate, createTasks, postJob, sampleTask, type Candidate } from '../helpers/work-fixtures';
import { earnings, payouts, users } from '../../src/db/schema';

let t: TestContext;
let admin: string;
let jobId: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
  jobId = (await postJob(t, admin, { title: 'Payout job', pay_per_hour: 21 })).id;
});
afterAll(() => t.close());

const payout = (token: string | null, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/payouts',
    headers: token ? bearer(token) : {},
    ...(payload !== undefined && { payload: payload as object }),
  });

/** Puts earnings straight into the ledger, one per new task, with the given cents and status. */
async function ledger(who: Candidate, rows: Array<[number, 'pending' | 'available' | 'paid' | 'rejected']>) {
  const tasks = await createTasks(
    t,
    admin,
    jobId,
    rows.map(() => sampleTask()),
  );
  const inserted = await t.database.db
    .insert(earnings)
    .values(
      rows.map(([cents, status], i) => ({
        userId: who.user.id,
        taskId: tasks[i]!.id,
        jobId,
        amountCents: cents,
        secondsBilled: 60,
        isoWeek: '2026-W01',
        status,
        createdAt: new Date(Date.now() - (rows.length - i) * 1000),
      })),
    )
    .returning({ id: earnings.id });
  return inserted.map((r) => r.id);
}

describe('POST /api/admin/payouts', () => {
  it('is for admins only', async () => {
    expect((await payout(null)).statusCode).toBe(401);
    const c = await t.signUp();
    const res = await payout(c.token);
    expect(res.statusCode).toBe(403);
  });

  it('answers 200 with no items and records nothing when nothing is available', async () => {
    const res = await payout(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ payout_id: null, total: 0, items: [] });
    expect(await t.database.db.select().from(payouts)).toEqual([]);
  });

  it('pays every available balance in one payout, leaving pending and rejected work alone', async () => {
    const { candidate: a } = await acceptedCandidate(t, admin, jobId);
    const { candidate: b } = await acceptedCandidate(t, admin, jobId);
    const [a1, a2, aPending, aRejected] = await ledger(a, [
      [2100, 'available'],
      [1050, 'available'],
      [700, 'pending'],
      [900, 'rejected'],
    ]);
    const [b1] = await ledger(b, [[333, 'available']]);

    const res = await payout(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payout_id).toEqual(expect.any(String));
    expect(body.total).toBe(34.83);
    expect(body.items).toHaveLength(2);
    expect(body.items).toEqual(
      expect.arrayContaining([
        { user_id: a.user.id, email: a.user.email, amount: 31.5, transactions: [a1, a2] },
        { user_id: b.user.id, email: b.user.email, amount: 3.33, transactions: [b1] },
      ]),
    );

    const rows = await t.database.db
      .select()
      .from(earnings)
      .where(inArray(earnings.id, [a1!, a2!, aPending!, aRejected!, b1!]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a1!)).toMatchObject({ status: 'paid', payoutId: body.payout_id });
    expect(byId.get(b1!)).toMatchObject({ status: 'paid', payoutId: body.payout_id });
    expect(byId.get(aPending!)).toMatchObject({ status: 'pending', payoutId: null });
    expect(byId.get(aRejected!)).toMatchObject({ status: 'rejected', payoutId: null });

    const [adminRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    const [recorded] = await t.database.db.select().from(payouts).where(eq(payouts.id, body.payout_id));
    expect(recorded).toMatchObject({ totalCents: 3483, createdBy: adminRow!.id });

    // The candidate's summary follows.
    const s = await t.get(`/api/earnings/user/${a.user.id}/summary`, a.token);
    expect(s.json()).toEqual({ total_earnings: 31.5, pending_payout: 7, requested_payout: 0, available_balance: 0 });

    // Paying again finds nothing.
    expect((await payout(admin)).json()).toEqual({ payout_id: null, total: 0, items: [] });
  });

  it('pays one candidate only when user_id is given', async () => {
    const { candidate: a } = await acceptedCandidate(t, admin, jobId);
    const { candidate: b } = await acceptedCandidate(t, admin, jobId);
    const [a1] = await ledger(a, [[500, 'available']]);
    const [b1] = await ledger(b, [[800, 'available']]);
    const res = await payout(admin, { user_id: a.user.id });
    expect(res.json()).toMatchObject({
      total: 5,
      items: [{ user_id: a.user.id, amount: 5, transactions: [a1] }],
    });
    const [bRow] = await t.database.db.select().from(earnings).where(eq(earnings.id, b1!));
    expect(bRow!.status).toBe('available');
    // Clean up b's balance for the next test.
    await payout(admin, { user_id: b.user.id });
  });

  it('never pays the same earning twice when two payouts run at once', async () => {
    const { candidate: a } = await acceptedCandidate(t, admin, jobId);
    await ledger(a, [
      [1000, 'available'],
      [2000, 'available'],
    ]);
    const [one, two] = await Promise.all([payout(admin), payout(admin)]);
    const totals = [one.json().total, two.json().total].sort();
    expect(totals).toEqual([0, 30]);
  });

  it('validates user_id and answers 404 for an unknown user', async () => {
    expect((await payout(admin, { user_id: 'x' })).statusCode).toBe(422);
    const res = await payout(admin, { user_id: crypto.randomUUID() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'User not found' });
  });
});
