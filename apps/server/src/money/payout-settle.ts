/**
 * The bank's answer per batch item (issue 36 item 6; decision 0207). Paid moves the money from in
 * transit to paid out and marks the request's earnings paid. Failed returns exactly the amount to
 * the payee's available balance, once: before "paid" from in transit, after "paid" (a bank return,
 * as Stripe's paid → failed) by reversing the payout. The request row is locked, and the ledger's
 * idempotency keys make a repeated or parallel call a no-op.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PayoutBatchItem } from '@app/shared';
import type { Db } from '../db/client';
import type { Executor } from '../db/types';
import { earnings, users } from '../db/schema';
import { payoutRequestEarnings, payoutRequests } from '../db/schema-money';
import { conflict, notFound } from '../http/http-errors';
import { centsToDollars } from '../lib/money';
import { postTransfer } from './ledger';

type Item = typeof payoutRequests.$inferSelect;

async function lockItem(tx: Executor, batchId: string, requestId: string): Promise<Item> {
  const [row] = await tx
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.id, requestId), eq(payoutRequests.batchId, batchId)))
    .for('update');
  if (!row) throw notFound('This payout is not in that batch');
  return row;
}

async function itemReply(tx: Executor, r: Item, rail: PayoutBatchItem['rail'] = 'none'): Promise<PayoutBatchItem> {
  const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, r.userId));
  return {
    request_id: r.id,
    user_id: r.userId,
    email: u?.email ?? '',
    amount: centsToDollars(r.amountCents),
    status: r.status,
    rail,
    failure_reason: r.failureReason,
  };
}

async function requestEarningIds(tx: Executor, requestId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: payoutRequestEarnings.earningId })
    .from(payoutRequestEarnings)
    .where(eq(payoutRequestEarnings.requestId, requestId));
  return rows.map((r) => r.id);
}

/** Marks one item paid inside a transaction (the one-click path calls this too). */
export async function paidInTx(tx: Executor, batchId: string, requestId: string, now: Date, payoutId?: string) {
  const row = await lockItem(tx, batchId, requestId);
  if (row.status === 'paid') return { row, changed: false };
  if (row.status === 'failed') throw conflict('This payout has failed; its money is back in the available balance.');
  await postTransfer(tx, {
    key: `payout:${row.id}:paid`,
    kind: 'paid',
    userId: row.userId,
    refId: row.id,
    debit: 'in_transit',
    credit: 'paid_out',
    cents: row.amountCents,
  });
  const ids = await requestEarningIds(tx, row.id);
  if (ids.length) {
    await tx
      .update(earnings)
      .set({ status: 'paid', updatedAt: now, ...(payoutId && { payoutId }) })
      .where(and(inArray(earnings.id, ids), eq(earnings.status, 'available')));
  }
  const [updated] = await tx
    .update(payoutRequests)
    .set({ status: 'paid', paidAt: now })
    .where(eq(payoutRequests.id, row.id))
    .returning();
  return { row: updated!, changed: true };
}

export async function markPaid(db: Db, batchId: string, requestId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const { row, changed } = await paidInTx(tx, batchId, requestId, now);
    return { item: await itemReply(tx, row), changed };
  });
}

export async function markFailed(db: Db, batchId: string, requestId: string, reason: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await lockItem(tx, batchId, requestId);
    if (row.status === 'failed') return { item: await itemReply(tx, row), changed: false };
    const wasPaid = row.status === 'paid';
    await postTransfer(tx, {
      key: `payout:${row.id}:${wasPaid ? 'reversed' : 'failed'}`,
      kind: wasPaid ? 'reversed' : 'failed',
      userId: row.userId,
      refId: row.id,
      debit: wasPaid ? 'paid_out' : row.status === 'batched' ? 'in_transit' : 'requested',
      credit: 'available',
      cents: row.amountCents,
    });
    if (wasPaid) {
      const ids = await requestEarningIds(tx, row.id);
      if (ids.length) {
        await tx
          .update(earnings)
          .set({ status: 'available', payoutId: null, updatedAt: now })
          .where(and(inArray(earnings.id, ids), eq(earnings.status, 'paid')));
      }
    }
    const [updated] = await tx
      .update(payoutRequests)
      .set({ status: 'failed', failedAt: now, failureReason: reason })
      .where(eq(payoutRequests.id, row.id))
      .returning();
    return { item: await itemReply(tx, updated!), changed: true };
  });
}
