import { count, eq } from 'drizzle-orm';
import { jobCreateSchema, type Job, type JobCreate, type JobUpdate } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { notFound } from '../http/http-errors';
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

export async function updateJob(db: Db, id: string, input: Partial<ParsedJob>): Promise<Job> {
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
