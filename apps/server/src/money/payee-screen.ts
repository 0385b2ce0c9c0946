/**
 * Which payees a pay-all or a payout day leaves out, and why (issue 43 items 1 and 3; decision 0219).
 * One payee never fails a batch for everyone: a deleted account's stand-in is not paid (its balance
 * stays owed), a payee with an account below zero waits for the provider to correct the books, and
 * a payee whose request cannot be made is reported with the reason while the others are paid.
 */
import { sql } from 'drizzle-orm';
import { formatMoney } from '@app/shared';
import { rows, sqlArray } from '../db/raw-sql';
import type { Executor } from '../db/types';
import { AppError } from '../http/http-errors';
import { centsToDollars } from '../lib/money';
import { DELETED_PAYEE } from './deleted-payee';
import { PAYEE_ACCOUNTS } from './ledger';

export type LeftOut = { user_id: string; reason: string };

const CHUNK = 5000;

/** Each listed payee that must not be paid now, with the reason (absent: may be paid). */
export async function screenPayees(tx: Executor, userIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const ids = sqlArray(userIds.slice(i, i + CHUNK), 'uuid');
    const found = rows<{ id: string; deleted: boolean }>(
      await tx.execute(sql`select id, deleted_at is not null as deleted from users where id = any(${ids})`),
    );
    const exists = new Set(found.map((u) => u.id));
    for (const id of userIds.slice(i, i + CHUNK)) if (!exists.has(id)) out.set(id, 'The account no longer exists.');
    for (const u of found) if (u.deleted) out.set(u.id, DELETED_PAYEE);
    for (const n of await negativeBalances(tx, ids)) {
      if (!out.has(n.user_id))
        out.set(
          n.user_id,
          `The payee's ${n.account.replace('_', ' ')} balance is below zero (${formatMoney(centsToDollars(n.cents))}); ` +
            'the books must be corrected before they are paid.',
        );
    }
  }
  return out;
}

const negativeBalances = async (tx: Executor, ids: ReturnType<typeof sqlArray>) =>
  rows<{ user_id: string; account: string; cents: string }>(
    await tx.execute(sql`
      select user_id, account, sum(amount_cents) as cents from ledger_entries
      where user_id = any(${ids}) and account = any(${sqlArray(PAYEE_ACCOUNTS, 'text')})
      group by user_id, account having sum(amount_cents) < 0
      order by user_id, account`),
  );

/** Any payee of the list with an account below zero (after a batch: the batch must not be made). */
export async function anyNegative(tx: Executor, userIds: string[]): Promise<boolean> {
  for (let i = 0; i < userIds.length; i += CHUNK) {
    if ((await negativeBalances(tx, sqlArray(userIds.slice(i, i + CHUNK), 'uuid'))).length) return true;
  }
  return false;
}

/** A database error's SQLSTATE, as either driver reports it (on the error or its cause). */
const sqlState = (err: unknown) =>
  (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code ?? 'unknown';

/**
 * Runs one payee's step in a savepoint: on an error only that step is undone, and the payee is
 * left out with the reason (a refusal's own text, or the database error's code, never its values).
 */
export async function forOnePayee<T>(
  tx: Executor,
  userId: string,
  leftOut: LeftOut[],
  step: (sp: Executor) => Promise<T>,
): Promise<T | undefined> {
  try {
    return await tx.transaction((sp) => step(sp));
  } catch (err) {
    const reason =
      err instanceof AppError && err.statusCode < 500
        ? err.message
        : `A payout request could not be made for this payee (database error ${sqlState(err)}).`;
    leftOut.push({ user_id: userId, reason });
    return undefined;
  }
}
