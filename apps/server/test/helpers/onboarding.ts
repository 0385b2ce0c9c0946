/**
 * Completes an accepted candidate's onboarding through the API (issue 36): signs every document of
 * the job, gives a W-9 and a U.S. bank account. For tests of what comes after (payout requests, batches).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { OnboardingItem } from '@app/shared';
import { users } from '../../src/db/schema';
import { bearer, type TestContext } from './build';

/** A W-9 that passes every check (the SSN's area, group and serial are all issued ranges). */
export const VALID_W9 = {
  form: 'w9',
  legal_name: 'Test Candidate',
  tax_classification: 'individual',
  tin_type: 'ssn',
  tin: '123-45-6788',
  address: { line1: '1 Main Street', city: 'Springfield', region: 'IL', postal_code: '62701', country: 'US' },
  certify: true,
  signature_name: 'Test Candidate',
} as const;

/** A U.S. account with a routing number whose ABA checksum holds (011000015: Federal Reserve Bank of Boston). */
export const VALID_US_BANK = {
  type: 'us_bank',
  account_holder: 'Test Candidate',
  bank_name: 'First Test Bank',
  routing_number: '011000015',
  account_number: '000123456789',
} as const;

/** A German IBAN and BIC that pass mod-97 and the BIC pattern. */
export const VALID_IBAN = {
  type: 'iban',
  account_holder: 'Test Candidate',
  bank_name: 'Commerzbank',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
} as const;

/** The account's name (documents are signed with it); set to `name` when the account has none. */
export async function ensureName(t: TestContext, userId: string, name = 'Test Candidate'): Promise<string> {
  await t.database.db
    .update(users)
    .set({ name })
    .where(and(eq(users.id, userId), isNull(users.name)));
  const [row] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row!.name!;
}

async function ok(res: { statusCode: number; body: string }, what: string, status = 200) {
  if (res.statusCode !== status) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
}

/** Signs every unsigned document of the job as the candidate; returns the items afterwards. */
export async function signAllDocuments(t: TestContext, token: string, userId: string, jobId: string) {
  const name = await ensureName(t, userId);
  const headers = { ...bearer(token), 'user-agent': 'onboarding-test-helper' };
  const list = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/onboarding`, headers });
  await ok(list, 'onboarding list');
  for (const item of list.json().items as OnboardingItem[]) {
    if (!item.document_id || item.status === 'done') continue;
    await ok(
      await t.app.inject({ method: 'GET', url: `/api/documents/${item.document_id}`, headers }),
      'document view',
    );
    const sign = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${item.document_id}/sign`,
      headers,
      payload: { full_name: name, agree: true, electronic_consent: true },
    });
    await ok(sign, `signing ${item.key}`);
  }
}

/**
 * Every onboarding item of the job done: documents signed, a W-9 and a us_bank payout method (the
 * candidate's password is needed for the latter; signUp's default is 'secret123').
 */
export async function completeOnboarding(
  t: TestContext,
  candidate: { token: string; user: { id: string } },
  jobId: string,
  opts: { password?: string; method?: Record<string, unknown> } = {},
): Promise<OnboardingItem[]> {
  const { token, user } = candidate;
  await signAllDocuments(t, token, user.id, jobId);
  const name = await ensureName(t, user.id);
  const headers = bearer(token);
  const w9 = { ...VALID_W9, legal_name: name, signature_name: name };
  await ok(await t.app.inject({ method: 'PUT', url: '/api/tax-profile', headers, payload: w9 }), 'tax profile');
  const method = { ...(opts.method ?? VALID_US_BANK), current_password: opts.password ?? 'secret123' };
  await ok(await t.app.inject({ method: 'PUT', url: '/api/payout-method', headers, payload: method }), 'payout method');
  const after = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/onboarding`, headers });
  await ok(after, 'onboarding list');
  return after.json().items as OnboardingItem[];
}
