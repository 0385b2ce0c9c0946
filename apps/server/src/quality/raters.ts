/**
 * A rater's standing on a job (issue 26, decision 0155): active unless paused, automatically by the
 * gold rule or by the provider. A paused rater cannot start or submit the job's tasks, and their
 * unstarted tasks go back to distribution; their submitted ratings stay. A rater whose acceptance a
 * retake withdrew is held the same way until accepted again (decision 0170).
 */
import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { QualityRater } from '@app/shared';
import type { Db } from '../db/client';
import { annotationItems, annotationTasks, interviews, jobRaters, jobs, users } from '../db/schema';
import { acceptedForJob, isAcceptedForJob } from './acceptance';
import { lockUser } from '../accounts';
import type { Executor } from '../db/types';
import { AppError, notFound } from '../http/http-errors';
import { raterStats, type RaterStats } from './consensus';
import { loadJobRatings, SUBMITTED } from './ratings';

/** What a paused rater is told when they try to start or submit a task of the job. */
export const RATER_PAUSED =
  'Your work on this project is paused because your recent ratings differ too much from the expected answers. Your submitted ratings are kept. Contact the provider to review your work and resume.';
export const PAUSED_BY_PROVIDER = 'Paused by the provider';

export async function isPaused(db: Executor, jobId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: jobRaters.status })
    .from(jobRaters)
    .where(and(eq(jobRaters.jobId, jobId), eq(jobRaters.userId, userId)));
  return row?.status === 'paused';
}

export async function assertNotPaused(db: Executor, jobId: string, userId: string): Promise<void> {
  if (await isPaused(db, jobId, userId)) throw new AppError(403, RATER_PAUSED);
}

/** What a rater whose acceptance was withdrawn (a retake) is told when they try to start or submit a task. */
export const ACCEPTANCE_WITHDRAWN =
  'Your acceptance for this project was withdrawn while you take its interview again, so its tasks cannot be started or submitted now. Your submitted ratings are kept. You can continue once you are accepted again.';

/**
 * May the rater start or submit the job's tasks: not paused, and still accepted for the job. Callers
 * that submit hold the rater's lock (lockUser) first, so a pause or withdrawal committed meanwhile is seen.
 */
export async function assertMayWork(db: Executor, jobId: string, userId: string): Promise<void> {
  await assertNotPaused(db, jobId, userId);
  if (!(await isAcceptedForJob(db, userId, jobId))) throw new AppError(403, ACCEPTANCE_WITHDRAWN);
}

/** The rater's assigned, unstarted tasks of the job go back to distribution; started ones stay theirs. */
async function releaseUnstartedTasks(tx: Executor, jobId: string, userId: string): Promise<void> {
  await tx
    .update(annotationTasks)
    .set({ assigneeId: null, status: 'pending' })
    .where(
      and(
        eq(annotationTasks.jobId, jobId),
        eq(annotationTasks.assigneeId, userId),
        eq(annotationTasks.status, 'assigned'),
      ),
    );
}

/**
 * After a retake withdrew an acceptance (decision 0170): unless another interview of the candidate
 * still holds an acceptance for the job, their unstarted tasks go back to distribution, as in a pause.
 * The rater's lock orders this with their submissions.
 */
export async function acceptanceWithdrawn(tx: Executor, jobId: string, userId: string): Promise<void> {
  await lockUser(tx, userId);
  if (await isAcceptedForJob(tx, userId, jobId)) return;
  await releaseUnstartedTasks(tx, jobId, userId);
}

/** Pauses the rater on the job and hands their unstarted tasks back to distribution. */
export async function pauseRater(tx: Executor, jobId: string, userId: string, reason: string): Promise<void> {
  await lockUser(tx, userId);
  const now = new Date();
  await tx
    .insert(jobRaters)
    .values({ jobId, userId, status: 'paused', pausedReason: reason, pausedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [jobRaters.jobId, jobRaters.userId],
      set: { status: 'paused', pausedReason: reason, pausedAt: now, updatedAt: now },
    });
  await releaseUnstartedTasks(tx, jobId, userId);
}

/**
 * The automatic pause, checked after each submission on a gold item: gold error above the job's
 * limit after at least its minimum of gold items. After an unpause only gold items submitted since
 * count, so the provider's decision is not undone by the same old ratings.
 */
export async function applyPauseRule(tx: Executor, jobId: string, userId: string): Promise<boolean> {
  const [job] = await tx
    .select({ limit: jobs.pauseGoldErrorAbove, min: jobs.pauseMinGoldItems })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  const [standing] = await tx
    .select({ status: jobRaters.status, unpausedAt: jobRaters.unpausedAt })
    .from(jobRaters)
    .where(and(eq(jobRaters.jobId, jobId), eq(jobRaters.userId, userId)));
  if (!job || standing?.status === 'paused') return false;
  const [gold] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      error: sql<number | null>`avg(abs(${annotationTasks.qualityRating} - ${annotationItems.goldRating}))::float8`,
    })
    .from(annotationTasks)
    .innerJoin(annotationItems, eq(annotationItems.id, annotationTasks.itemId))
    .where(
      and(
        eq(annotationTasks.jobId, jobId),
        eq(annotationTasks.assigneeId, userId),
        inArray(annotationTasks.status, [...SUBMITTED]),
        isNotNull(annotationItems.goldRating),
        standing?.unpausedAt ? gt(annotationTasks.submittedAt, standing.unpausedAt) : undefined,
      ),
    );
  const count = Number(gold?.count ?? 0);
  const error = gold?.error === null || gold?.error === undefined ? null : Number(gold.error);
  if (count < job.min || error === null || error <= job.limit) return false;
  await pauseRater(tx, jobId, userId, `Gold error ${error.toFixed(2)} over ${count} gold items (limit ${job.limit})`);
  return true;
}

/** The raters of a job: accepted candidates, and anyone who holds one of its tasks. */
export async function jobRaterIds(db: Executor, jobId: string): Promise<string[]> {
  const accepted = await db
    .selectDistinct({ id: interviews.candidateId })
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.candidateId))
    .where(acceptedForJob(jobId));
  const holders = await db
    .selectDistinct({ id: annotationTasks.assigneeId })
    .from(annotationTasks)
    .where(and(eq(annotationTasks.jobId, jobId), isNotNull(annotationTasks.assigneeId)));
  return [...new Set([...accepted.map((r) => r.id), ...holders.map((r) => r.id!)])];
}

const EMPTY_STATS: RaterStats = {
  tasks_rated: 0,
  gold_rated: 0,
  gold_mean_abs_error: null,
  bias: null,
  agreement: null,
  error: null,
};

/** The quality report's rater rows for the given users, from the job's computed stats. */
export async function raterRows(
  db: Executor,
  jobId: string,
  userIds: string[],
  stats: ReadonlyMap<string, RaterStats>,
): Promise<QualityRater[]> {
  if (!userIds.length) return [];
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
  const standings = new Map(
    (
      await db
        .select({ userId: jobRaters.userId, status: jobRaters.status, reason: jobRaters.pausedReason })
        .from(jobRaters)
        .where(and(eq(jobRaters.jobId, jobId), inArray(jobRaters.userId, userIds)))
    ).map((r) => [r.userId, r]),
  );
  return people
    .map((p) => {
      const { error: _error, ...record } = stats.get(p.id) ?? EMPTY_STATS;
      const standing = standings.get(p.id);
      const paused = standing?.status === 'paused';
      return {
        user_id: p.id,
        name: p.name || p.email,
        email: p.email,
        ...record,
        status: paused ? ('paused' as const) : ('active' as const),
        paused_reason: paused ? (standing?.reason ?? null) : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

async function oneRater(db: Executor, jobId: string, userId: string): Promise<QualityRater> {
  const stats = raterStats(await loadJobRatings(db, jobId));
  const [row] = await raterRows(db, jobId, [userId], stats);
  return row!;
}

async function assertRaterOfJob(db: Executor, jobId: string, userId: string) {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound('Job not found');
  if (!(await jobRaterIds(db, jobId)).includes(userId)) throw notFound('This person is not a rater of this job');
}

/** The provider pauses a rater by hand. */
export async function pauseByProvider(db: Db, jobId: string, userId: string): Promise<QualityRater> {
  await db.transaction(async (tx) => {
    await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for('update');
    await assertRaterOfJob(tx, jobId, userId);
    if (!(await isPaused(tx, jobId, userId))) await pauseRater(tx, jobId, userId, PAUSED_BY_PROVIDER);
  });
  return oneRater(db, jobId, userId);
}

/** The provider lets a paused rater work again; the automatic rule then counts only new gold items. */
export async function unpauseRater(db: Db, jobId: string, userId: string): Promise<QualityRater> {
  await db.transaction(async (tx) => {
    await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for('update');
    await assertRaterOfJob(tx, jobId, userId);
    if (!(await isPaused(tx, jobId, userId))) return;
    const now = new Date();
    await tx
      .update(jobRaters)
      .set({ status: 'active', pausedReason: null, unpausedAt: now, updatedAt: now })
      .where(and(eq(jobRaters.jobId, jobId), eq(jobRaters.userId, userId)));
  });
  return oneRater(db, jobId, userId);
}
