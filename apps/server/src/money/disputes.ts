/**
 * Disputes of rejected work (issue 36 item 9; decision 0208). The rater may dispute a rejection
 * within 7 days of it, once, with a reason; the provider resolves it with a reason the rater reads.
 * An overturned rejection makes the earning available (the ledger posts it from the earning's move).
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { DISPUTE_WINDOW_DAYS, type Dispute } from '@app/shared';
import type { Db } from '../db/client';
import type { Executor } from '../db/types';
import { annotationTasks, earnings, jobs, users } from '../db/schema';
import { taskDisputes } from '../db/schema-money';
import { conflict, notFound } from '../http/http-errors';
import { centsToDollars } from '../lib/money';

const DAY = 86_400_000;

export async function createDispute(
  db: Db,
  userId: string,
  input: { task_id: string; reason: string },
  now = new Date(),
) {
  const id = await db.transaction(async (tx) => {
    const [task] = await tx
      .select({
        assignee: annotationTasks.assigneeId,
        approved: annotationTasks.reviewApproved,
        reviewedAt: annotationTasks.reviewedAt,
        earning: earnings.status,
      })
      .from(annotationTasks)
      .leftJoin(earnings, eq(earnings.taskId, annotationTasks.id))
      .where(eq(annotationTasks.id, input.task_id))
      .for('update', { of: annotationTasks });
    if (!task || task.assignee !== userId) throw notFound('Task not found');
    if (task.approved !== false || task.earning !== 'rejected' || !task.reviewedAt) {
      throw conflict('Only rejected work can be disputed.');
    }
    const closes = new Date(task.reviewedAt.getTime() + DISPUTE_WINDOW_DAYS * DAY);
    if (now > closes) {
      throw conflict(
        `The ${DISPUTE_WINDOW_DAYS}-day window to dispute this rejection closed on ${closes.toISOString().slice(0, 10)}.`,
      );
    }
    const [row] = await tx
      .insert(taskDisputes)
      .values({ taskId: input.task_id, userId, reason: input.reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: taskDisputes.id });
    if (!row) throw conflict('This task has already been disputed.');
    return row.id;
  });
  return getDispute(db, id);
}

export async function resolveDispute(
  db: Db,
  adminId: string,
  id: string,
  input: { outcome: 'overturned' | 'upheld'; reason: string },
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const [d] = await tx.select().from(taskDisputes).where(eq(taskDisputes.id, id)).for('update');
    if (!d) throw notFound('Dispute not found');
    if (d.status !== 'open') throw conflict('This dispute has already been resolved.');
    await tx
      .update(taskDisputes)
      .set({ status: input.outcome, resolution: input.reason, resolvedBy: adminId, resolvedAt: now })
      .where(eq(taskDisputes.id, id));
    if (input.outcome === 'overturned') {
      await tx
        .update(earnings)
        .set({ status: 'available', updatedAt: now })
        .where(and(eq(earnings.taskId, d.taskId), eq(earnings.status, 'rejected')));
      await tx
        .update(annotationTasks)
        .set({ reviewApproved: true, reviewedAt: now, reviewedBy: adminId })
        .where(eq(annotationTasks.id, d.taskId));
    }
  });
  return getDispute(db, id);
}

/** `limit` null: every one (the account export). */
async function disputes(db: Executor, where: SQL | undefined, limit: number | null = 200): Promise<Dispute[]> {
  const rows = await db
    .select({
      d: taskDisputes,
      taskName: annotationTasks.taskName,
      rejection: annotationTasks.reviewReason,
      jobTitle: jobs.title,
      email: users.email,
      cents: earnings.amountCents,
    })
    .from(taskDisputes)
    .innerJoin(annotationTasks, eq(annotationTasks.id, taskDisputes.taskId))
    .leftJoin(jobs, eq(jobs.id, annotationTasks.jobId))
    .leftJoin(users, eq(users.id, taskDisputes.userId))
    .leftJoin(earnings, eq(earnings.taskId, taskDisputes.taskId))
    .where(where)
    .orderBy(desc(taskDisputes.createdAt))
    .limit(limit ?? Number.MAX_SAFE_INTEGER);
  return rows.map((r) => ({
    id: r.d.id,
    task_id: r.d.taskId,
    task_name: r.taskName,
    job_title: r.jobTitle ?? '',
    user_id: r.d.userId,
    email: r.email ?? '',
    amount: centsToDollars(r.cents ?? 0),
    rejection_reason: r.rejection,
    reason: r.d.reason,
    status: r.d.status,
    resolution: r.d.resolution,
    created_at: r.d.createdAt.toISOString(),
    resolved_at: r.d.resolvedAt?.toISOString() ?? null,
  }));
}

export async function getDispute(db: Executor, id: string): Promise<Dispute> {
  const [d] = await disputes(db, eq(taskDisputes.id, id), 1);
  if (!d) throw notFound('Dispute not found');
  return d;
}

export const listMyDisputes = (db: Executor, userId: string, limit: number | null = 200) =>
  disputes(db, eq(taskDisputes.userId, userId), limit);

export const listDisputes = (db: Executor, status?: Dispute['status']) =>
  disputes(db, status ? eq(taskDisputes.status, status) : undefined);
