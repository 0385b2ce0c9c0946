/**
 * Payout requests (issue 36 item 5; decision 0207): a payee asks for their whole available balance
 * with an Idempotency-Key. The same key answers the same request; a second open request, missing
 * onboarding items or nothing available is a 409. The payee's row lock orders concurrent presses and
 * the one-open-request index is the database's own guard.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_PAYOUT_REQUEST_STATUSES, type PayoutRequestReply } from '@app/shared';
import { earnings } from '../db/schema';
import { payoutRequestEarnings, payoutRequests } from '../db/schema-money';
import type { Db } from '../db/client';
import type { Executor } from '../db/types';
import { AppError, conflict } from '../http/http-errors';
import { centsToDollars } from '../lib/money';
import { lockUser } from '../accounts';
import { balancesOf, postTransfer } from './ledger';
import { missingItemTitles } from './payout-gate';

export const ALREADY_OPEN = 'You already have a payout request in progress. It is paid in the next payout batch.';
export const NOTHING_AVAILABLE = 'Nothing is available to pay out yet.';

export type PayoutRequestRow = typeof payoutRequests.$inferSelect;

export function toRequestReply(r: PayoutRequestRow): PayoutRequestReply {
  return {
    id: r.id,
    amount: centsToDollars(r.amountCents),
    status: r.status,
    created_at: r.createdAt.toISOString(),
    paid_at: r.paidAt?.toISOString() ?? null,
    failed_at: r.failedAt?.toISOString() ?? null,
    failure_reason: r.failureReason,
  };
}

/** An Idempotency-Key as Stripe takes it: 1-255 printable ASCII characters. */
export function parseIdempotencyKey(value: unknown): string {
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new AppError(400, 'An Idempotency-Key header (1-255 printable characters, e.g. a UUID) is required.');
  }
  return value;
}

type Origin = 'candidate' | 'cycle' | 'one_click';

/**
 * Creates the request inside the caller's transaction; `replayed` tells whether the key had been
 * used. Callers other than the payee (one-click, the payout day) pass `skipOnboarding` as they need.
 */
export async function requestInTx(
  tx: Executor,
  userId: string,
  key: string,
  origin: Origin,
  opts: { skipOnboarding?: boolean } = {},
): Promise<{ request: PayoutRequestRow; replayed: boolean }> {
  await lockUser(tx, userId);
  const [existing] = await tx
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.userId, userId), eq(payoutRequests.idempotencyKey, key)));
  if (existing) return { request: existing, replayed: true };
  if (!opts.skipOnboarding) {
    const missing = await missingItemTitles(tx, userId);
    if (missing.length)
      throw conflict(`Complete these onboarding items before requesting a payout: ${missing.join('; ')}.`);
  }
  const [open] = await tx
    .select({ id: payoutRequests.id })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.userId, userId), inArray(payoutRequests.status, OPEN_PAYOUT_REQUEST_STATUSES)));
  if (open) throw conflict(ALREADY_OPEN);
  const available = (await balancesOf(tx, userId)).available;
  if (available <= 0) throw conflict(NOTHING_AVAILABLE);

  const [request] = await tx
    .insert(payoutRequests)
    .values({ userId, amountCents: available, idempotencyKey: key, origin })
    .returning();
  // The earnings this request pays: the payee's available ones not already in an open request.
  const open2 = sql`select 1 from ${payoutRequestEarnings} pre join ${payoutRequests} pr on pr.id = pre.request_id
    where pre.earning_id = ${earnings.id} and ${inArray(sql`pr.status`, OPEN_PAYOUT_REQUEST_STATUSES)} and pr.id <> ${request!.id}`;
  const rows = await tx
    .select({ id: earnings.id })
    .from(earnings)
    .where(and(eq(earnings.userId, userId), eq(earnings.status, 'available'), sql`not exists (${open2})`));
  if (rows.length) {
    await tx.insert(payoutRequestEarnings).values(rows.map((r) => ({ requestId: request!.id, earningId: r.id })));
  }
  await postTransfer(tx, {
    key: `payout:${request!.id}:requested`,
    kind: 'requested',
    userId,
    refId: request!.id,
    debit: 'available',
    credit: 'requested',
    cents: available,
  });
  return { request: request!, replayed: false };
}

/** POST /api/payout-requests for the signed-in payee. */
export async function createPayoutRequest(db: Db, userId: string, key: string) {
  try {
    const { request, replayed } = await db.transaction((tx) => requestInTx(tx, userId, key, 'candidate'));
    return { reply: toRequestReply(request), replayed };
  } catch (err) {
    // Two presses that raced past the lock on different keys: the one-open index refused the second.
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      const [again] = await db
        .select()
        .from(payoutRequests)
        .where(and(eq(payoutRequests.userId, userId), eq(payoutRequests.idempotencyKey, key)));
      if (again) return { reply: toRequestReply(again), replayed: true };
      throw conflict(ALREADY_OPEN);
    }
    throw err;
  }
}

/** The payee's requests, newest first. */
export async function listPayoutRequests(db: Executor, userId: string): Promise<PayoutRequestReply[]> {
  const rows = await db
    .select()
    .from(payoutRequests)
    .where(eq(payoutRequests.userId, userId))
    .orderBy(desc(payoutRequests.createdAt))
    .limit(200);
  return rows.map(toRequestReply);
}
