/**
 * What must hold before money leaves for a payee (decision 0207): every onboarding item done before a
 * request, and a payout method, unchanged for the hold window (PAYOUT_METHOD_HOLD_HOURS), before a
 * batch pays it: changing the bank account is how payroll fraud works.
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/types';
import { payoutMethods } from '../db/schema-money';
import { missingOnboardingItems } from './onboarding';
import { payoutHoldMessage, payoutMethodsForBankFile, payoutsHeldUntil, type BankFileMethod } from './payout-method';

/** The titles of the onboarding items the payee still has to complete (empty: none). */
export async function missingItemTitles(db: Executor, userId: string): Promise<string[]> {
  return (await missingOnboardingItems(db, userId)).map((i) => i.title);
}

export type Rail = { type: 'us_bank' | 'iban' | null; changedAt: Date | null; hold: string | null };

/** Each payee's payout rail and, when their payout must wait, why. */
export async function payoutRails(
  db: Executor,
  userIds: string[],
  now: Date,
  holdHours: number,
): Promise<Map<string, Rail>> {
  const rows = [];
  for (let i = 0; i < userIds.length; i += 5000) {
    rows.push(
      ...(await db
        .select({ userId: payoutMethods.userId, type: payoutMethods.type, changedAt: payoutMethods.changedAt })
        .from(payoutMethods)
        .where(inArray(payoutMethods.userId, userIds.slice(i, i + 5000)))),
    );
  }
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return new Map<string, Rail>(
    userIds.map((id): [string, Rail] => {
      const m = byUser.get(id);
      if (!m) return [id, { type: null, changedAt: null, hold: 'No payout method is set up.' }];
      const until = payoutsHeldUntil(m.changedAt, holdHours, now);
      const hold = until ? payoutHoldMessage(until) : null;
      return [id, { type: m.type, changedAt: m.changedAt, hold }];
    }),
  );
}

export type BankDetails = BankFileMethod;

/** The payees' decrypted bank details, for writing a file only (never returned or logged). */
export const bankDetails = (db: Executor, userIds: string[]): Promise<Map<string, BankDetails>> =>
  payoutMethodsForBankFile(db, userIds);
