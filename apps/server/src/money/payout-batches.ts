/**
 * Payout batches (issue 36 item 6; decision 0207). A batch gathers the open requests that may be
 * paid now (and, on a payout day, the available balances of everyone whose onboarding is complete),
 * moves their money from requested to in transit, and checks the books before it commits.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  OPEN_PAYOUT_REQUEST_STATUSES,
  type PayoutBatch,
  type PayoutBatchItem,
  type PayoutBatchSummary,
} from '@app/shared';
import type { Db } from '../db/client';
import type { Executor } from '../db/types';
import { users } from '../db/schema';
import { ledgerEntries, payoutBatches, payoutRequests } from '../db/schema-money';
import { AppError, conflict, notFound } from '../http/http-errors';
import { centsToDollars } from '../lib/money';
import { checkLedger, postRequestTransfers } from './ledger';
import { forOnePayee, screenPayees, anyNegative, type LeftOut } from './payee-screen';
import { isPayoutDay } from './payout-cycle';
import { missingItemTitles, payoutRails, type Rail } from './payout-gate';
import { requestInTx } from './payout-requests';

export type BatchOptions = { now: Date; anchor: string; holdHours: number };

/** One batch is built at a time (parallel calls wait and then find the requests already taken). */
const BATCH_LOCK = 360_207;
export const lockBatches = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK})`);

export async function createBatch(db: Db, adminId: string, opts: BatchOptions): Promise<PayoutBatch> {
  return db.transaction(async (tx) => {
    await lockBatches(tx);
    const cycleLeftOut = isPayoutDay(opts.now, opts.anchor) ? await openCycleRequests(tx, opts.now) : [];
    const open = await tx
      .select({ id: payoutRequests.id, userId: payoutRequests.userId, cents: payoutRequests.amountCents })
      .from(payoutRequests)
      .where(eq(payoutRequests.status, 'requested'))
      .orderBy(asc(payoutRequests.createdAt), asc(payoutRequests.id));
    const payeeIds = [...new Set(open.map((r) => r.userId))];
    const rails = await payoutRails(tx, payeeIds, opts.now, opts.holdHours);
    const blocked = await screenPayees(tx, payeeIds);
    const held: PayoutBatch['held'] = [];
    const take: typeof open = [];
    for (const r of open) {
      const reason = blocked.get(r.userId) ?? rails.get(r.userId)?.hold;
      if (reason) held.push({ request_id: r.id, user_id: r.userId, reason });
      else take.push(r);
    }
    // Payees of the payout day left out before a request was made for them (no request id).
    for (const l of cycleLeftOut) held.push({ request_id: '', ...l });
    if (!take.length) {
      throw conflict(
        held.length
          ? `Nothing can be paid now: ${held.length} open request(s) are on hold (${held[0]!.reason}).`
          : 'Nothing to pay: there are no open payout requests.',
      );
    }
    const totalCents = take.reduce((acc, r) => acc + r.cents, 0);
    const [batch] = await tx
      .insert(payoutBatches)
      .values({ createdBy: adminId, totalCents, itemCount: take.length, createdAt: opts.now })
      .returning();
    const ids = take.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 5000) {
      await tx
        .update(payoutRequests)
        .set({ status: 'batched', batchId: batch!.id })
        .where(and(inArray(payoutRequests.id, ids.slice(i, i + 5000)), eq(payoutRequests.status, 'requested')));
    }
    await postRequestTransfers(tx, { batchId: batch!.id, kind: 'batched', debit: 'requested', credit: 'in_transit' });
    await assertBooksBalance(tx, [...new Set(take.map((r) => r.userId))]);
    return { ...(await batchReply(tx, batch!.id, rails)), held };
  });
}

/**
 * After every batch: the books must balance and no payee it pays may be below zero, or the batch is
 * not made. Another payee's negative balance (left out of the batch) does not stop it: the check's
 * metric reports it (issue 43 item 3).
 */
export async function assertBooksBalance(tx: Executor, paidUserIds: string[]): Promise<void> {
  const check = await checkLedger(tx);
  if (check.debits !== check.credits || check.unbalanced_transfers > 0 || (await anyNegative(tx, paidUserIds)))
    throw new AppError(500, 'The ledger check failed, so nothing was paid. The provider has been alerted.');
}

/**
 * On a payout day, everyone with an available balance, all onboarding done and no open request
 * gets a request (one per payee and day: the key is the date). Who may not be paid, or whose request
 * cannot be made, is left out with the reason; the others are not held up.
 */
async function openCycleRequests(tx: Executor, now: Date): Promise<LeftOut[]> {
  const payees = await tx
    .select({ userId: ledgerEntries.userId })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId)) // an id the books outlive is nobody to pay
    .where(eq(ledgerEntries.account, 'available'))
    .groupBy(ledgerEntries.userId)
    .having(sql`sum(${ledgerEntries.amountCents}) > 0`);
  const day = now.toISOString().slice(0, 10);
  const ids = payees.flatMap((p) => (p.userId ? [p.userId] : []));
  const blocked = await screenPayees(tx, ids);
  const leftOut: LeftOut[] = [];
  for (const userId of ids) {
    const reason = blocked.get(userId);
    if (reason) {
      leftOut.push({ user_id: userId, reason });
      continue;
    }
    const [open] = await tx
      .select({ id: payoutRequests.id })
      .from(payoutRequests)
      .where(and(eq(payoutRequests.userId, userId), inArray(payoutRequests.status, OPEN_PAYOUT_REQUEST_STATUSES)));
    if (open || (await missingItemTitles(tx, userId)).length) continue;
    await forOnePayee(tx, userId, leftOut, (sp) =>
      requestInTx(sp, userId, `cycle:${day}`, 'cycle', { skipOnboarding: true }),
    );
  }
  return leftOut;
}

const railOf = (r: Rail | undefined): PayoutBatchItem['rail'] =>
  r?.type === 'us_bank' ? 'nacha' : r?.type === 'iban' ? 'pain.001' : 'none';

async function batchReply(
  tx: Executor,
  batchId: string,
  known?: Map<string, Rail>,
): Promise<Omit<PayoutBatch, 'held'>> {
  const [batch] = await tx.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
  if (!batch) throw notFound('Payout batch not found');
  const items = await tx
    .select({
      id: payoutRequests.id,
      userId: payoutRequests.userId,
      cents: payoutRequests.amountCents,
      status: payoutRequests.status,
      reason: payoutRequests.failureReason,
      email: users.email,
    })
    .from(payoutRequests)
    .leftJoin(users, eq(users.id, payoutRequests.userId))
    .where(eq(payoutRequests.batchId, batchId))
    .orderBy(asc(payoutRequests.createdAt), asc(payoutRequests.id));
  const rails = known ?? (await payoutRails(tx, [...new Set(items.map((i) => i.userId))], new Date(), 0));
  return {
    id: batch.id,
    created_at: batch.createdAt.toISOString(),
    total: centsToDollars(batch.totalCents),
    outside_files: batch.outsideFiles,
    items: items.map((i) => ({
      request_id: i.id,
      user_id: i.userId,
      email: i.email ?? '',
      amount: centsToDollars(i.cents),
      status: i.status,
      rail: railOf(rails.get(i.userId)),
      failure_reason: i.reason,
    })),
  };
}

export async function getBatch(db: Executor, batchId: string): Promise<PayoutBatch> {
  return { ...(await batchReply(db, batchId)), held: [] };
}

export async function listBatches(db: Executor): Promise<PayoutBatchSummary[]> {
  const rows = await db
    .select({
      id: payoutBatches.id,
      createdAt: payoutBatches.createdAt,
      total: payoutBatches.totalCents,
      itemCount: payoutBatches.itemCount,
      paid: sql<number>`count(*) filter (where ${payoutRequests.status} = 'paid')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${payoutRequests.status} = 'failed')`.mapWith(Number),
    })
    .from(payoutBatches)
    .leftJoin(payoutRequests, eq(payoutRequests.batchId, payoutBatches.id))
    .groupBy(payoutBatches.id)
    .orderBy(desc(payoutBatches.createdAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    total: centsToDollars(r.total),
    item_count: r.itemCount,
    paid: r.paid,
    failed: r.failed,
  }));
}
