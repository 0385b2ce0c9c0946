/** Tax forms (issue 36 item 3): W-9 and W-8BEN rules, tin_last4 only, W-8BEN expiry, the 1099-NEC list. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { VALID_W9 } from '../helpers/onboarding';
import { acceptedCandidate, createTasks, postJob, sampleTask } from '../helpers/work-fixtures';
import { earnings, payouts, profiles } from '../../src/db/schema';
import { ledgerEntries, ledgerTransfers, taxProfiles } from '../../src/db/schema-money';
import { missingOnboardingItems } from '../../src/money/onboarding';

let t: TestContext;
let admin: string;
let adminId: string;

beforeAll(async () => {
  ({ t, admin, adminId } = await buildTestAppWithAdmin());
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

const W8BEN = {
  form: 'w8ben',
  legal_name: 'Ana Souza',
  country_of_citizenship: 'BR',
  address: { line1: 'Rua das Flores 12', city: 'Recife', postal_code: '50000-000', country: 'br' },
  foreign_tin: '123.456.789-09',
  date_of_birth: '1990-04-30',
  certify: true,
  signature_name: 'ANA SOUZA',
};

describe('PUT /api/tax-profile (W-9)', () => {
  it('stores a W-9 with the TIN encrypted and answers tin_last4 only', async () => {
    const { token, user } = await t.signUp();
    const res = await t.put('/api/tax-profile', token, VALID_W9);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      form: 'w9',
      tin_type: 'ssn',
      tin_last4: '6788',
      status: 'valid',
      expires_at: null,
    });
    expect(res.body).not.toContain('123456788');
    expect(res.body).not.toContain('123-45-6788');
    const got = await t.get('/api/tax-profile', token);
    expect(got.json().profile.tin_last4).toBe('6788');
    expect(got.json().perjury_statements.w9).toMatch(/^Under penalties of perjury/);
    expect(got.body).not.toContain('123456788');
    const [row] = await t.database.db.select().from(taxProfiles).where(eq(taxProfiles.userId, user.id));
    expect(row!.tinEncrypted).not.toContain('123456788');
    expect(row!.perjuryStatement).toMatch(/Under penalties of perjury/);
    expect(row!.signedIp).toBe('127.0.0.1');
  });

  it.each([
    ['area 000', { tin: '000-12-3456' }, /000/],
    ['area 666', { tin: '666-12-3456' }, /666/],
    ['area 9xx', { tin: '912-12-3456' }, /912/],
    ['group 00', { tin: '123-00-3456' }, /middle/],
    ['serial 0000', { tin: '123-45-0000' }, /last four/],
    ['a short SSN', { tin: '12345' }, /9 digits/],
    ['an EIN prefix never issued', { tin_type: 'ein', tin: '07-1234567' }, /does not issue/],
    ['no certification', { certify: false }, /perjury/],
    ['a signature unlike the legal name', { signature_name: 'Someone Else' }, /legal name/],
  ])('refuses %s with 422 and keeps the form it had', async (_label, change, detail) => {
    const { token } = await t.signUp();
    await t.put('/api/tax-profile', token, VALID_W9);
    const res = await t.put('/api/tax-profile', token, {
      ...VALID_W9,
      legal_name: 'Other Name',
      signature_name: 'Other Name',
      ...change,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(detail);
    expect((await t.get('/api/tax-profile', token)).json().profile.legal_name).toBe('Test Candidate');
  });

  it('takes an EIN with an issued prefix', async () => {
    const { token } = await t.signUp();
    const res = await t.put('/api/tax-profile', token, {
      ...VALID_W9,
      tax_classification: 'llc_s',
      business_name: 'Candidate Studio LLC',
      tin_type: 'ein',
      tin: '45-1234567',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      tin_type: 'ein',
      tin_last4: '4567',
      business_name: 'Candidate Studio LLC',
    });
  });
});

describe('W-8BEN', () => {
  it('offers the form that follows citizenship and residence', async () => {
    const { token, user } = await t.signUp();
    await t.database.db.insert(profiles).values({ userId: user.id, citizenship: 'Brazil', country: 'Brazil' });
    expect((await t.get('/api/tax-profile', token)).json().offered_form).toBe('w8ben');
    await t.database.db.update(profiles).set({ country: 'United States' }).where(eq(profiles.userId, user.id));
    expect((await t.get('/api/tax-profile', token)).json().offered_form).toBe('w9');
  });

  it('refuses a W-8BEN from a U.S. citizen or resident', async () => {
    const { token } = await t.signUp();
    expect((await t.put('/api/tax-profile', token, { ...W8BEN, country_of_citizenship: 'US' })).statusCode).toBe(422);
    const resident = await t.put('/api/tax-profile', token, { ...W8BEN, address: { ...W8BEN.address, country: 'US' } });
    expect(resident.statusCode).toBe(422);
    expect(resident.json().detail).toMatch(/W-9/);
  });

  it('expires at the end of the third calendar year after signing, and the item goes back to pending', async () => {
    const job = await postJob(t, admin);
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T10:00:00Z'));
    const res = await t.put('/api/tax-profile', candidate.token, W8BEN);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      form: 'w8ben',
      tin_type: 'foreign',
      tin_last4: '8909',
      expires_at: '2029-12-31T23:59:59.999Z',
      status: 'valid',
    });
    // Years later the old session has ended: sign in again at that time and look.
    const at = async (iso: string) => {
      vi.setSystemTime(new Date(iso));
      const login = await t.post('/api/auth/login', null, { email: candidate.user.email, password: 'secret123' });
      const token = login.json().token as string;
      const items = (await t.get(`/api/jobs/${job.id}/onboarding`, token)).json().items as {
        key: string;
        status: string;
      }[];
      const profile = (await t.get('/api/tax-profile', token)).json().profile as { status: string };
      return { item: items.find((i) => i.key === 'tax_form')!.status, profile: profile.status };
    };
    expect(await at('2026-03-15T11:00:00Z')).toEqual({ item: 'done', profile: 'valid' });
    expect(await at('2029-12-31T23:00:00Z')).toEqual({ item: 'done', profile: 'valid' });
    expect(await at('2030-01-01T00:00:01Z')).toEqual({ item: 'pending', profile: 'expired' });
    expect(
      await missingOnboardingItems(t.database.db, candidate.user.id, new Date('2030-01-01T00:00:01Z')),
    ).toContainEqual(expect.objectContaining({ key: 'tax_form' }));
  });
});

describe('GET /api/admin/tax/1099-nec', () => {
  /** A payout of `cents` to the user on `at`: a paid earning, and its payout in the ledger dated `at`. */
  async function paid(userId: string, cents: number, at: string) {
    const db = t.database.db;
    const job = await postJob(t, admin);
    const [task] = await createTasks(t, admin, job.id, [sampleTask()]);
    const [payout] = await db
      .insert(payouts)
      .values({ createdBy: adminId, totalCents: cents, createdAt: new Date(at) })
      .returning();
    const [earning] = await db
      .insert(earnings)
      .values({
        userId,
        taskId: task!.id,
        jobId: job.id,
        amountCents: cents,
        secondsBilled: 3600,
        isoWeek: '2026-W10',
        status: 'available',
      })
      .returning();
    // The 1099 reads the ledger: the payout's transfer, posted on its payment date.
    const [transfer] = await db
      .insert(ledgerTransfers)
      .values({
        idempotencyKey: `test-paid:${earning!.id}`,
        kind: 'paid',
        userId,
        refId: earning!.id,
        createdAt: new Date(at),
      })
      .returning();
    await db.insert(ledgerEntries).values([
      { transferId: transfer!.id, account: 'available', userId, amountCents: -cents, createdAt: new Date(at) },
      { transferId: transfer!.id, account: 'paid_out', userId, amountCents: cents, createdAt: new Date(at) },
    ]);
    await db.update(earnings).set({ status: 'paid', payoutId: payout!.id }).where(eq(earnings.id, earning!.id));
  }

  it('lists U.S. payees from the year threshold up, with tin_last4 only, as JSON and CSV', async () => {
    const over = await t.signUp();
    await t.put('/api/tax-profile', over.token, {
      ...VALID_W9,
      legal_name: 'Over Threshold',
      signature_name: 'Over Threshold',
    });
    await paid(over.user.id, 1_500_00, '2026-02-01T12:00:00Z');
    await paid(over.user.id, 500_00, '2026-12-31T12:00:00Z'); // reaches $2,000 exactly
    await paid(over.user.id, 900_00, '2027-01-01T12:00:00Z'); // the next year
    const under = await t.signUp();
    await t.put('/api/tax-profile', under.token, {
      ...VALID_W9,
      legal_name: 'Under Threshold',
      signature_name: 'Under Threshold',
    });
    await paid(under.user.id, 1_999_99, '2026-06-01T12:00:00Z');
    const foreign = await t.signUp();
    await t.put('/api/tax-profile', foreign.token, W8BEN);
    await paid(foreign.user.id, 5_000_00, '2026-06-01T12:00:00Z');

    const res = await t.get('/api/admin/tax/1099-nec?year=2026', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.threshold).toBe(2000);
    expect(body.payees).toEqual([
      expect.objectContaining({ legal_name: 'Over Threshold', tin_last4: '6788', total: 2000, user_id: over.user.id }),
    ]);
    expect(res.body).not.toContain('123456788');

    // $600 through 2025: the $1,999.99 payee would have been listed then.
    await paid(under.user.id, 600_00, '2025-05-01T12:00:00Z');
    expect(
      (await t.get('/api/admin/tax/1099-nec?year=2025', admin))
        .json()
        .payees.map((p: { legal_name: string }) => p.legal_name),
    ).toEqual(['Under Threshold']);

    const csv = await t.get('/api/admin/tax/1099-nec?year=2026&format=csv', admin);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('"tin_last4"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Over Threshold"');
    expect(lines[1]).toContain('"2000.00"');
    expect(csv.body).not.toContain('123456788');

    expect((await t.get('/api/admin/tax/1099-nec?year=2026', over.token)).statusCode).toBe(403);
    expect((await t.get('/api/admin/tax/1099-nec?year=nope', admin)).statusCode).toBe(422);
  });
});
