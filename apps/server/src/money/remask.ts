/**
 * Masks saved before decision 0221 showed a number of four characters or fewer whole. At start, the
 * stored masks of short numbers are recomputed with today's `last4`. Only values whose ciphertext is
 * short enough to hold a short number are decrypted (AES-GCM keeps the length), so this is cheap.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payoutMethods, taxProfiles } from '../db/schema-money';
import { decryptSecret, last4, SHORT_NUMBER_MAX } from './encryption';
import { accountContext } from './payout-method';
import { tinContext } from './tax-profile';

type Log = { warn: (obj: object, msg: string) => void };

/** Base64url characters of the ciphertext (the 5th part of `v1.<key>.<iv>.<tag>.<body>`) of a short number. */
const SHORT_BODY = Math.ceil((SHORT_NUMBER_MAX * 4) / 3);

/** Recomputes the masks of short stored numbers; returns how many changed. A value that does not decrypt is left. */
export async function remaskShortNumbers(db: Db, log?: Log): Promise<number> {
  let changed = 0;
  const tins = await db
    .select({ userId: taxProfiles.userId, stored: taxProfiles.tinEncrypted, mask: taxProfiles.tinLast4 })
    .from(taxProfiles)
    .where(sql`length(split_part(${taxProfiles.tinEncrypted}, '.', 5)) <= ${SHORT_BODY}`);
  for (const row of tins) {
    const mask = remasked(row.stored!, tinContext(row.userId), log);
    if (mask === null || mask === row.mask) continue;
    await db.update(taxProfiles).set({ tinLast4: mask }).where(eq(taxProfiles.userId, row.userId));
    changed++;
  }
  const accounts = await db
    .select({ userId: payoutMethods.userId, stored: payoutMethods.accountEncrypted, mask: payoutMethods.last4 })
    .from(payoutMethods)
    .where(sql`length(split_part(${payoutMethods.accountEncrypted}, '.', 5)) <= ${SHORT_BODY}`);
  for (const row of accounts) {
    const mask = remasked(row.stored, accountContext(row.userId), log);
    if (mask === null || mask === row.mask) continue;
    await db.update(payoutMethods).set({ last4: mask }).where(eq(payoutMethods.userId, row.userId));
    changed++;
  }
  return changed;
}

function remasked(stored: string, context: string, log?: Log): string | null {
  try {
    return last4(decryptSecret(stored, context));
  } catch (err) {
    // Never the value: only which row could not be read (e.g. its key is no longer configured).
    log?.warn({ context, err: (err as Error).message }, 'A stored number could not be decrypted to recompute its mask');
    return null;
  }
}
