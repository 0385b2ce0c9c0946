/**
 * The provider's one-click payout (decision 0021), now through the same path as every payout
 * (decision 0207): each payee's available balance becomes a payout request (or their open one is
 * taken), the requests form a batch, and each item is marked paid at once, all in one transaction.
 * It pays outside the bank files (the provider has paid by other means), so no payout-method hold.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Payout } from '@app/shared';
import type { Db } from '../../db/client';
import { payouts, users } from '../../db/schema';
import { ledgerEntries, payoutBatches, payoutRequestEarnings, payoutRequests } from '../../db/schema-money';
import { notFound } from '../../lib/http-errors';
import { centsToDollars } from '../../lib/money';
import { postRequestTransfers } from './ledger';
import { forOnePayee, screenPayees, type LeftOut } from './payee-screen';
import { assertBooksBalance, lockBatches } from './payout-batches';
import { paidInTx } from './payout-settle';
import { requestInTx } from './payout-requests';

export async function createPayout(
  db: Db,
  input: { userId?: string },
  adminId: string,
  now = new Date(),
): Promise<Payout> {
  return db
    .transaction(async (tx) => {
      if (input.userId) {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
        if (!user) throw notFound('User not found');
      }
      await lockBatches(tx);
      const payees = await tx
        .select({ userId: ledgerEntries.userId })
        .from(ledgerEntries)
        .innerJoin(users, eq(users.id, ledgerEntries.userId)) // an id the books outlive is nobody to pay
        .where(
          and(
            eq(ledgerEntries.account, 'available'),
            input.userId ? eq(ledgerEntries.userId, input.userId) : undefined,
          ),
        )
        .groupBy(ledgerEntries.userId)
        .having(sql`sum(${ledgerEntries.amountCents}) > 0`);
      // Payees who asked already have no available balance left: their open requests are paid too.
      const asked = await tx
        .select({ userId: payoutRequests.userId })
        .from(payoutRequests)
        .where(
          and(
            eq(payoutRequests.status, 'requested'),
            input.userId ? eq(payoutRequests.userId, input.userId) : undefined,
          ),
        );
      for (const a of asked) if (!payees.some((p) => p.userId === a.userId)) payees.push(a);
      const [payout] = await tx
        .insert(payouts)
        .values({ createdBy: adminId, totalCents: 0 })
        .returning({ id: payouts.id });
      const payoutId = payout!.id;
      const requestIds: string[] = [];
      // A stand-in or a payee below zero is left out with the reason, as is one whose request fails.
      const skipped: LeftOut[] = [];
      const blocked = await screenPayees(
        tx,
        payees.flatMap((p) => (p.userId ? [p.userId] : [])),
      );
      for (const { userId } of payees) {
        if (!userId) continue;
        const reason = blocked.get(userId);
        if (reason) {
          skipped.push({ user_id: userId, reason });
          continue;
        }
        // A payee who already asked: their open request is paid now rather than a second one made.
        const [open] = await tx
          .select({ id: payoutRequests.id })
          .from(payoutRequests)
          .where(and(eq(payoutRequests.userId, userId), eq(payoutRequests.status, 'requested')));
        if (open) requestIds.push(open.id);
        else {
          const [batched] = await tx
            .select({ id: payoutRequests.id })
            .from(payoutRequests)
            .where(and(eq(payoutRequests.userId, userId), eq(payoutRequests.status, 'batched')));
          if (batched) continue; // already in a batch: the bank file pays it
          const made = await forOnePayee(tx, userId, skipped, (sp) =>
            requestInTx(sp, userId, `one_click:${payoutId}`, 'one_click', { skipOnboarding: true }),
          );
          if (made) requestIds.push(made.request.id);
        }
      }
      const taken = requestIds.length
        ? await tx
            .select({ id: payoutRequests.id, userId: payoutRequests.userId, cents: payoutRequests.amountCents })
            .from(payoutRequests)
            .where(inArray(payoutRequests.id, requestIds))
        : [];
      const totalCents = taken.reduce((acc, r) => acc + r.cents, 0);
      if (!taken.length) {
        // Nothing was available: no payout is recorded (the row above goes with the rollback).
        throw new NothingToPay(skipped);
      }
      await tx.update(payouts).set({ totalCents }).where(eq(payouts.id, payoutId));
      const [batch] = await tx
        .insert(payoutBatches)
        .values({ createdBy: adminId, totalCents, itemCount: taken.length, createdAt: now })
        .returning();
      await tx
        .update(payoutRequests)
        .set({ status: 'batched', batchId: batch!.id })
        .where(inArray(payoutRequests.id, requestIds));
      await postRequestTransfers(tx, { batchId: batch!.id, kind: 'batched', debit: 'requested', credit: 'in_transit' });
      for (const r of taken) await paidInTx(tx, batch!.id, r.id, now, payoutId);
      await assertBooksBalance(tx, [...new Set(taken.map((r) => r.userId))]);

      const emails = new Map(
        (
          await tx
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(inArray(users.id, [...new Set(taken.map((r) => r.userId))]))
        ).map((u) => [u.id, u.email] as const),
      );
      const earningIds = await tx
        .select({ requestId: payoutRequestEarnings.requestId, earningId: payoutRequestEarnings.earningId })
        .from(payoutRequestEarnings)
        .where(inArray(payoutRequestEarnings.requestId, requestIds));
      return {
        payout_id: payoutId,
        total: centsToDollars(totalCents),
        items: taken.map((r) => ({
          user_id: r.userId,
          email: emails.get(r.userId) ?? '',
          amount: centsToDollars(r.cents),
          transactions: earningIds.filter((e) => e.requestId === r.id).map((e) => e.earningId),
        })),
        ...(skipped.length > 0 && { skipped }),
      };
    })
    .catch((err: unknown) => {
      if (err instanceof NothingToPay)
        return { payout_id: null, total: 0, items: [], ...(err.skipped.length > 0 && { skipped: err.skipped }) };
      throw err;
    });
}

class NothingToPay extends Error {
  constructor(readonly skipped: LeftOut[]) {
    super('nothing to pay');
  }
}
