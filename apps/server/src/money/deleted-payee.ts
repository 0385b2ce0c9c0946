/**
 * A payee's money when they delete their account (issue 43 items 1-2; decision 0219). Inside the
 * deletion's transaction, after the earnings have moved to the anonymous stand-in:
 * - an open request not yet in a batch fails and its money returns to the balance (nobody can be paid);
 * - the books follow the earnings: one appended transfer moves every balance of the old id to the
 *   stand-in (kind `reassigned`, user_id the old id, ref_id the stand-in), so the old id's accounts
 *   are all zero and the stand-in owes what the person was owed; no ledger row is changed;
 * - payout requests (so batch items) and the W-9/W-8BEN move to the stand-in, kept for the retention
 *   period; the TIN is re-encrypted for the stand-in's row (it is bound to its row's id).
 */
import { and, eq, sql } from 'drizzle-orm';
import { payoutRequests, taxProfiles } from '../db/schema-money';
import type { Executor } from '../db/types';
import { decryptSecret, encryptSecret } from './encryption';
import { postTransfer } from './ledger';
import { tinContext } from './tax-profile';

/** Why a stand-in's balance is not paid by pay-all or a payout day. */
export const DELETED_PAYEE =
  'The account was deleted: its balance stays owed on the books (unclaimed) and is not paid out.';
/** The failure reason of a request still waiting for a batch when its payee deleted the account. */
export const DELETED_BEFORE_BATCH =
  'The account was deleted before this payout was sent; the money is back in the balance.';

export async function moveMoneyToStandIn(tx: Executor, fromId: string, toId: string, now: Date): Promise<void> {
  const waiting = await tx
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.userId, fromId), eq(payoutRequests.status, 'requested')))
    .for('update');
  for (const r of waiting) {
    await postTransfer(tx, {
      key: `payout:${r.id}:failed`,
      kind: 'failed',
      userId: fromId,
      refId: r.id,
      debit: 'requested',
      credit: 'available',
      cents: r.amountCents,
    });
    await tx
      .update(payoutRequests)
      .set({ status: 'failed', failedAt: now, failureReason: DELETED_BEFORE_BATCH })
      .where(eq(payoutRequests.id, r.id));
  }

  // Every account of the old id with a balance, the payee's and the provider's side alike: after
  // this the old id's books read zero and later moves of the earnings post to the stand-in.
  await tx.execute(sql`
    with bal as (
      select account, sum(amount_cents) as cents from ledger_entries
      where user_id = ${fromId}::uuid group by account having sum(amount_cents) <> 0
    ), t as (
      insert into ledger_transfers (idempotency_key, kind, user_id, ref_id)
      select 'reassigned:' || ${fromId}, 'reassigned', ${fromId}::uuid, ${toId}::uuid where exists (select 1 from bal)
      on conflict (idempotency_key) do nothing
      returning id
    )
    insert into ledger_entries (transfer_id, account, user_id, amount_cents)
    select t.id, bal.account, ${fromId}::uuid, -bal.cents from t, bal
    union all
    select t.id, bal.account, ${toId}::uuid, bal.cents from t, bal`);

  await tx.update(payoutRequests).set({ userId: toId }).where(eq(payoutRequests.userId, fromId));

  const [tax] = await tx.select().from(taxProfiles).where(eq(taxProfiles.userId, fromId));
  if (tax) {
    const tin = tax.tinEncrypted && decryptSecret(tax.tinEncrypted, tinContext(fromId));
    await tx
      .update(taxProfiles)
      .set({ userId: toId, tinEncrypted: tin ? encryptSecret(tin, tinContext(toId)) : tax.tinEncrypted })
      .where(eq(taxProfiles.userId, fromId));
  }
}
