/**
 * Creative (annotation) tasks: the provider creates and assigns them to accepted candidates; the
 * candidate starts and submits them; the provider reviews them. Submitting records the earning in
 * the same transaction (see money/earnings.ts).
 */
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AdminTask, AnnotationTask, DataToAnnotate } from '@app/shared';
import type { Db } from '../db/client';
import { annotationItems, annotationTasks, interviews, jobs, users } from '../db/schema';
import { AppError, conflict, notFound, unprocessable } from '../http/http-errors';
import type { Executor } from '../db/types';
import type { Caller } from '../lib/authz';
import { acceptedForJob, isAcceptedForJob } from './acceptance';
import { overruleAutomaticApproval, recordTaskEarning, settleTaskEarning } from '../money';
import { lockUser } from '../accounts';
import { afterSubmission } from './approval';
import { assertMayWork, isPaused } from './raters';

type TaskRow = typeof annotationTasks.$inferSelect;

export const TASK_NOT_FOUND = 'Task not found';
export const TASK_ALREADY_SUBMITTED = 'This task has already been submitted.';
export const NOT_ACCEPTED_ASSIGNEE = 'The assignee must be a candidate with an accepted interview for this job.';
export const PAUSED_ASSIGNEE = 'This rater is paused on this job; unpause them before assigning tasks.';
export const SAME_ITEM_TWICE =
  'This rater already has a task of the same item; each item is rated by different raters.';

/** Why a task cannot be started while its project is in a given state (docs/product/rules.md). */
export const JOB_NOT_WORKABLE: Record<string, string> = {
  pending: 'This task is not yet available. Tasks can only be started when the project enters the active phase.',
  completed: 'This project has ended.',
  archived: 'This project has been archived.',
};

const taskColumns = {
  task: annotationTasks,
  jobTitle: jobs.title,
  jobStatus: jobs.status,
  assigneeEmail: users.email,
};
export type JoinedRow = {
  task: TaskRow;
  jobTitle: string;
  jobStatus: AnnotationTask['job_status'];
  assigneeEmail: string | null;
  /** The item's gold answer: read only for the provider's replies. */
  gold?: number | null;
};

function toTaskDto({ task, jobTitle, jobStatus }: JoinedRow): AnnotationTask {
  return {
    id: task.id,
    job_id: task.jobId,
    job_title: jobTitle,
    job_status: jobStatus,
    assignee_id: task.assigneeId,
    status: task.status,
    task_name: task.taskName,
    task_description: task.taskDescription,
    instructions: task.instructions,
    data_to_annotate: task.dataToAnnotate as DataToAnnotate,
    quality_rating: task.qualityRating,
    feedback_notes: task.feedbackNotes,
    created_at: task.createdAt.toISOString(),
    started_at: task.startedAt?.toISOString() ?? null,
    submitted_at: task.submittedAt?.toISOString() ?? null,
  };
}

export function toAdminTaskDto(row: JoinedRow): AdminTask {
  return {
    ...toTaskDto(row),
    assignee_email: row.assigneeEmail,
    review_approved: row.task.reviewApproved,
    reviewed_at: row.task.reviewedAt?.toISOString() ?? null,
    item_id: row.task.itemId,
    gold_rating: row.gold ?? null,
    auto_approved: row.task.autoApproved,
    review_reason: row.task.reviewReason,
  };
}

function selectTasks(db: Executor, where: SQL | undefined) {
  return db
    .select(taskColumns)
    .from(annotationTasks)
    .innerJoin(jobs, eq(jobs.id, annotationTasks.jobId))
    .leftJoin(users, eq(users.id, annotationTasks.assigneeId))
    .where(where)
    .orderBy(desc(annotationTasks.createdAt), desc(annotationTasks.id));
}

/** The provider's selection: the same rows with the item's gold answer. */
export function selectAdminTasks(db: Executor, where: SQL | undefined) {
  return db
    .select({ ...taskColumns, gold: annotationItems.goldRating })
    .from(annotationTasks)
    .innerJoin(jobs, eq(jobs.id, annotationTasks.jobId))
    .leftJoin(users, eq(users.id, annotationTasks.assigneeId))
    .leftJoin(annotationItems, eq(annotationItems.id, annotationTasks.itemId))
    .where(where)
    .orderBy(desc(annotationTasks.createdAt), desc(annotationTasks.id));
}

async function loadAdminTask(db: Executor, id: string): Promise<JoinedRow> {
  const [row] = await selectAdminTasks(db, eq(annotationTasks.id, id)).limit(1);
  if (!row) throw notFound(TASK_NOT_FOUND);
  return row;
}

async function loadTask(db: Executor, id: string): Promise<JoinedRow> {
  const [row] = await selectTasks(db, eq(annotationTasks.id, id)).limit(1);
  if (!row) throw notFound(TASK_NOT_FOUND);
  return row;
}

/** A task for its assignee, or any task for an admin; 404 otherwise (no hint that it exists). */
async function loadTaskFor(db: Executor, id: string, caller: Caller): Promise<JoinedRow> {
  const row = await loadTask(db, id);
  if (caller.role !== 'admin' && row.task.assigneeId !== caller.sub) throw notFound(TASK_NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Candidate side

/** The tasks assigned to a user, newest first. */
export async function listTasksForUser(db: Executor, userId: string): Promise<AnnotationTask[]> {
  const rows = await selectTasks(db, eq(annotationTasks.assigneeId, userId));
  return rows.map(toTaskDto);
}

export async function getTaskForUser(db: Executor, id: string, caller: Caller): Promise<AnnotationTask> {
  return toTaskDto(await loadTaskFor(db, id, caller));
}

/**
 * Starts the assignee's task: assigned → in_progress, starting the paid clock. Starting an
 * in-progress task again changes nothing. Only tasks of active projects can be started, by a rater
 * who is neither paused nor withdrawn (decisions 0155, 0170).
 */
export async function startTask(db: Db, id: string, userId: string): Promise<AnnotationTask> {
  const row = await loadTaskFor(db, id, { sub: userId, role: 'candidate' });
  const blocked = JOB_NOT_WORKABLE[row.jobStatus];
  if (blocked) throw new AppError(400, blocked);
  await assertMayWork(db, row.task.jobId, userId);
  if (row.task.status === 'in_progress') return toTaskDto(row);
  if (row.task.status !== 'assigned') throw conflict(TASK_ALREADY_SUBMITTED);

  const now = new Date();
  await db
    .update(annotationTasks)
    .set({ status: 'in_progress', startedAt: now })
    .where(and(eq(annotationTasks.id, id), eq(annotationTasks.status, 'assigned')));
  // A concurrent start may have won; either way the task is now in progress (or further along).
  const after = await loadTask(db, id);
  if (after.task.status !== 'in_progress') throw conflict(TASK_ALREADY_SUBMITTED);
  return toTaskDto(after);
}

/**
 * Submits the assignee's rating and notes: in_progress → completed, and records the earning in the
 * same transaction. The conditional UPDATE (status must still be in_progress) means two
 * simultaneous submits cannot both succeed, so a task is never paid twice. What the rater gets back
 * is the same for gold and plain items until the item is complete (decision 0170).
 */
export async function submitTask(
  db: Db,
  id: string,
  userId: string,
  input: { quality_rating: number; feedback_notes: string },
): Promise<AnnotationTask> {
  await db.transaction(async (tx) => {
    // The rater's lock first: a parallel submit that pauses them, or a retake that withdraws their
    // acceptance, has then committed and is seen by the check below (decision 0170).
    await lockUser(tx, userId);
    const now = new Date();
    const [own] = await tx
      .select({ jobId: annotationTasks.jobId })
      .from(annotationTasks)
      .where(and(eq(annotationTasks.id, id), eq(annotationTasks.assigneeId, userId)));
    if (own) await assertMayWork(tx, own.jobId, userId);
    const [updated] = await tx
      .update(annotationTasks)
      .set({
        status: 'completed',
        qualityRating: input.quality_rating,
        feedbackNotes: input.feedback_notes,
        submittedAt: now,
      })
      .where(
        and(
          eq(annotationTasks.id, id),
          eq(annotationTasks.assigneeId, userId),
          eq(annotationTasks.status, 'in_progress'),
        ),
      )
      .returning();
    if (!updated) {
      const row = await loadTaskFor(tx, id, { sub: userId, role: 'candidate' });
      if (row.task.status === 'completed' || row.task.status === 'reviewed') throw conflict(TASK_ALREADY_SUBMITTED);
      throw conflict('Start the task before submitting feedback.');
    }
    await recordTaskEarning(tx, {
      id: updated.id,
      jobId: updated.jobId,
      userId,
      startedAt: updated.startedAt ?? now,
      submittedAt: now,
    });
    await afterSubmission(tx, {
      id: updated.id,
      jobId: updated.jobId,
      itemId: updated.itemId,
      assigneeId: userId,
      rating: input.quality_rating,
    });
  });
  return toTaskDto(await loadTask(db, id));
}

// ---------------------------------------------------------------------------------------------
// Provider side

export async function assertAssignable(db: Executor, userId: string, jobId: string) {
  if (!(await isAcceptedForJob(db, userId, jobId))) throw unprocessable(NOT_ACCEPTED_ASSIGNEE);
  if (await isPaused(db, jobId, userId)) throw unprocessable(PAUSED_ASSIGNEE);
}

/** Candidates with an accepted interview for the job: the most raters one item can have. */
export async function acceptedRaterCount(db: Executor, jobId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${interviews.candidateId})::int` })
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.candidateId))
    .where(acceptedForJob(jobId));
  return Number(row?.count ?? 0);
}

/**
 * (Re)assigns a task that nobody has started yet to an accepted, active rater of its job who holds
 * no other task of the same item. The job row is locked, as distribution does, so the two never
 * hand one item to the same rater twice.
 */
async function assignOne(db: Executor, id: string, userId: string): Promise<void> {
  const row = await loadTask(db, id);
  if (row.task.status !== 'pending' && row.task.status !== 'assigned') {
    throw conflict(
      `Only a pending or assigned task can be assigned; this one is ${row.task.status.replace('_', ' ')}.`,
    );
  }
  await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, row.task.jobId)).for('update');
  await assertAssignable(db, userId, row.task.jobId);
  const [sibling] = await db
    .select({ id: annotationTasks.id })
    .from(annotationTasks)
    .where(
      and(
        eq(annotationTasks.itemId, row.task.itemId),
        eq(annotationTasks.assigneeId, userId),
        ne(annotationTasks.id, id),
      ),
    )
    .limit(1);
  if (sibling) throw conflict(SAME_ITEM_TWICE);
  const [updated] = await db
    .update(annotationTasks)
    .set({ assigneeId: userId, status: 'assigned' })
    .where(and(eq(annotationTasks.id, id), inArray(annotationTasks.status, ['pending', 'assigned'])))
    .returning({ id: annotationTasks.id });
  if (!updated) throw conflict('The task was started meanwhile and can no longer be reassigned.');
}

export async function assignTask(db: Db, id: string, userId: string): Promise<AdminTask> {
  await db.transaction((tx) => assignOne(tx, id, userId));
  return toAdminTaskDto(await loadAdminTask(db, id));
}

/**
 * Several assignments in one request ("spread evenly"), all or nothing: the first that fails rolls
 * the others back and its error names its position in the list.
 */
export async function assignTasks(db: Db, assignments: { task_id: string; user_id: string }[]): Promise<AdminTask[]> {
  await db.transaction(async (tx) => {
    for (const [i, a] of assignments.entries()) {
      try {
        await assignOne(tx, a.task_id, a.user_id);
      } catch (err) {
        if (err instanceof AppError) throw new AppError(err.statusCode, `Assignment ${i + 1}: ${err.message}`);
        throw err;
      }
    }
  });
  const ids = assignments.map((a) => a.task_id);
  const rows = await selectAdminTasks(db, inArray(annotationTasks.id, ids));
  return ids.map((id) => toAdminTaskDto(rows.find((r) => r.task.id === id)!));
}

/**
 * The provider's review of a submitted task: completed → reviewed, its earning available (accepted)
 * or rejected in the same transaction. A rejection carries a reason the rater sees with the earning.
 * Work the rules approved automatically can still be reviewed by hand while its earning is unpaid.
 */
export async function reviewTask(
  db: Db,
  id: string,
  input: { approved: boolean; reason?: string | undefined },
  adminId: string,
): Promise<AdminTask> {
  const reason = input.approved ? null : (input.reason ?? null);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: annotationTasks.status, auto: annotationTasks.autoApproved })
      .from(annotationTasks)
      .where(eq(annotationTasks.id, id))
      .for('update');
    if (!current) throw notFound(TASK_NOT_FOUND);
    const overrule = current.status === 'reviewed' && current.auto;
    if (current.status !== 'completed' && !overrule) {
      throw conflict(`Only a submitted task can be reviewed; this one is ${current.status.replace('_', ' ')}.`);
    }
    if (overrule) await overruleAutomaticApproval(tx, id, input.approved);
    await tx
      .update(annotationTasks)
      .set({
        status: 'reviewed',
        reviewApproved: input.approved,
        autoApproved: false,
        reviewReason: reason,
        reviewedAt: new Date(),
        reviewedBy: adminId,
      })
      .where(eq(annotationTasks.id, id));
    if (!overrule) await settleTaskEarning(tx, id, input.approved);
  });
  return toAdminTaskDto(await loadAdminTask(db, id));
}
