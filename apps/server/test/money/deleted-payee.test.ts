/**
 * A payee who deletes their account (issue 43 items 1 and 2) and a payee whose balance is below zero
 * (item 3, the batch side): pay-all and the payout day still pay everyone else, the books follow the
 * money to the stand-in, and the tax identity, payout requests and batch items are kept and reported.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { completeOnboarding } from '../helpers/onboarding';
import { acceptedCandidate, postJob, seedEarnings, type Candidate } from '../helpers/work-fixtures';
import { earnings, users } from '../../src/db/schema';
import { ledgerEntries, ledgerTransfers, payoutMethods, payoutRequests, taxProfiles } from '../../src/db/schema-money';
import { balancesOf, checkLedger } from '../../src/money/ledger';
import { createBatch } from '../../src/money/payout-batches';
import { decryptSecret } from '../../src/money/encryption';
import { tinContext } from '../../src/money/tax-profile';

let t: TestContext;
let admin: string;
let adminId: string;
let jobId: string;
const YEAR = new Date().getUTCFullYear();

beforeAll(async () => {
  ({ t, admin, adminId } = await buildTestAppWithAdmin());
  jobId = (await postJob(t, admin, { title: 'Deleted payee job', pay_per_hour: 25 })).id;
});
afterAll(() => t.close());
// Every transfer balances and debits equal credits, whatever happened (a negative balance planted by a
// test is the one thing allowed to remain).
afterEach(async () => {
  const check = await checkLedger(t.database.db);
  expect(check).toMatchObject({ unbalanced_transfers: 0 });
  expect(check.debits).toBe(check.credits);
});

const db = () => t.database.db;
const press = (c: Candidate, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payout-requests',
    headers: { authorization: `Bearer ${c.token}`, 'idempotency-key': key },
  });
const deleteAccount = (c: Candidate) => t.delete('/api/account', c.token, { password: 'secret123' });
const payAll = () => t.post('/api/admin/payouts', admin);
const payOne = (c: Candidate) => t.post('/api/admin/payouts', admin, { user_id: c.user.id });

async function earn(who: Candidate, cents: number[], status: 'available' | 'pending' = 'available') {
  const { earningIds } = await seedEarnings(t, admin, jobId, who.user.id, cents, status);
  return earningIds.map((id) => ({ id }));
}

/** An onboarded payee (W-9, U.S. bank) past the payout-method hold, with a legal name of their own. */
async function payee(name: string) {
  const { candidate } = await acceptedCandidate(t, admin, jobId);
  await db().update(users).set({ name }).where(eq(users.id, candidate.user.id));
  await completeOnboarding(t, candidate, jobId);
  await db()
    .update(payoutMethods)
    .set({ changedAt: new Date(Date.now() - 80 * 3600_000) })
    .where(eq(payoutMethods.userId, candidate.user.id));
  return candidate;
}

/** The stand-in that holds a deleted payee's earnings now. */
async function standInOf(earningId: string) {
  const [row] = await db().select({ userId: earnings.userId }).from(earnings).where(eq(earnings.id, earningId));
  const [user] = await db().select().from(users).where(eq(users.id, row!.userId));
  return user!;
}

/**
 * Books as an older version could leave them (a race, a deletion before the fix): one transfer of the
 * given lines, written with triggers off so that a guard against overdrafts does not refuse what the
 * test plants as old data.
 */
async function plantTransfer(key: string, kind: string, lines: [string, string, number][]) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const [tr] = await tx
      .insert(ledgerTransfers)
      .values({ idempotencyKey: key, kind, userId: lines[0]![0] })
      .returning();
    await tx
      .insert(ledgerEntries)
      .values(lines.map(([userId, account, amountCents]) => ({ transferId: tr!.id, account, userId, amountCents })));
  });
}

const nextPayoutDay = () => {
  // A payout day after today: the anchor is a Monday two weeks before the next Monday.
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  d.setUTCHours(9, 0, 0, 0);
  const anchor = new Date(d.getTime() - 14 * 86_400_000).toISOString().slice(0, 10);
  return { now: d, anchor };
};

describe('a payee who deleted their account with money available', () => {
  it('does not stop pay-all or the payout day for everyone else; their money is owed, kept and not paid', async () => {
    const gone = await payee('Gone Payee');
    const [goneEarning] = await earn(gone, [4321]);
    expect((await deleteAccount(gone)).statusCode).toBe(204);
    const standIn = await standInOf(goneEarning!.id);

    // Pay-all pays the others, and says who was left out and why.
    const other = await payee('Other Payee');
    await earn(other, [1500]);
    const res = await payAll();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([expect.objectContaining({ user_id: other.user.id, amount: 15 })]);
    expect(res.json().held).toEqual([
      { user_id: standIn.id, email: expect.any(String), reason: expect.stringMatching(/account was deleted/) },
    ]);
    // The books follow the money: nothing is left under the old id, the stand-in owes it.
    expect(await balancesOf(db(), gone.user.id)).toEqual({
      pending: 0,
      available: 0,
      requested: 0,
      in_transit: 0,
      paid_out: 0,
    });
    expect((await balancesOf(db(), standIn.id)).available).toBe(4321);
    expect((await checkLedger(db())).ok).toBe(true);

    // The payout day too.
    const third = await payee('Third Payee');
    await earn(third, [700]);
    const day = nextPayoutDay();
    const b = await createBatch(db(), adminId, { ...day, holdHours: 72 });
    expect(b.items.map((i) => [i.user_id, i.amount])).toEqual([[third.user.id, 7]]);
    expect(b.held).toEqual([
      expect.objectContaining({ user_id: standIn.id, reason: expect.stringMatching(/account was deleted/) }),
    ]);
    expect((await balancesOf(db(), standIn.id)).available).toBe(4321);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('a request not yet in a batch comes back to the balance; one in transit is settled under the stand-in', async () => {
    const asked = await payee('Asked Payee');
    const [askedEarning] = await earn(asked, [900]);
    expect((await press(asked, 'before-deleting')).statusCode).toBe(201);
    expect((await deleteAccount(asked)).statusCode).toBe(204);
    const askedStandIn = await standInOf(askedEarning!.id);
    const [askedRequest] = await db().select().from(payoutRequests).where(eq(payoutRequests.userId, askedStandIn.id));
    expect(askedRequest).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/account was deleted/),
    });
    expect(await balancesOf(db(), askedStandIn.id)).toMatchObject({ available: 900, requested: 0 });

    const sent = await payee('Sent Payee');
    const [sentEarning] = await earn(sent, [1200]);
    await press(sent, 'sent');
    const batch = (await t.post('/api/admin/payout-batches', admin)).json();
    const item = batch.items.find((i: { user_id: string }) => i.user_id === sent.user.id);
    expect((await deleteAccount(sent)).statusCode).toBe(204);
    const sentStandIn = await standInOf(sentEarning!.id);
    expect(await balancesOf(db(), sentStandIn.id)).toMatchObject({ in_transit: 1200 });
    const paid = await t.post(`/api/admin/payout-batches/${batch.id}/items/${item.request_id}/paid`, admin);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ user_id: sentStandIn.id, status: 'paid' });
    expect(await balancesOf(db(), sentStandIn.id)).toMatchObject({ in_transit: 0, paid_out: 1200 });
    expect((await checkLedger(db())).ok).toBe(true);
  });
});

describe('what deletion keeps (item 2)', () => {
  it('keeps the W-9, payout requests and batch items under the stand-in: the 1099 list and batch totals hold', async () => {
    const big = await payee('Big Earner');
    const [bigEarning] = await earn(big, [2_100_00]);
    const paid = await payOne(big);
    expect(paid.json()).toMatchObject({ total: 2100 });
    const [request] = await db().select().from(payoutRequests).where(eq(payoutRequests.userId, big.user.id));
    const batchId = request!.batchId!;
    expect((await deleteAccount(big)).statusCode).toBe(204);
    const standIn = await standInOf(bigEarning!.id);

    // The W-9 is kept, masked and encrypted, now readable only under the stand-in's id.
    const [tax] = await db().select().from(taxProfiles).where(eq(taxProfiles.userId, standIn.id));
    expect(tax).toMatchObject({ form: 'w9', legalName: 'Big Earner', tinLast4: '6788' });
    expect(tax!.tinEncrypted).not.toContain('123456788');
    expect(decryptSecret(tax!.tinEncrypted!, tinContext(standIn.id))).toBe('123456788');

    // Still on the 1099-NEC list of the year, with the amount paid.
    const nec = (await t.get(`/api/admin/tax/1099-nec?year=${YEAR}`, admin)).json();
    expect(nec.payees).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: standIn.id, legal_name: 'Big Earner', tin_last4: '6788', total: 2100 }),
      ]),
    );

    // The batch still adds up: its items are its total.
    const batch = (await t.get(`/api/admin/payout-batches/${batchId}`, admin)).json();
    const cents = batch.items.reduce((acc: number, i: { amount: number }) => acc + Math.round(i.amount * 100), 0);
    expect(Math.round(batch.total * 100)).toBe(cents);
    expect(batch.items).toEqual([expect.objectContaining({ user_id: standIn.id, amount: 2100, status: 'paid' })]);
    const summary = (await t.get('/api/admin/payout-batches', admin)).json();
    expect(summary.find((s: { id: string }) => s.id === batchId)).toMatchObject({ item_count: 1, paid: 1 });
  });

  it('reports a payment of an earlier year under that year after a later deletion', async () => {
    expect(YEAR).toBeGreaterThan(2025); // the deletion below happens in a later year than the payment
    const old = await payee('Last Year Payee');
    const [e] = await earn(old, [650_00]);
    // Paid on 1 June 2025 (the ledger's payment date decides the 1099 year; the threshold was $600).
    const at = new Date('2025-06-01T12:00:00Z');
    const [transfer] = await db()
      .insert(ledgerTransfers)
      .values({ idempotencyKey: `test-paid:${e!.id}`, kind: 'paid', userId: old.user.id, refId: e!.id, createdAt: at })
      .returning();
    await db()
      .insert(ledgerEntries)
      .values([
        { transferId: transfer!.id, account: 'available', userId: old.user.id, amountCents: -650_00, createdAt: at },
        { transferId: transfer!.id, account: 'paid_out', userId: old.user.id, amountCents: 650_00, createdAt: at },
      ]);
    await db().update(earnings).set({ status: 'paid' }).where(eq(earnings.id, e!.id));
    expect((await deleteAccount(old)).statusCode).toBe(204);
    const standIn = await standInOf(e!.id);

    const then = (await t.get('/api/admin/tax/1099-nec?year=2025', admin)).json();
    expect(then.payees).toEqual([
      expect.objectContaining({ user_id: standIn.id, legal_name: 'Last Year Payee', total: 650 }),
    ]);
    // Moving the books to the stand-in is not a payment: nothing is reported for the year of deletion.
    expect((await t.get(`/api/admin/tax/1099-nec?year=${YEAR}&format=csv`, admin)).body).not.toContain(
      'Last Year Payee',
    );
  });
});

describe('a payee whose balance is below zero', () => {
  it('is left out with the reason; pay-all and batches pay everyone else', async () => {
    const owing = await payee('Owing Payee');
    await earn(owing, [1000]);
    expect((await press(owing, 'owing')).statusCode).toBe(201);
    // However it arose (a race of an older version, an import): 2.78 taken from an available balance of 0.
    await plantTransfer(`test-negative:${owing.user.id}`, 'reversed', [
      [owing.user.id, 'available', -278],
      [owing.user.id, 'work_expense', 278],
    ]);
    expect((await checkLedger(db())).negative_balances).toBeGreaterThan(0);

    const fine = await payee('Fine Payee');
    await earn(fine, [400]);
    await press(fine, 'fine');
    const res = await t.post('/api/admin/payout-batches', admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items.map((i: { user_id: string }) => i.user_id)).toEqual([fine.user.id]);
    expect(res.json().held).toEqual([
      expect.objectContaining({ user_id: owing.user.id, reason: expect.stringMatching(/below zero/) }),
    ]);

    const other = await payee('Other Fine Payee');
    await earn(other, [300]);
    const all = await payAll();
    expect(all.statusCode, all.body).toBe(200);
    const paidTo = all.json().items.map((i: { user_id: string }) => i.user_id);
    expect(paidTo).toContain(other.user.id);
    expect(paidTo).not.toContain(owing.user.id);
    expect(all.json().held).toEqual(
      expect.arrayContaining([
        { user_id: owing.user.id, email: expect.any(String), reason: expect.stringMatching(/below zero/) },
      ]),
    );
    // The owing payee's request is untouched, for the provider to settle.
    const [row] = await db().select().from(payoutRequests).where(eq(payoutRequests.userId, owing.user.id));
    expect(row!.status).toBe('requested');
    // Leave the books whole for the other tests: the planted debt is paid back.
    await plantTransfer(`test-repaid:${owing.user.id}`, 'overturned', [
      [owing.user.id, 'work_expense', -278],
      [owing.user.id, 'available', 278],
    ]);
  });
});

describe('a database where a payee was deleted before the fix (drizzle/0018)', () => {
  it('moves the old id’s balances to the stand-in that holds its earnings, once', async () => {
    const early = await payee('Early Leaver');
    const [avail] = await earn(early, [1000]);
    const [pending] = await earn(early, [500], 'pending');
    // What the old deletion did: earnings to a stand-in, then the user row (and with it the rest) gone.
    const [standIn] = await db()
      .insert(users)
      .values({
        email: `deleted-${avail!.id}@deleted.invalid`,
        passwordHash: 'x',
        role: 'candidate',
        deletedAt: new Date(),
      })
      .returning();
    await db().update(earnings).set({ userId: standIn!.id }).where(eq(earnings.userId, early.user.id));
    await db().delete(users).where(eq(users.id, early.user.id));
    // ... and a review afterwards posted to the stand-in, leaving it below zero.
    await plantTransfer(`earning:${pending!.id}:approved`, 'approved', [
      [standIn!.id, 'pending', -500],
      [standIn!.id, 'available', 500],
    ]);
    expect((await balancesOf(db(), standIn!.id)).pending).toBe(-500);

    const migration = fs.readFileSync(path.join(__dirname, '../../drizzle/0018_deleted_payee_books.sql'), 'utf8');
    await db().execute(sql.raw(migration));
    await db().execute(sql.raw(migration)); // a second run changes nothing

    expect(await balancesOf(db(), early.user.id)).toEqual({
      pending: 0,
      available: 0,
      requested: 0,
      in_transit: 0,
      paid_out: 0,
    });
    expect(await balancesOf(db(), standIn!.id)).toMatchObject({ pending: 0, available: 1500 });
    expect((await checkLedger(db())).ok).toBe(true);
  });
});
