/**
 * Payout requests, batches, bank files, paid/failed and the ledger (issue 36 items 5-7), through the
 * API on whichever database the run uses.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { bearer, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { completeOnboarding, VALID_IBAN } from '../helpers/onboarding';
import { readOutbox } from '../helpers/outbox';
import { acceptedCandidate, postJob, seedEarnings, type Candidate } from '../helpers/work-fixtures';
import { earnings } from '../../src/db/schema';
import { payoutMethods, payoutRequests } from '../../src/db/schema-money';
import { balancesOf, checkLedger } from '../../src/money/ledger';
import { createBatch } from '../../src/money/payout-batches';

const nacha = createRequire(import.meta.url)('@midlandsbank/node-nacha') as {
  from: (text: string) => { to: (format: 'json') => string };
};

let t: TestContext;
let admin: string;
let adminId: string;
let jobId: string;

beforeAll(async () => {
  ({ t, admin, adminId } = await buildTestAppWithAdmin());
  jobId = (await postJob(t, admin, { title: 'Payout job', pay_per_hour: 21 })).id;
});
afterAll(() => t.close());
// The books balance after every test, whatever it did.
afterEach(async () => expect(await checkLedger(t.database.db)).toMatchObject({ ok: true, unbalanced_transfers: 0 }));

const press = (c: Candidate, key: string | null) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payout-requests',
    headers: { ...bearer(c.token), ...(key !== null && { 'idempotency-key': key }) },
  });
const batch = () => t.post('/api/admin/payout-batches', admin);
const summary = (c: Candidate) => t.get(`/api/earnings/user/${c.user.id}/summary`, c.token).then((r) => r.json());
/** Each earning's payout hold as the rater's transactions list says it, by amount. */
const payoutsByAmount = (c: Candidate) =>
  t
    .get(`/api/earnings/user/${c.user.id}/transactions`, c.token)
    .then((r) => r.json() as { amount: number; payout: string | null }[])
    .then((list) => list.map((x) => [x.amount, x.payout]).sort((a, b) => Number(a[0]) - Number(b[0])));

/** Earnings straight into the table (the ledger trigger posts them), one per new task. */
async function earn(who: Candidate, cents: number[], status: 'available' | 'pending' = 'available') {
  const { earningIds } = await seedEarnings(t, admin, jobId, who.user.id, cents, status);
  return earningIds.map((id) => ({ id }));
}

/** An onboarded payee whose payout method is old enough to be paid (past the 72-hour hold). */
async function payee(method?: Record<string, unknown>) {
  const { candidate } = await acceptedCandidate(t, admin, jobId);
  await completeOnboarding(t, candidate, jobId, method ? { method } : {});
  await t.database.db
    .update(payoutMethods)
    .set({ changedAt: new Date(Date.now() - 80 * 3600_000) })
    .where(eq(payoutMethods.userId, candidate.user.id));
  return candidate;
}

describe('the ledger', () => {
  it('refuses to change or delete an entry', async () => {
    const c = await payee();
    await earn(c, [100]);
    await expect(t.database.db.execute(sql`update ledger_entries set amount_cents = 1`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
    expect((await balancesOf(t.database.db, c.user.id)).available).toBe(100);
  });

  it('reports its check at /api/admin/ledger/check and as a metric', async () => {
    const res = await t.get('/api/admin/ledger/check', admin);
    expect(res.json()).toMatchObject({ ok: true, unbalanced_transfers: 0, negative_balances: 0 });
    expect(res.json().debits).toBe(res.json().credits);
    const metrics = await t.get('/metrics');
    expect(metrics.body).toMatch(/ledger_check\{figure="ok"\} 1/);
  });
});

describe('POST /api/payout-requests', () => {
  it('requests the whole available balance; the same key answers the same request', async () => {
    const c = await payee();
    await earn(c, [2100, 1050]);
    await earn(c, [700], 'pending');
    const first = await press(c, 'key-1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: 31.5, status: 'requested' });
    const again = await press(c, 'key-1');
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await summary(c)).toEqual({
      total_earnings: 31.5,
      pending_payout: 38.5,
      requested_payout: 31.5,
      available_balance: 0,
    });
    // The requested earnings say so in the list; the one in review is not held.
    expect(await payoutsByAmount(c)).toEqual([
      [7, null],
      [10.5, 'requested'],
      [21, 'requested'],
    ]);
    // A second open request, with another key: 409.
    await earn(c, [500]);
    const second = await press(c, 'key-2');
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/already have a payout request/);
  });

  it('needs an Idempotency-Key, something available, and every onboarding item', async () => {
    const c = await payee();
    expect((await press(c, null)).statusCode).toBe(400);
    const nothing = await press(c, 'k');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().detail).toMatch(/Nothing is available/);

    const { candidate: fresh } = await acceptedCandidate(t, admin, jobId);
    await earn(fresh, [100]);
    const blocked = await press(fresh, 'k');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().detail).toMatch(/Sign Terms of Work|Terms of Work/);
    expect(blocked.json().detail).toMatch(/Setup Payments|payment/i);
    expect((await balancesOf(t.database.db, fresh.user.id)).available).toBe(100);
    expect((await press({ ...fresh, token: 'bad' }, 'k')).statusCode).toBe(401);
  });

  it('makes one request of ten presses at once, with different keys or the same', async () => {
    const c = await payee();
    await earn(c, [1234]);
    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => press(c, `press-${i}`)));
    expect(many.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(many.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const d = await payee();
    await earn(d, [99]);
    const same = await Promise.all(Array.from({ length: 10 }, () => press(d, 'one-key')));
    expect(new Set(same.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.database.db.select().from(payoutRequests).where(eq(payoutRequests.userId, d.user.id));
    expect(rows).toHaveLength(1);
    expect((await balancesOf(t.database.db, d.user.id)).requested).toBe(99);
  });
});

describe('payout batches', () => {
  it('builds one batch of the open requests even when called twice at once; files and totals are exact', async () => {
    const us = await payee();
    const eu = await payee(VALID_IBAN);
    await earn(us, [123456, 1]);
    await earn(eu, [10, 20]);
    expect((await press(us, 'a')).statusCode).toBe(201);
    expect((await press(eu, 'b')).statusCode).toBe(201);
    const [one, two] = await Promise.all([batch(), batch()]);
    const made = [one, two].filter((r) => r.statusCode === 201);
    expect(made).toHaveLength(1);
    expect([one, two].find((r) => r.statusCode !== 201)!.statusCode).toBe(409);
    const b = made[0]!.json();
    const ours = b.items.filter((i: { user_id: string }) => [us.user.id, eu.user.id].includes(i.user_id));
    expect(ours.map((i: { amount: number }) => i.amount).sort()).toEqual([0.3, 1234.57]);
    expect(ours.map((i: { rail: string }) => i.rail).sort()).toEqual(['nacha', 'pain.001']);
    const cents = b.items.reduce((acc: number, i: { amount: number }) => acc + Math.round(i.amount * 100), 0);
    expect(Math.round(b.total * 100)).toBe(cents);
    expect((await balancesOf(t.database.db, us.user.id)).in_transit).toBe(123457);

    const ach = await t.get(`/api/admin/payout-batches/${b.id}/file?format=nacha`, admin);
    expect(ach.statusCode).toBe(200);
    const lines = ach.body.trimEnd().split('\n');
    expect(lines.every((l) => l.length === 94)).toBe(true);
    expect(lines.length % 10).toBe(0);
    const parsed = JSON.parse(nacha.from(ach.body).to('json'));
    const usBankCents = b.items
      .filter((i: { rail: string }) => i.rail === 'nacha')
      .map((i: { amount: number }) => Math.round(i.amount * 100));
    expect(parsed.batches[0].entries.map((e: { amount: number }) => e.amount)).toEqual(usBankCents);
    expect(parsed.batches[0].entries.map((e: { amount: number }) => e.amount)).toContain(123457);
    expect(parsed.file.footer).toMatchObject({
      totalCredit: usBankCents.reduce((a: number, x: number) => a + x, 0),
      entryHash: 1100001 * usBankCents.length, // every test payee banks at 011000015
      entryAndAddendaCount: usBankCents.length,
    });
    expect(ach.body).toContain('000123456789'); // the decrypted account, only in the file

    const xml = await t.get(`/api/admin/payout-batches/${b.id}/file?format=pain.001`, admin);
    const doc = new XMLParser({ parseTagValue: false }).parse(xml.body);
    expect(doc.Document.CstmrCdtTrfInitn.GrpHdr).toMatchObject({ NbOfTxs: '1', CtrlSum: '0.30' });
    expect(doc.Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf.CdtrAcct.Id.IBAN).toBe('DE89370400440532013000');
    expect(doc.Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf.Amt.InstdAmt).toBe('0.30');
    expect((await t.get(`/api/admin/payout-batches/${b.id}/file?format=csv`, admin)).statusCode).toBe(422);
    expect((await t.get(`/api/admin/payout-batches/${b.id}/file?format=nacha`, us.token)).statusCode).toBe(403);
  });

  it('holds a payee whose payout method changed in the last 72 hours', async () => {
    const c = await payee();
    await earn(c, [500]);
    await press(c, 'k');
    await t.database.db.update(payoutMethods).set({ changedAt: new Date() }).where(eq(payoutMethods.userId, c.user.id));
    const res = await batch();
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/on hold/);
    // The end of the hold as a person reads it, not a raw timestamp (issue 43).
    expect(res.json().detail).toMatch(/wait until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\./);
    expect(res.json().detail).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const [row] = await t.database.db.select().from(payoutRequests).where(eq(payoutRequests.userId, c.user.id));
    expect(row!.status).toBe('requested');
  });

  it('on a payout day also pays the available balances of everyone onboarded', async () => {
    const c = await payee();
    await earn(c, [800]);
    const notOnboarded = (await acceptedCandidate(t, admin, jobId)).candidate;
    await earn(notOnboarded, [900]);
    const monday = new Date('2026-12-07T09:00:00Z'); // a payout day: 48 weeks after the 2026-01-05 anchor
    const b = await createBatch(t.database.db, adminId, { now: monday, anchor: '2026-01-05', holdHours: 72 });
    expect(b.items.filter((i) => i.user_id === c.user.id).map((i) => i.amount)).toEqual([8]);
    expect(b.items.some((i) => i.user_id === notOnboarded.user.id)).toBe(false);
  });
});

describe('paid and failed', () => {
  async function batched(cents: number[]) {
    const c = await payee();
    const rows = await earn(c, cents);
    await press(c, `k-${c.user.id}`);
    const b = (await batch()).json();
    const item = b.items.find((i: { user_id: string }) => i.user_id === c.user.id);
    return { c, b, item, earningIds: rows.map((r) => r.id) };
  }
  const itemUrl = (b: { id: string }, item: { request_id: string }, what: string) =>
    `/api/admin/payout-batches/${b.id}/items/${item.request_id}/${what}`;
  /** The payout e-mails the payee received (subject lines), once the queue has sent them. */
  async function payoutMails(c: Candidate) {
    await t.app.queue.settle();
    return readOutbox(t.config.dataDir)
      .filter((m) => m.includes(`To: ${c.user.email}`))
      .map((m) => /^Subject: (.*)$/m.exec(m)?.[1] ?? '')
      .filter((subject) => subject.startsWith('Payout'));
  }

  it('paid marks the earnings paid and e-mails nothing secret', async () => {
    const { c, b, item, earningIds } = await batched([300, 200]);
    expect(await payoutsByAmount(c)).toEqual([
      [2, 'batched'],
      [3, 'batched'],
    ]);
    const res = await t.post(itemUrl(b, item, 'paid'), admin);
    expect(res.json()).toMatchObject({ status: 'paid', amount: 5 });
    const rows = await t.database.db.select().from(earnings).where(eq(earnings.userId, c.user.id));
    expect(rows.map((r) => r.status)).toEqual(['paid', 'paid']);
    expect(earningIds).toHaveLength(2);
    expect(await summary(c)).toEqual({
      total_earnings: 5,
      pending_payout: 0,
      requested_payout: 0,
      available_balance: 0,
    });
    // The payee is told once; marking it paid again changes nothing and sends nothing.
    expect((await t.post(itemUrl(b, item, 'paid'), admin)).statusCode).toBe(200);
    expect(await payoutMails(c)).toEqual(['Payout sent: $5.00']);
  });

  it('failed returns the money to the available balance exactly once, even called five times at once', async () => {
    const { c, b, item } = await batched([700]);
    const calls = await Promise.all(
      Array.from({ length: 5 }, () => t.post(itemUrl(b, item, 'failed'), admin, { reason: 'Account closed (R02)' })),
    );
    expect(calls.every((r) => r.statusCode === 200 && r.json().status === 'failed')).toBe(true);
    expect(await balancesOf(t.database.db, c.user.id)).toMatchObject({ available: 700, in_transit: 0, requested: 0 });
    const mine = await t.get('/api/payout-requests', c.token);
    expect(mine.json()[0]).toMatchObject({ status: 'failed', failure_reason: 'Account closed (R02)' });
    expect((await t.post(itemUrl(b, item, 'paid'), admin)).statusCode).toBe(409);
    expect((await t.post(itemUrl(b, item, 'failed'), admin, { reason: '' })).statusCode).toBe(422);
    // One e-mail with the reason, however many calls.
    expect(await payoutMails(c)).toEqual(['Payout returned: $7.00']);
    const mail = readOutbox(t.config.dataDir).find((m) => m.includes(`To: ${c.user.email}`) && m.includes('returned'));
    expect(mail).toContain('Account closed (R02)');
  });

  it('a payout that fails after paid is reversed once, and its earnings are available again', async () => {
    const { c, b, item } = await batched([450]);
    await t.post(itemUrl(b, item, 'paid'), admin);
    await Promise.all(
      [1, 2, 3].map(() => t.post(itemUrl(b, item, 'failed'), admin, { reason: 'Returned: R03 no account' })),
    );
    expect(await balancesOf(t.database.db, c.user.id)).toMatchObject({ available: 450, paid_out: 0 });
    const rows = await t.database.db.select().from(earnings).where(eq(earnings.userId, c.user.id));
    expect(rows.map((r) => r.status)).toEqual(['available']);
    // The money can be requested again.
    expect((await press(c, 'again')).json()).toMatchObject({ amount: 4.5, status: 'requested' });
  });

  it('the old one-click payout pays open requests through the same path', async () => {
    const c = await payee();
    await earn(c, [250]);
    await press(c, 'k');
    const res = await t.post('/api/admin/payouts', admin, { user_id: c.user.id });
    expect(res.json()).toMatchObject({ total: 2.5, items: [{ user_id: c.user.id, amount: 2.5 }] });
    const [row] = await t.database.db.select().from(payoutRequests).where(eq(payoutRequests.userId, c.user.id));
    expect(row!.status).toBe('paid');
    expect((await balancesOf(t.database.db, c.user.id)).paid_out).toBe(250);
  });
});
