/**
 * The rules every payout path keeps (issue 43 items 3-5): the onboarding gate holds for everyone with
 * earnings, no money goes to a payout method inside its hold, a batch paid outside the files offers
 * no bank file, and no payee balance is ever written below zero.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bearer, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { completeOnboarding } from '../helpers/onboarding';
import { acceptedCandidate, postJob, seedEarnings, type Candidate } from '../helpers/work-fixtures';
import { annotationTasks } from '../../src/db/schema';
import { payoutMethods, payoutRequests } from '../../src/db/schema-money';
import { overruleAutomaticApproval } from '../../src/money/earnings';
import { balancesOf, checkLedger, postTransfer } from '../../src/money/ledger';

let t: TestContext;
let admin: string;
let jobId: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
  jobId = (await postJob(t, admin, { title: 'Payout rules job', pay_per_hour: 21 })).id;
});
afterAll(() => t.close());

const press = (c: Candidate, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payout-requests',
    headers: { ...bearer(c.token), 'idempotency-key': key },
  });

/**
 * Available earnings straight into the table (the ledger trigger posts them), one per new task, each
 * task marked approved by the rules (so a hand review can still overrule it). Returns the task ids.
 */
async function earn(who: Candidate, cents: number[]): Promise<string[]> {
  const { taskIds: ids } = await seedEarnings(t, admin, jobId, who.user.id, cents);
  for (const id of ids)
    await t.database.db
      .update(annotationTasks)
      .set({ status: 'reviewed', autoApproved: true, reviewApproved: true, reviewedAt: new Date() })
      .where(eq(annotationTasks.id, id));
  return ids;
}

/** An onboarded payee whose payout method changed `hoursAgo` hours ago. */
async function payee(hoursAgo: number) {
  const { candidate } = await acceptedCandidate(t, admin, jobId);
  await completeOnboarding(t, candidate, jobId);
  await t.database.db
    .update(payoutMethods)
    .set({ changedAt: new Date(Date.now() - hoursAgo * 3600_000) })
    .where(eq(payoutMethods.userId, candidate.user.id));
  return candidate;
}

/** The text of a database error, however the driver wrapped it. */
const errorText = (e: unknown): string => {
  if (!e) return 'no error';
  const err = e as { message?: string; cause?: unknown };
  return `${err.message ?? ''} ${err.cause ? errorText(err.cause) : ''}`;
};

describe('the onboarding gate (item 4)', () => {
  it('holds for a payee whose acceptance a retake withdrew, until the W-9, bank and documents are done', async () => {
    const { candidate, interview } = await acceptedCandidate(t, admin, jobId);
    await earn(candidate, [2500]);
    const retake = await t.post(`/api/admin/interviews/${interview.id}/retake`, admin, {
      reason: 'The recording was cut off.',
    });
    expect(retake.statusCode).toBe(200);

    const refused = await press(candidate, 'after-retake');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/^Complete these onboarding items before requesting a payout: /);
    expect(refused.json().detail).toMatch(/Terms of Work/i);
    expect(refused.json().detail).toMatch(/W-?9|tax/i);
    expect((await balancesOf(t.database.db, candidate.user.id)).available).toBe(2500);

    // The payee can still sign the documents of the job they earned in, give a W-9 and a bank, and be paid.
    await completeOnboarding(t, candidate, jobId);
    const paid = await press(candidate, 'after-onboarding');
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ amount: 25, status: 'requested' });
  });
});

describe('no payee balance below zero (item 3)', () => {
  it('refuses at write a transfer that would overdraw a payee account, and the balance stays', async () => {
    const c = await payee(80);
    await earn(c, [500]);
    const db = t.database.db;
    const overdraw = (cents: number, key: string) =>
      db.transaction((tx) =>
        postTransfer(tx, { key, kind: 'requested', userId: c.user.id, debit: 'available', credit: 'requested', cents }),
      );
    const refused = await overdraw(501, 'overdraw:501').then(
      () => null,
      (e: unknown) => e,
    );
    expect(errorText(refused)).toMatch(/available balance of payee .* would go below zero/);
    expect(await balancesOf(db, c.user.id)).toMatchObject({ available: 500, requested: 0 });
    await overdraw(500, 'overdraw:500');
    expect(await balancesOf(db, c.user.id)).toMatchObject({ available: 0, requested: 500 });
    expect(await checkLedger(db)).toMatchObject({ ok: true, negative_balances: 0 });
  });

  // PGlite has one connection, so two transactions cannot interleave there: the race needs PostgreSQL.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'serialises an overrule and a payout request on the payee: the request pays what is left (PostgreSQL)',
    async () => {
      const c = await payee(80);
      const [overruled] = await earn(c, [1000, 278]);
      const db = t.database.db;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let rejected!: () => void;
      const rejectedYet = new Promise<void>((resolve) => (rejected = resolve));
      // The overrule takes back the 10.00 earning and stays open until the request is under way.
      const overrule = db.transaction(async (tx) => {
        await overruleAutomaticApproval(tx, overruled!, false);
        rejected();
        await gate;
      });
      await rejectedYet;
      const request = press(c, 'during-overrule');
      // Either the request finishes while the overrule is open, or it waits for a lock: a query
      // on another connection tells which, without a timer.
      let finished = false;
      void request.then(() => (finished = true));
      const waiting = async () =>
        Number(
          (
            (
              await db.execute(
                sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0] as { n: string }
          ).n,
        ) > 0;
      while (!finished && !(await waiting())) await new Promise((resolve) => setImmediate(resolve));
      release();
      await overrule;
      const res = await request;
      expect(res.statusCode).toBe(201);
      expect(res.json().amount).toBe(2.78);
      expect(await balancesOf(db, c.user.id)).toMatchObject({ available: 0, requested: 278 });
      expect(await checkLedger(db)).toMatchObject({ ok: true, negative_balances: 0 });
    },
  );
});

describe('one rule for every payout path (item 5)', () => {
  it('a one-click payout pays no one whose payout method changed inside its hold, and says why', async () => {
    const changed = await payee(1);
    await earn(changed, [4200]);
    const res = await t.post('/api/admin/payouts', admin, { user_id: changed.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ payout_id: null, total: 0, items: [] });
    expect(res.json().held).toEqual([
      { user_id: changed.user.id, email: changed.user.email, reason: expect.stringMatching(/changed recently/) },
    ]);
    expect(await balancesOf(t.database.db, changed.user.id)).toMatchObject({ available: 4200, paid_out: 0 });
  });

  it('a batch a one-click payout made is marked as paid outside the files and offers no bank file', async () => {
    const settled = await payee(80);
    await earn(settled, [1500]);
    const res = await t.post('/api/admin/payouts', admin, { user_id: settled.user.id });
    expect(res.json().items).toHaveLength(1);
    const [row] = await t.database.db
      .select({ batchId: payoutRequests.batchId })
      .from(payoutRequests)
      .where(eq(payoutRequests.userId, settled.user.id));
    const batch = await t.get(`/api/admin/payout-batches/${row!.batchId}`, admin);
    expect(batch.json()).toMatchObject({ outside_files: true });
    for (const format of ['nacha', 'pain.001']) {
      const file = await t.get(`/api/admin/payout-batches/${row!.batchId}/file?format=${format}`, admin);
      expect(file.statusCode).toBe(409);
      expect(file.json().detail).toMatch(/^This batch was paid outside the bank files/);
    }
  });
});
