/**
 * Where a person's payouts go (issue 36 item 4). The account number or IBAN is encrypted at rest and
 * only its last four characters are ever shown; the bank files alone read it back whole.
 */
import { eq, inArray } from 'drizzle-orm';
import { normalizeRouting, type PayoutMethod, type PayoutMethodInput } from '@app/shared';
import type { Db } from '../db/client';
import type { Executor } from '../db/types';
import { payoutMethods } from '../db/schema-money';
import { unprocessable } from '../http/http-errors';
import { abaProblem, bicProblem, ibanProblem, normalizeIban, usAccountProblem } from './bank-checks';
import { decryptSecret, encryptSecret, last4 } from './encryption';

export const accountContext = (userId: string) => `payout_methods.account:${userId}`;

/** What the bank files need: the whole account, decrypted. Never put it in a reply or a log. */
export type BankFileMethod = (
  | { type: 'us_bank'; account_holder: string; routing_number: string; account_number: string }
  | { type: 'iban'; account_holder: string; iban: string; bic: string }
) & { changed_at: Date };

type MethodRow = typeof payoutMethods.$inferSelect;

/** The checked, normalized method, or 422 naming what is wrong (nothing is saved). */
function checked(input: PayoutMethodInput) {
  if (input.type === 'us_bank') {
    const routing = normalizeRouting(input.routing_number);
    const account = input.account_number.replace(/[\s-]/g, '');
    const problem = abaProblem(routing) ?? usAccountProblem(account);
    if (problem) throw unprocessable(problem);
    return { bankCode: routing, account };
  }
  const iban = normalizeIban(input.iban);
  const bic = input.bic.replace(/\s+/g, '').toUpperCase();
  const problem = ibanProblem(iban) ?? bicProblem(bic);
  if (problem) throw unprocessable(problem);
  // A BIC names its country in letters 5-6; an IBAN of another country is most likely a mix-up.
  if (bic.slice(4, 6) !== iban.slice(0, 2)) {
    throw unprocessable(`The BIC is of a bank in ${bic.slice(4, 6)}, the IBAN of an account in ${iban.slice(0, 2)}`);
  }
  return { bankCode: bic, account: iban };
}

/** Saves (replaces) the method; the caller has checked the password. Returns the previous last4, if any. */
export async function savePayoutMethod(
  db: Db,
  userId: string,
  input: PayoutMethodInput,
  now = new Date(),
): Promise<{ previousLast4: string | null }> {
  const { bankCode, account } = checked(input);
  const values = {
    type: input.type,
    accountHolder: input.account_holder,
    bankName: input.bank_name,
    bankCode,
    accountEncrypted: encryptSecret(account, accountContext(userId)),
    last4: last4(account),
    changedAt: now,
  };
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ last4: payoutMethods.last4 })
      .from(payoutMethods)
      .where(eq(payoutMethods.userId, userId))
      .for('update');
    await tx
      .insert(payoutMethods)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: payoutMethods.userId, set: values });
    return { previousLast4: previous?.last4 ?? null };
  });
}

async function methodRow(db: Executor, userId: string): Promise<MethodRow | undefined> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId)).limit(1);
  return row;
}

/** When payouts to this method may go again after a change (null: now). */
export function payoutsHeldUntil(changedAt: Date, holdHours: number, now = new Date()): Date | null {
  const until = new Date(changedAt.getTime() + holdHours * 3_600_000);
  return until > now ? until : null;
}

const HOLD_END = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Why a payee is held after a method change, with the end as a person reads it ("Mar 5, 2026, 2:30 PM UTC"). */
export const payoutHoldMessage = (until: Date) =>
  `The payout method changed recently; payouts to it wait until ${HOLD_END.format(until)} UTC.`;

/** The method as its owner sees it: type, holder, bank and last4 only. */
export async function getPayoutMethod(
  db: Executor,
  userId: string,
  holdHours: number,
  now = new Date(),
): Promise<PayoutMethod | null> {
  const row = await methodRow(db, userId);
  if (!row) return null;
  return {
    type: row.type,
    account_holder: row.accountHolder,
    bank_name: row.bankName,
    last4: row.last4,
    changed_at: row.changedAt.toISOString(),
    payouts_held_until: payoutsHeldUntil(row.changedAt, holdHours, now)?.toISOString() ?? null,
  };
}

/** A stored method, its account decrypted, as a bank file needs it. */
function bankFileMethod(row: MethodRow): BankFileMethod {
  const account = decryptSecret(row.accountEncrypted, accountContext(row.userId));
  return row.type === 'us_bank'
    ? {
        type: 'us_bank',
        account_holder: row.accountHolder,
        routing_number: row.bankCode,
        account_number: account,
        changed_at: row.changedAt,
      }
    : { type: 'iban', account_holder: row.accountHolder, iban: account, bic: row.bankCode, changed_at: row.changedAt };
}

/** The whole method for a NACHA or pain.001 file, or null when the person has none. */
export async function payoutMethodForBankFile(db: Executor, userId: string): Promise<BankFileMethod | null> {
  const row = await methodRow(db, userId);
  return row ? bankFileMethod(row) : null;
}

/** The same for many people at once (a batch's bank file): one query, decrypted in memory. */
export async function payoutMethodsForBankFile(db: Executor, userIds: string[]): Promise<Map<string, BankFileMethod>> {
  const out = new Map<string, BankFileMethod>();
  for (let i = 0; i < userIds.length; i += 5000) {
    const rows = await db
      .select()
      .from(payoutMethods)
      .where(inArray(payoutMethods.userId, userIds.slice(i, i + 5000)));
    for (const row of rows) out.set(row.userId, bankFileMethod(row));
  }
  return out;
}
