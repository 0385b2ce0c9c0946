/**
 * Payouts (decision 0021): the provider pays out available balances. One payout covers every
 * candidate (or one, when a user id is given); each available earning becomes paid with the
 * payout's id, all in one transaction.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Payout } from '@app/shared';
import type { Db } from '../db/client';
import { earnings, payouts, users } from '../db/schema';
import { notFound } from '../lib/http-errors';
import { centsToDollars } from '../lib/money';

export async function createPayout(db: Db, input: { userId?: string }, adminId: string): Promise<Payout> {
  return db.transaction(async (tx) => {
    if (input.userId) {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!user) throw notFound('User not found');
    }
    const conditions: SQL[] = [eq(earnings.status, 'available')];
    if (input.userId) conditions.push(eq(earnings.userId, input.userId));
    // Lock the rows being paid: a concurrent payout waits, then no longer sees them as available.
    const rows = await tx
      .select({ id: earnings.id, userId: earnings.userId, cents: earnings.amountCents })
      .from(earnings)
      .where(and(...conditions))
      .orderBy(asc(earnings.createdAt), asc(earnings.id))
      .for('update');
    if (!rows.length) return { payout_id: null, total: 0, items: [] };

    const totalCents = rows.reduce((acc, r) => acc + r.cents, 0);
    const [payout] = await tx.insert(payouts).values({ createdBy: adminId, totalCents }).returning({ id: payouts.id });
    const payoutId = payout!.id;
    await tx
      .update(earnings)
      .set({ status: 'paid', payoutId, updatedAt: new Date() })
      .where(
        inArray(
          earnings.id,
          rows.map((r) => r.id),
        ),
      );

    const userIds = [...new Set(rows.map((r) => r.userId))];
    const emails = new Map(
      (await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds))).map(
        (u) => [u.id, u.email] as const,
      ),
    );
    const byUser = new Map<string, { cents: number; ids: string[] }>();
    for (const r of rows) {
      const entry = byUser.get(r.userId) ?? { cents: 0, ids: [] };
      entry.cents += r.cents;
      entry.ids.push(r.id);
      byUser.set(r.userId, entry);
    }
    return {
      payout_id: payoutId,
      total: centsToDollars(totalCents),
      items: [...byUser].map(([userId, e]) => ({
        user_id: userId,
        email: emails.get(userId) ?? '',
        amount: centsToDollars(e.cents),
        transactions: e.ids,
      })),
    };
  });
}
