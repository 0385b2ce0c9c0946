/** Balances, transactions, payout history and the payout CSV of the console. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AdminTransaction, CandidateBalance, Page, PayoutHistoryItem } from '@app/shared';
import type { Db } from '../db/client';
import { annotationTasks, earnings, jobs, payouts, users } from '../db/schema';
import { notFound } from '../http/http-errors';
import { toCsv } from '../lib/csv';
import { centsToDollars } from '../lib/money';
import { PAYOUT_ID, type Paging, int, search, countWhere, pageFrom } from '../lib/listing-query';
import { round } from '../lib/round';

export async function balances(
  db: Db,
  q: Paging & { q?: string; onlyAvailable?: boolean; userId?: string },
): Promise<Page<CandidateBalance>> {
  const e = earnings;
  const available = sql<number>`coalesce(sum(${e.amountCents}) filter (where ${e.status} = 'available'), 0)`;
  const where = and(search(q.q, users.email, users.name), q.userId ? eq(users.id, q.userId) : undefined);
  const having = q.onlyAvailable ? sql`${available} > 0` : undefined;
  const base = db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      pending: sql<number>`coalesce(sum(${e.amountCents}) filter (where ${e.status} = 'pending'), 0)`,
      available,
      paid: sql<number>`coalesce(sum(${e.amountCents}) filter (where ${e.status} = 'paid'), 0)`,
    })
    .from(e)
    .innerJoin(users, eq(users.id, e.userId))
    .where(where)
    .groupBy(users.id, users.email, users.name)
    .having(having);
  const total = async () => int((await db.select({ n: sql<number>`count(*)::int` }).from(base.as('b')))[0]?.n);
  return pageFrom(base.orderBy(desc(available), asc(users.email)), q, total, (r) => ({
    user_id: r.userId,
    email: r.email,
    name: r.name,
    pending: centsToDollars(r.pending),
    available: centsToDollars(r.available),
    paid: centsToDollars(r.paid),
  }));
}

const transactionColumns = {
  earning: earnings,
  email: users.email,
  taskName: annotationTasks.taskName,
  jobTitle: jobs.title,
};
function toTransaction(r: {
  earning: typeof earnings.$inferSelect;
  email: string;
  taskName: string;
  jobTitle: string | null;
}): AdminTransaction {
  return {
    id: r.earning.id,
    user_id: r.earning.userId,
    email: r.email,
    task_name: r.taskName,
    job_title: r.jobTitle ?? '',
    amount: centsToDollars(r.earning.amountCents),
    hours: round(r.earning.secondsBilled / 3600, 2),
    status: r.earning.status,
    payout_id: r.earning.payoutId,
    created_at: r.earning.createdAt.toISOString(),
  };
}

/** Earnings with who earned them, on which task and job: the transaction list's rows and the CSV's. */
const transactionRows = (db: Db) =>
  db
    .select({ ...transactionColumns, name: users.name })
    .from(earnings)
    .innerJoin(users, eq(users.id, earnings.userId))
    .innerJoin(annotationTasks, eq(annotationTasks.id, earnings.taskId))
    .leftJoin(jobs, eq(jobs.id, earnings.jobId));

export async function listAdminTransactions(
  db: Db,
  q: Paging & { user_id?: string; status?: AdminTransaction['status']; payoutId?: string },
): Promise<Page<AdminTransaction>> {
  const where = and(
    q.user_id ? eq(earnings.userId, q.user_id) : undefined,
    q.status ? eq(earnings.status, q.status) : undefined,
    q.payoutId ? eq(earnings.payoutId, q.payoutId) : undefined,
  );
  const rows = transactionRows(db).where(where).orderBy(desc(earnings.createdAt), desc(earnings.id));
  return pageFrom(rows, q, () => countWhere(db, earnings, where), toTransaction);
}

export async function payoutHistory(db: Db, q: Paging): Promise<Page<PayoutHistoryItem>> {
  const rows = db
    .select({
      payout: payouts,
      createdByEmail: users.email,
      recipients: sql<number>`(select count(distinct e.user_id)::int from ${earnings} e where e.payout_id = ${PAYOUT_ID})`,
      transactions: sql<number>`(select count(*)::int from ${earnings} e where e.payout_id = ${PAYOUT_ID})`,
    })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.createdBy))
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  return pageFrom(
    rows,
    q,
    () => countWhere(db, payouts, undefined),
    (r) => ({
      id: r.payout.id,
      created_at: r.payout.createdAt.toISOString(),
      created_by_email: r.createdByEmail,
      total: centsToDollars(r.payout.totalCents),
      recipients: int(r.recipients),
      transactions: int(r.transactions),
    }),
  );
}

/** One line per paid transaction of the payout, for the provider's accounting. */
export async function payoutCsv(db: Db, payoutId: string): Promise<{ filename: string; csv: string }> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId)).limit(1);
  if (!payout) throw notFound('Payout not found');
  const rows = await transactionRows(db)
    .where(eq(earnings.payoutId, payoutId))
    .orderBy(asc(users.email), asc(earnings.createdAt));
  const header = [
    'payout_id',
    'paid_at',
    'user_id',
    'email',
    'name',
    'transaction_id',
    'task_name',
    'job_title',
    'hours',
    'amount_usd',
  ];
  const lines = rows.map((r) => {
    const t = toTransaction(r);
    return [
      payout.id,
      payout.createdAt.toISOString(),
      t.user_id,
      t.email,
      r.name ?? '',
      t.id,
      t.task_name,
      t.job_title,
      t.hours.toFixed(2),
      t.amount.toFixed(2),
    ];
  });
  const csv = toCsv(header, lines);
  return { filename: `payout-${payout.createdAt.toISOString().slice(0, 10)}-${payout.id.slice(0, 8)}.csv`, csv };
}
