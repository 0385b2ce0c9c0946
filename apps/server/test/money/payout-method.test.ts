/**
 * The payout method (issue 36 item 4): checks, the password, encryption at rest, last4 everywhere
 * (replies, the account export, e-mails, logs), the e-mailed change and the hold after it.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers/build';
import { VALID_IBAN, VALID_US_BANK, VALID_W9 } from '../helpers/onboarding';
import { readOutbox } from '../helpers/outbox';
import { payoutMethods } from '../../src/db/schema-money';
import { payoutMethodForBankFile } from '../../src/money/payout-method';

const logLines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ PAYOUT_METHOD_HOLD_HOURS: '48' }, { logger: { level: 'debug', stream: capture } });
});
afterAll(async () => t.close());

const US = { ...VALID_US_BANK, current_password: 'secret123' };
const EU = { ...VALID_IBAN, current_password: 'secret123' };
const FULL_ACCOUNT = '000123456789';
const FULL_IBAN = 'DE89370400440532013000';

describe('PUT /api/payout-method', () => {
  it('refuses a wrong password and saves nothing', async () => {
    const { token } = await t.signUp();
    const res = await t.put('/api/payout-method', token, { ...US, current_password: 'wrong-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/password/);
    expect((await t.get('/api/payout-method', token)).json()).toEqual({ method: null });
    expect((await t.put('/api/payout-method', null, US)).statusCode).toBe(401);
  });

  it.each([
    ['a routing number failing the ABA checksum', { ...US, routing_number: '011000016' }, /check digit/],
    ['the all-zero routing number', { ...US, routing_number: '000000000' }, /^The routing number cannot be all zeros/],
    [
      'a routing number with a 00 prefix',
      { ...US, routing_number: '001000012' },
      /^A routing number cannot start with 00/,
    ],
    ['a short account number', { ...US, account_number: '12' }, /4 to 17/],
    ['an IBAN failing mod-97', { ...EU, iban: 'DE89370400440532013001' }, /check digits/],
    ['a malformed BIC', { ...EU, bic: 'COBA-DE' }, /BIC/],
    ['a BIC of another country than the IBAN', { ...EU, bic: 'BNPAFRPPXXX' }, /FR/],
  ])('refuses %s with 422', async (_label, payload, detail) => {
    const { token } = await t.signUp();
    const res = await t.put('/api/payout-method', token, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(detail);
  });

  it('keeps the account encrypted, answers last4 only, and gives the bank files the whole number', async () => {
    const { token, user } = await t.signUp();
    const res = await t.put('/api/payout-method', token, US);
    expect(res.statusCode).toBe(200);
    const { method } = res.json();
    expect(method).toMatchObject({
      type: 'us_bank',
      account_holder: 'Test Candidate',
      bank_name: 'First Test Bank',
      last4: '6789',
    });
    expect(Date.parse(method.payouts_held_until) - Date.parse(method.changed_at)).toBe(48 * 3_600_000);
    expect(res.body).not.toContain(FULL_ACCOUNT);
    expect((await t.get('/api/payout-method', token)).body).not.toContain(FULL_ACCOUNT);

    const [row] = await t.database.db.select().from(payoutMethods).where(eq(payoutMethods.userId, user.id));
    expect(JSON.stringify(row)).not.toContain(FULL_ACCOUNT);
    expect(row!.accountEncrypted.startsWith('v1.')).toBe(true);
    expect(await payoutMethodForBankFile(t.database.db, user.id)).toMatchObject({
      type: 'us_bank',
      account_holder: 'Test Candidate',
      routing_number: '011000015',
      account_number: FULL_ACCOUNT,
    });
    // A value copied to another person's row does not decrypt there.
    const other = await t.signUp();
    await t.put('/api/payout-method', other.token, US);
    await t.database.db
      .update(payoutMethods)
      .set({ accountEncrypted: row!.accountEncrypted })
      .where(eq(payoutMethods.userId, other.user.id));
    await expect(payoutMethodForBankFile(t.database.db, other.user.id)).rejects.toThrow();
  });

  it('takes an IBAN (spaces and case as typed) and reads it back for a pain.001 file', async () => {
    const { token, user } = await t.signUp();
    const res = await t.put('/api/payout-method', token, {
      ...EU,
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().method).toMatchObject({ type: 'iban', last4: '3000' });
    expect(res.body).not.toContain(FULL_IBAN);
    expect(await payoutMethodForBankFile(t.database.db, user.id)).toMatchObject({
      type: 'iban',
      iban: FULL_IBAN,
      bic: 'COBADEFFXXX',
    });
    expect(await payoutMethodForBankFile(t.database.db, (await t.signUp()).user.id)).toBeNull();
  });

  it('e-mails every change with last4 only; no full number or TIN in the export, the mails or the log', async () => {
    const { token, user } = await t.signUp();
    const before = readOutbox(t.config.dataDir).length;
    await t.put('/api/payout-method', token, US);
    await t.put('/api/payout-method', token, EU);
    await t.put('/api/tax-profile', token, VALID_W9);
    await t.app.queue.settle();
    const mails = readOutbox(t.config.dataDir)
      .slice(before)
      .filter((m) => m.includes(`To: ${user.email}`));
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain('ending in 6789');
    expect(mails[1]).toContain('from the account ending in 6789 to the account ending in 3000');
    expect(mails[1]).toContain('48 hours');

    const exported = await t.get('/api/account/export', token);
    expect(exported.statusCode).toBe(200);
    const onboarding = exported.json().onboarding;
    expect(onboarding.payout_method).toMatchObject({ type: 'iban', last4: '3000' });
    expect(onboarding.tax_profile).toMatchObject({ form: 'w9', tin_last4: '6788' });

    const everything = [exported.body, ...mails, logLines.join('')].join('\n');
    for (const secret of [FULL_ACCOUNT, FULL_IBAN, 'DE89 3704 0044 0532 0130 00', '123456788', '123-45-6788']) {
      expect(everything).not.toContain(secret);
    }
  });
});
