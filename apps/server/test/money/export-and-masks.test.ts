/**
 * Issue 43 item 9: the account export holds the person's payout requests and their own disputes, and a
 * short foreign TIN or account number is never shown whole (decision 0221), including masks saved before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { completeOnboarding, VALID_US_BANK } from '../helpers/onboarding';
import { readOutbox } from '../helpers/outbox';
import {
  acceptedCandidate,
  createTasks,
  postJob,
  sampleTask,
  workOnTask,
  type Candidate,
} from '../helpers/work-fixtures';
import { earnings } from '../../src/db/schema';
import { payoutMethods, taxProfiles } from '../../src/db/schema-money';
import { last4 } from '../../src/money/encryption';
import { remaskShortNumbers } from '../../src/money/remask';

let t: TestContext;
let admin: string;
let jobId: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
  jobId = (await postJob(t, admin, { title: 'Export job', pay_per_hour: 24 })).id;
});
afterAll(async () => t.close());

const W8BEN = {
  form: 'w8ben',
  legal_name: 'Ana Souza',
  country_of_citizenship: 'BR',
  address: { line1: 'Rua das Flores 12', city: 'Recife', postal_code: '50000-000', country: 'br' },
  date_of_birth: '1990-04-30',
  certify: true,
  signature_name: 'ANA SOUZA',
};
const usBank = (account: string) => ({ ...VALID_US_BANK, account_number: account, current_password: 'secret123' });

/** An onboarded payee whose method is past its hold, with `cents` available. */
async function payee(cents: number): Promise<Candidate> {
  const { candidate } = await acceptedCandidate(t, admin, jobId);
  await completeOnboarding(t, candidate, jobId);
  await t.database.db
    .update(payoutMethods)
    .set({ changedAt: new Date(Date.now() - 100 * 3600_000) })
    .where(eq(payoutMethods.userId, candidate.user.id));
  const [task] = await createTasks(t, admin, jobId, [sampleTask({ assignee_id: candidate.user.id })]);
  await t.database.db.insert(earnings).values({
    userId: candidate.user.id,
    taskId: task!.id,
    jobId,
    amountCents: cents,
    secondsBilled: 3600,
    isoWeek: '2026-W40',
    status: 'available',
  });
  return candidate;
}

const press = (c: Candidate, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payout-requests',
    headers: { ...bearer(c.token), 'idempotency-key': key },
  });

describe('GET /api/account/export: payout requests and disputes', () => {
  it('lists every payout request with amount, status and failure reason, and the person’s own disputes', async () => {
    const c = await payee(1234);
    expect((await press(c, 'first')).statusCode).toBeLessThan(300);
    const batch = (await t.post('/api/admin/payout-batches', admin)).json();
    const item = batch.items.find((i: { user_id: string }) => i.user_id === c.user.id);
    const failed = await t.post(`/api/admin/payout-batches/${batch.id}/items/${item.request_id}/failed`, admin, {
      reason: 'Account closed (R02)',
    });
    expect(failed.statusCode).toBe(200);
    expect((await press(c, 'second')).statusCode).toBeLessThan(300);

    // A rejected task the person disputes; someone else's dispute stays out of this export.
    const rejectedTask = async (who: Candidate) => {
      const [task] = await createTasks(t, admin, jobId, [sampleTask({ assignee_id: who.user.id })]);
      await workOnTask(t, who.token, task!.id, { quality_rating: 3, feedback_notes: 'ok' }, 1800);
      await t.post(`/api/admin/tasks/${task!.id}/review`, admin, { approved: false, reason: 'Notes too short' });
      return task!.id;
    };
    const mine = await t.post('/api/disputes', c.token, {
      task_id: await rejectedTask(c),
      reason: 'I followed the guidelines, see note 3.',
    });
    expect(mine.statusCode).toBe(201);
    const { candidate: other } = await acceptedCandidate(t, admin, jobId);
    await t.post('/api/disputes', other.token, { task_id: await rejectedTask(other), reason: 'Someone else’s text' });

    const res = await t.get('/api/account/export', c.token);
    expect(res.statusCode).toBe(200);
    const { payout_requests: requests, disputes } = res.json().earnings;
    expect(requests).toEqual([
      expect.objectContaining({ amount: 12.34, status: 'failed', failure_reason: 'Account closed (R02)' }),
      expect.objectContaining({ amount: 12.34, status: 'requested', failure_reason: null }),
    ]);
    expect(requests[0].failed_at).toEqual(expect.any(String));
    expect(disputes).toEqual([
      expect.objectContaining({
        id: mine.json().id,
        reason: 'I followed the guidelines, see note 3.',
        rejection_reason: 'Notes too short',
        status: 'open',
        amount: 12,
      }),
    ]);
    expect(res.body).not.toContain('Someone else’s text');
  });
});

describe('masks of short numbers', () => {
  it('shows four characters, never more than half the number', () => {
    expect(last4('123-45-6788')).toBe('6788');
    expect(last4('DE89 3704 0044 0532 0130 00')).toBe('3000');
    expect(last4('1234567')).toBe('567');
    expect(last4('12345')).toBe('45');
    expect(last4('1234')).toBe('34');
    expect(last4('123')).toBe('3');
    expect(last4('12')).toBe('2');
    expect(last4('7')).toBe('');
  });

  it('a four-character foreign TIN or account is not shown whole in replies, the export or the e-mail', async () => {
    const { token, user } = await t.signUp();
    const tax = await t.put('/api/tax-profile', token, { ...W8BEN, foreign_tin: 'A-1 23' });
    expect(tax.statusCode).toBe(200);
    expect(tax.json().profile.tin_last4).toBe('23');
    const before = readOutbox(t.config.dataDir).length;
    const method = await t.put('/api/payout-method', token, usBank('9876'));
    expect(method.statusCode).toBe(200);
    expect(method.json().method.last4).toBe('76');

    const exported = (await t.get('/api/account/export', token)).json().onboarding;
    expect(exported.tax_profile.tin_last4).toBe('23');
    expect(exported.payout_method.last4).toBe('76');
    expect((await t.get('/api/tax-profile', token)).json().profile.tin_last4).toBe('23');
    await t.app.queue.settle();
    const mail = readOutbox(t.config.dataDir)
      .slice(before)
      .find((m) => m.includes(`To: ${user.email}`))!;
    expect(mail).toContain('ending in 76');
    expect(mail).not.toContain('9876');
  });

  it('recomputes masks saved before (a short number shown whole), leaving long numbers as they are', async () => {
    const short = await t.signUp();
    await t.put('/api/tax-profile', short.token, { ...W8BEN, foreign_tin: 'AB12' });
    await t.put('/api/payout-method', short.token, usBank('4321'));
    const long = await t.signUp();
    await t.put('/api/tax-profile', long.token, { ...W8BEN, foreign_tin: '123.456.789-09' });
    await t.put('/api/payout-method', long.token, usBank('000123456789'));
    // As the old helper stored them: the whole short number.
    await t.database.db.update(taxProfiles).set({ tinLast4: 'AB12' }).where(eq(taxProfiles.userId, short.user.id));
    await t.database.db.update(payoutMethods).set({ last4: '4321' }).where(eq(payoutMethods.userId, short.user.id));

    expect(await remaskShortNumbers(t.database.db)).toBe(2);
    expect((await t.get('/api/tax-profile', short.token)).json().profile.tin_last4).toBe('12');
    expect((await t.get('/api/payout-method', short.token)).json().method.last4).toBe('21');
    expect((await t.get('/api/tax-profile', long.token)).json().profile.tin_last4).toBe('8909');
    expect((await t.get('/api/payout-method', long.token)).json().method.last4).toBe('6789');
    expect(await remaskShortNumbers(t.database.db)).toBe(0);
  });
});
