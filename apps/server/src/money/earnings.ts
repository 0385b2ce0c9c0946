/**
 * Earnings for creative tasks (decision 0020): one earning per submitted task, paid at the job's
 * hourly rate for the server-measured time between start and submit, capped per task and per ISO
 * week. Time is billed once: a task pays only for the part of its interval that no earlier earning
 * of the rater covers, so paid seconds never exceed seconds on the clock (decision 0144). Money is
 * integer cents; the API shows dollars.
 */
import { and, desc, eq, inArray, ne, sql, sum } from 'drizzle-orm';
import {
  DEFAULT_HOURLY_PAY,
  OPEN_PAYOUT_REQUEST_STATUSES,
  WEEKLY_HOURS_CAP,
  type EarningsSummary,
  type EarningsTransaction,
  type OpenPayoutRequestStatus,
} from '@app/shared';
import { annotationTasks, earnings, jobs } from '../db/schema';
import { centsToDollars } from '../lib/money';
import { conflict } from '../http/http-errors';
import { lockUser } from '../accounts';
import { balancesOf } from './ledger';
import { payoutRequestEarnings, payoutRequests } from '../db/schema-money';
import type { Executor } from '../db/types';

/** The most time one task can bill, however long it stayed open (a forgotten tab is not work). */
export const TASK_BILLABLE_CAP_SECONDS = 2 * 60 * 60;
/** The weekly hours cap from the specification, in seconds. */
export const WEEKLY_BILLABLE_CAP_SECONDS = WEEKLY_HOURS_CAP * 60 * 60;
/** The hourly rate used when a job has none ($21.00, docs/product/rules.md). */
export const DEFAULT_RATE_CENTS = Math.round(DEFAULT_HOURLY_PAY * 100);

export type PayInput = {
  /** Time worked that is not billed yet (see unbilledSeconds); fractions of a second are dropped. */
  secondsWorked: number;
  /** Hourly rate in cents. */
  rateCents: number;
  /** Seconds already billed to this candidate in the ISO week of the submission. */
  billedThisWeekSeconds: number;
  taskCapSeconds?: number;
  weeklyCapSeconds?: number;
};

/**
 * The pay for one task. Billable time is the worked time capped per task and by what is left of
 * the weekly cap; the amount is rate × hours rounded half up to the cent, in integer arithmetic.
 */
export function calculatePay(input: PayInput): { secondsBilled: number; amountCents: number } {
  const taskCap = input.taskCapSeconds ?? TASK_BILLABLE_CAP_SECONDS;
  const weeklyCap = input.weeklyCapSeconds ?? WEEKLY_BILLABLE_CAP_SECONDS;
  const worked = Math.max(0, Math.floor(input.secondsWorked));
  const weekLeft = Math.max(0, weeklyCap - Math.max(0, Math.floor(input.billedThisWeekSeconds)));
  const secondsBilled = Math.min(worked, taskCap, weekLeft);
  const amountCents = Math.floor((secondsBilled * input.rateCents + 1800) / 3600);
  return { secondsBilled, amountCents };
}

export type WorkInterval = { start: Date; end: Date };

/**
 * Seconds of `work` that none of `billed` covers: what this interval adds to the union of the
 * rater's working time. Ten tasks open over the same minute add that minute once between them.
 */
export function unbilledSeconds(work: WorkInterval, billed: WorkInterval[]): number {
  const start = work.start.getTime();
  const end = work.end.getTime();
  if (!(end > start)) return 0;
  const overlaps = billed
    .map((b) => [Math.max(start, b.start.getTime()), Math.min(end, b.end.getTime())] as const)
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reached = start;
  for (const [from, to] of overlaps) {
    if (to <= reached) continue;
    covered += to - Math.max(from, reached);
    reached = to;
  }
  return (end - start - covered) / 1000;
}

/** The ISO 8601 week of a moment, in UTC, e.g. "2026-W47" (weeks start Monday; week 1 holds Jan 4). */
export function isoWeekOf(date: Date): string {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
  // The Thursday of the same week decides the ISO year.
  const thursday = new Date(day + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const dayOfYear = Math.round((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
  const week = Math.floor((dayOfYear - 1) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Records the earning for a task just submitted, inside the caller's transaction. Locks the
 * candidate's user row first, so a rater's submissions are billed one after the other: each sees
 * the intervals the earlier ones billed (time is billed once) and the seconds already billed that
 * week (the weekly cap). Rejected earnings neither cover time nor use up the weekly cap.
 */
export async function recordTaskEarning(
  tx: Executor,
  task: { id: string; jobId: string; userId: string; startedAt: Date; submittedAt: Date },
): Promise<typeof earnings.$inferSelect> {
  await lockUser(tx, task.userId);
  const [job] = await tx.select({ rate: jobs.payPerHourCents }).from(jobs).where(eq(jobs.id, task.jobId));
  const isoWeek = isoWeekOf(task.submittedAt);
  const [billed] = await tx
    .select({ seconds: sum(earnings.secondsBilled).mapWith(Number) })
    .from(earnings)
    .where(and(eq(earnings.userId, task.userId), eq(earnings.isoWeek, isoWeek), ne(earnings.status, 'rejected')));
  const work = { start: task.startedAt, end: task.submittedAt };
  const pay = calculatePay({
    secondsWorked: unbilledSeconds(work, await billedIntervals(tx, task.userId, work)),
    rateCents: job?.rate ?? DEFAULT_RATE_CENTS,
    billedThisWeekSeconds: billed?.seconds ?? 0,
  });
  const [row] = await tx
    .insert(earnings)
    .values({
      userId: task.userId,
      taskId: task.id,
      jobId: task.jobId,
      amountCents: pay.amountCents,
      secondsBilled: pay.secondsBilled,
      isoWeek,
      workStartedAt: work.start,
      workEndedAt: work.end,
      status: 'pending',
      createdAt: task.submittedAt,
    })
    .returning();
  return row!;
}

/**
 * The working intervals of the rater's earlier earnings (rejected ones left out) that overlap
 * `work`. Earnings recorded before intervals were stored use their task's start and submit.
 */
async function billedIntervals(tx: Executor, userId: string, work: WorkInterval): Promise<WorkInterval[]> {
  const start = sql<Date | null>`coalesce(${earnings.workStartedAt}, ${annotationTasks.startedAt})`;
  const end = sql<Date | null>`coalesce(${earnings.workEndedAt}, ${annotationTasks.submittedAt})`;
  const rows = await tx
    .select({ start: start.mapWith(earnings.workStartedAt), end: end.mapWith(earnings.workEndedAt) })
    .from(earnings)
    .leftJoin(annotationTasks, eq(annotationTasks.id, earnings.taskId))
    .where(
      and(
        eq(earnings.userId, userId),
        ne(earnings.status, 'rejected'),
        sql`${start} < ${work.end.toISOString()}::timestamptz`,
        sql`${end} > ${work.start.toISOString()}::timestamptz`,
      ),
    );
  return rows.filter((r): r is WorkInterval => r.start !== null && r.end !== null);
}

/** After the provider's review: a pending earning becomes available (accepted) or rejected. */
export async function settleTaskEarning(tx: Executor, taskId: string, approved: boolean): Promise<void> {
  await settleTaskEarnings(tx, [taskId], approved);
}

/** The same for several tasks at once (automatic approval, issue 26). */
export async function settleTaskEarnings(tx: Executor, taskIds: string[], approved: boolean): Promise<void> {
  if (!taskIds.length) return;
  await tx
    .update(earnings)
    .set({ status: approved ? 'available' : 'rejected', updatedAt: new Date() })
    .where(and(inArray(earnings.taskId, taskIds), eq(earnings.status, 'pending')));
}

export const ALREADY_PAID = 'This work has already been paid out, so it can no longer be rejected.';
export const IN_PAYOUT = 'This work is in a payout request being paid, so it can no longer be rejected.';

/**
 * A hand review of work the rules approved automatically: rejecting it takes back an earning that
 * is still available. The payee's lock is taken first, the one a payout request takes (lockUser,
 * issue 43 item 3), then the earning row: a request at the same moment either takes the money
 * before (and the rejection is refused) or waits and finds it rejected (and leaves it out).
 */
export async function overruleAutomaticApproval(tx: Executor, taskId: string, approved: boolean): Promise<void> {
  if (approved) return;
  const [owner] = await tx.select({ userId: earnings.userId }).from(earnings).where(eq(earnings.taskId, taskId));
  if (!owner) return;
  await lockUser(tx, owner.userId);
  const [row] = await tx
    .select({ status: earnings.status })
    .from(earnings)
    .where(eq(earnings.taskId, taskId))
    .for('update');
  if (!row) return;
  if (row.status === 'paid') throw conflict(ALREADY_PAID);
  // Money already requested is on its way out of the available balance: it cannot be taken back.
  const [inRequest] = await tx
    .select({ id: payoutRequests.id })
    .from(payoutRequestEarnings)
    .innerJoin(payoutRequests, eq(payoutRequests.id, payoutRequestEarnings.requestId))
    .innerJoin(earnings, eq(earnings.id, payoutRequestEarnings.earningId))
    .where(and(eq(earnings.taskId, taskId), inArray(payoutRequests.status, OPEN_PAYOUT_REQUEST_STATUSES)));
  if (inRequest) throw conflict(IN_PAYOUT);
  await tx
    .update(earnings)
    .set({ status: 'rejected', updatedAt: new Date() })
    .where(and(eq(earnings.taskId, taskId), eq(earnings.status, 'available')));
}

/**
 * The candidate's totals in dollars, summed from the ledger (decision 0205). total_earnings counts
 * accepted money (available, requested, on its way, paid); pending_payout is work awaiting review
 * plus money requested or on its way (requested_payout alone); rejected work counts nowhere.
 */
export async function getEarningsSummary(db: Executor, userId: string): Promise<EarningsSummary> {
  const b = await balancesOf(db, userId);
  return {
    total_earnings: centsToDollars(b.available + b.requested + b.in_transit + b.paid_out),
    pending_payout: centsToDollars(b.pending + b.requested + b.in_transit),
    requested_payout: centsToDollars(b.requested + b.in_transit),
    available_balance: centsToDollars(b.available),
  };
}

/**
 * The candidate's earnings history, newest first. Rejected earnings are listed with the provider's
 * reason (issue 26): the rater sees why that work was not paid.
 */
export async function listTransactions(db: Executor, userId: string): Promise<EarningsTransaction[]> {
  const rows = await db
    .select({
      id: earnings.id,
      taskId: earnings.taskId,
      cents: earnings.amountCents,
      taskName: annotationTasks.taskName,
      jobTitle: jobs.title,
      createdAt: earnings.createdAt,
      status: earnings.status,
      reason: annotationTasks.reviewReason,
      // The open payout request paying it, if any (one open request per payee).
      payout: sql<OpenPayoutRequestStatus | null>`(
        select pr.status from ${payoutRequestEarnings} pre
        join ${payoutRequests} pr on pr.id = pre.request_id
        where pre.earning_id = ${earnings.id} and ${inArray(sql`pr.status`, OPEN_PAYOUT_REQUEST_STATUSES)}
        limit 1)`,
    })
    .from(earnings)
    .innerJoin(annotationTasks, eq(annotationTasks.id, earnings.taskId))
    .leftJoin(jobs, eq(jobs.id, earnings.jobId))
    .where(eq(earnings.userId, userId))
    .orderBy(desc(earnings.createdAt), desc(earnings.id));
  return rows.map((r) => ({
    id: r.id,
    task_id: r.taskId,
    amount: centsToDollars(r.cents),
    task_name: r.taskName,
    job_title: r.jobTitle ?? '',
    created_at: r.createdAt.toISOString(),
    status: r.status,
    rejection_reason: r.status === 'rejected' ? r.reason : null,
    payout: r.status === 'available' ? (r.payout ?? null) : null,
  }));
}
