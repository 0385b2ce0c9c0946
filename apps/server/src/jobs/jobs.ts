import { and, count, eq } from 'drizzle-orm';
import { jobCreateSchema, type Job, type JobCreate, type JobUpdate } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { annotationItems, jobs } from '../db/schema';
import { notFound, unprocessable } from '../http/http-errors';
import { centsToDollars, dollarsToCents } from '../lib/money';
import { jobsChanged } from './job-cache';

export type JobRow = typeof jobs.$inferSelect;

export function toJobDto(row: JobRow): Job {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    position_type: row.positionType,
    pay_per_hour: row.payPerHourCents === null ? null : centsToDollars(row.payPerHourCents),
    created_at: row.createdAt.toISOString(),
    availability: row.availability,
    status: row.status,
    skills: row.skills,
    custom_questions: row.customQuestions,
    interview_type: row.interviewType,
    share_feedback: row.shareFeedback,
    blind_review_share: row.blindReviewShare,
    work_sample_count: row.workSampleCount,
    work_sample_seconds: row.workSampleSeconds,
  };
}

type ParsedJob = z.output<typeof jobCreateSchema>;

function toRowValues(input: Partial<ParsedJob>) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.position_type !== undefined && { positionType: input.position_type }),
    ...(input.pay_per_hour !== undefined && {
      payPerHourCents: input.pay_per_hour === null ? null : dollarsToCents(input.pay_per_hour),
    }),
    ...(input.availability !== undefined && { availability: input.availability }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.skills !== undefined && { skills: input.skills }),
    ...(input.custom_questions !== undefined && { customQuestions: input.custom_questions }),
    ...(input.interview_type !== undefined && { interviewType: input.interview_type }),
    ...(input.share_feedback !== undefined && { shareFeedback: input.share_feedback }),
    ...(input.blind_review_share !== undefined && { blindReviewShare: input.blind_review_share }),
    ...(input.work_sample_count !== undefined && { workSampleCount: input.work_sample_count }),
    ...(input.work_sample_seconds !== undefined && { workSampleSeconds: input.work_sample_seconds }),
  };
}

export async function getJobRow(db: Db, id: string): Promise<JobRow> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  if (!row) throw notFound('Job not found');
  return row;
}

export async function getJob(db: Db, id: string): Promise<Job> {
  return toJobDto(await getJobRow(db, id));
}

export async function createJob(db: Db, input: ParsedJob, createdBy: string | null): Promise<Job> {
  const values = toRowValues(input) as typeof jobs.$inferInsert;
  const [row] = await db
    .insert(jobs)
    .values({ ...values, createdBy })
    .returning();
  jobsChanged();
  return toJobDto(row!);
}

/** Items in a job's work-sample pool (issue 46). */
export async function workSamplePoolSize(db: Db, jobId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(annotationItems)
    .where(and(eq(annotationItems.jobId, jobId), eq(annotationItems.pool, 'work_sample')));
  return row?.n ?? 0;
}

/**
 * Switching the work sample on needs a pool at least as large as the count (issue 46). A new job has
 * no pool yet: its count (3 by default) waits until enough items are marked (decision 0244); a job
 * whose pool shrank below its count runs no sample until it grows again.
 */
async function assertWorkSamplePool(db: Db, id: string, count: number | undefined) {
  if (!count) return;
  const [job] = await db.select({ count: jobs.workSampleCount }).from(jobs).where(eq(jobs.id, id));
  // Resending the count it has (a whole form saved again) switches nothing on.
  if (!job || job.count === count) return;
  const pool = await workSamplePoolSize(db, id);
  if (pool < count) {
    throw unprocessable(
      `The work sample needs at least ${count} work-sample item${count === 1 ? '' : 's'}; this job has ${pool}. Mark more of its gold items as work-sample items, or lower work_sample_count.`,
    );
  }
}

export async function updateJob(db: Db, id: string, input: Partial<ParsedJob>): Promise<Job> {
  await assertWorkSamplePool(db, id, input.work_sample_count);
  const [row] = await db
    .update(jobs)
    .set({ ...toRowValues(input), updatedAt: new Date() })
    .where(eq(jobs.id, id))
    .returning();
  if (!row) throw notFound('Job not found');
  jobsChanged();
  return toJobDto(row);
}

export async function countJobs(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs);
  return row?.n ?? 0;
}

export type { JobCreate, JobUpdate };
