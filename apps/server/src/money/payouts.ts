/**
 * The provider's one-click payout (decision 0021), now through the same path as every payout
 * (decision 0207): each payee's available balance becomes a payout request (or their open one is
 * taken), the requests form a batch, and each item is marked paid at once, all in one transaction.
 * It pays outside the bank files (the provider has paid by other means): its batch is marked so and
 * offers no file. The hold is the same as on every path (issue 43 item 5): a payee whose payout
 * method changed within PAYOUT_METHOD_HOLD_HOURS is left out and listed under `held`; a payee with no
 * method at all is still paid by those other means. So is, with the reason, a deleted account's stand-in,
 * a payee below zero and one whose request cannot be made: one payee never fails the whole payout
 * (issue 43 items 1 and 3, decision 0219).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Payout } from '@app/shared';
import type { Db } from '../db/client';
import type { Executor } from '../db/types';
import { payouts, users } from '../db/schema';
import { ledgerEntries, payoutBatches, payoutRequestEarnings, payoutRequests } from '../db/schema-money';
import { notFound } from '../http/http-errors';
import { centsToDollars } from '../lib/money';
import { postRequestTransfers } from './ledger';
import { forOnePayee, screenPayees, type LeftOut } from './payee-screen';
import { assertBooksBalance, lockBatches } from './payout-batches';
import { payoutRails } from './payout-gate';
import { paidInTx } from './payout-settle';
import { requestInTx } from './payout-requests';

export async function createPayout(
  db: Db,
  input: { userId?: string },
  adminId: string,
  opts: { holdHours: number; now?: Date },
): Promise<Payout> {
  const now = opts.now ?? new Date();
  // Everyone's, or the one payee's when user_id is given.
  const onlyPayee = (userId: typeof ledgerEntries.userId | typeof payoutRequests.userId) =>
    input.userId ? eq(userId, input.userId) : undefined;
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
        .where(and(eq(ledgerEntries.account, 'available'), onlyPayee(ledgerEntries.userId)))
        .groupBy(ledgerEntries.userId)
        .having(sql`sum(${ledgerEntries.amountCents}) > 0`);
      // Payees who asked already have no available balance left: their open requests are paid too.
      const asked = await tx
        .select({ userId: payoutRequests.userId })
        .from(payoutRequests)
        .where(and(eq(payoutRequests.status, 'requested'), onlyPayee(payoutRequests.userId)));
      for (const a of asked) if (!payees.some((p) => p.userId === a.userId)) payees.push(a);
      const ids = payees.map((p) => p.userId).filter((id): id is string => id !== null);
      const rails = await payoutRails(tx, ids, now, opts.holdHours);
      // A stand-in, a payee below zero or a method inside its hold: left out with the reason.
      const blocked = await screenPayees(tx, ids);
      const held: LeftOut[] = ids.flatMap((userId) => {
        const rail = rails.get(userId);
        // No method at all: paid by other means, as before. A method inside its hold: no money to it.
        const reason = blocked.get(userId) ?? (rail?.type && rail.hold ? rail.hold : null);
        return reason ? [{ user_id: userId, reason }] : [];
      });
      const heldIds = new Set(held.map((h) => h.user_id));
      const [payout] = await tx
        .insert(payouts)
        .values({ createdBy: adminId, totalCents: 0 })
        .returning({ id: payouts.id });
      const payoutId = payout!.id;
      const requestIds: string[] = [];
      for (const { userId } of payees) {
        if (!userId || heldIds.has(userId)) continue;
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
          // A request that cannot be made leaves this payee out (listed under `held`), not the payout.
          const made = await forOnePayee(tx, userId, held, (sp) =>
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
        throw new NothingToPay(await withEmails(tx, held));
      }
      await tx.update(payouts).set({ totalCents }).where(eq(payouts.id, payoutId));
      const [batch] = await tx
        .insert(payoutBatches)
        .values({ createdBy: adminId, totalCents, itemCount: taken.length, outsideFiles: true, createdAt: now })
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
        ...(held.length ? { held: await withEmails(tx, held) } : {}),
      };
    })
    .catch((err: unknown) => {
      if (err instanceof NothingToPay)
        return { payout_id: null, total: 0, items: [], ...(err.held.length ? { held: err.held } : {}) };
      throw err;
    });
}

type Held = NonNullable<Payout['held']>;

class NothingToPay extends Error {
  constructor(readonly held: Held) {
    super('nothing to pay');
  }
}

async function withEmails(tx: Executor, held: LeftOut[]): Promise<Held> {
  if (!held.length) return [];
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        held.map((h) => h.user_id),
      ),
    );
  const emails = new Map(rows.map((u) => [u.id, u.email] as const));
  return held.map((h) => ({ user_id: h.user_id, email: emails.get(h.user_id) ?? '', reason: h.reason }));
}
