/**
 * Per-job shortlists and invitations (decision 0165). Inviting someone starts an application for
 * them (an interview not yet started, as when they open the job themselves) and the route queues
 * the e-mail with the job's link (notifications/notifications.ts).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ShortlistEntry } from '@app/shared';
import type { Db } from '../db/client';
import type { Executor } from '../db/types';
import { jobs, users } from '../db/schema';
import { shortlistEntries } from '../db/schema-talent';
import { AppError, conflict, notFound } from '../http/http-errors';
import { createInterview, openApplication } from '../interview';
import { lockUser } from '../accounts';

export const NOT_A_CANDIDATE = 'Candidate not found';
export const NOT_ON_SHORTLIST = 'This person is not on the shortlist of this job.';
export const ALREADY_INVITED = 'This person has already been invited to this job.';
export const INVITE_NEEDS_ACTIVE_JOB = 'Only an active job can take invitations. Open the job first.';

const entryColumns = {
  jobId: shortlistEntries.jobId,
  candidateId: shortlistEntries.candidateId,
  createdAt: shortlistEntries.createdAt,
  invitedAt: shortlistEntries.invitedAt,
  name: users.name,
  email: users.email,
  // The candidate's own words for what they do, and where their application for the job stands.
  headline: sql<string | null>`(SELECT p.position FROM profiles p WHERE p.user_id = ${shortlistEntries.candidateId})`,
  interviewStatus: sql<string | null>`(SELECT i.status FROM interviews i
     WHERE i.candidate_id = ${shortlistEntries.candidateId} AND i.job_id = ${shortlistEntries.jobId}
     ORDER BY i.created_at DESC LIMIT 1)`,
};

type EntryRow = {
  jobId: string;
  candidateId: string;
  createdAt: Date;
  invitedAt: Date | null;
  name: string | null;
  email: string;
  headline: string | null;
  interviewStatus: string | null;
};

const toDto = (r: EntryRow): ShortlistEntry => ({
  job_id: r.jobId,
  candidate_id: r.candidateId,
  name: r.name,
  email: r.email,
  headline: r.headline,
  added_at: r.createdAt.toISOString(),
  invited_at: r.invitedAt?.toISOString() ?? null,
  interview_status: r.interviewStatus,
});

async function loadJob(db: Executor, jobId: string) {
  const [job] = await db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) throw notFound('Job not found');
  return job;
}

function selectEntries(db: Executor) {
  return db.select(entryColumns).from(shortlistEntries).innerJoin(users, eq(users.id, shortlistEntries.candidateId));
}

export async function listShortlist(db: Executor, jobId: string): Promise<ShortlistEntry[]> {
  await loadJob(db, jobId);
  const list = await selectEntries(db)
    .where(and(eq(shortlistEntries.jobId, jobId), isNull(users.deletedAt)))
    .orderBy(asc(shortlistEntries.createdAt));
  return list.map(toDto);
}

async function loadEntry(db: Executor, jobId: string, candidateId: string) {
  const [row] = await selectEntries(db)
    .where(and(eq(shortlistEntries.jobId, jobId), eq(shortlistEntries.candidateId, candidateId)))
    .limit(1);
  return row;
}

/** Adds a candidate to a job's shortlist; adding them again changes nothing. */
export async function addToShortlist(
  db: Executor,
  jobId: string,
  candidateId: string,
  adminId: string,
): Promise<ShortlistEntry> {
  await loadJob(db, jobId);
  const [candidate] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, candidateId), eq(users.role, 'candidate'), isNull(users.deletedAt)))
    .limit(1);
  if (!candidate) throw notFound(NOT_A_CANDIDATE);
  await db.insert(shortlistEntries).values({ jobId, candidateId, addedBy: adminId }).onConflictDoNothing();
  return toDto((await loadEntry(db, jobId, candidateId))!);
}

export async function removeFromShortlist(db: Executor, jobId: string, candidateId: string): Promise<void> {
  const removed = await db
    .delete(shortlistEntries)
    .where(and(eq(shortlistEntries.jobId, jobId), eq(shortlistEntries.candidateId, candidateId)))
    .returning({ jobId: shortlistEntries.jobId });
  if (!removed.length) throw notFound(NOT_ON_SHORTLIST);
}

/**
 * Invites a shortlisted candidate: marks the entry invited and, unless they already have an
 * application for the job, starts one for them. One transaction with the entry locked, so two
 * clicks invite once.
 */
export async function inviteFromShortlist(db: Db, jobId: string, candidateId: string): Promise<ShortlistEntry> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
    if (!job) throw notFound('Job not found');
    if (job.status !== 'active') throw new AppError(409, INVITE_NEEDS_ACTIVE_JOB);
    const [entry] = await tx
      .select({ invitedAt: shortlistEntries.invitedAt })
      .from(shortlistEntries)
      .where(and(eq(shortlistEntries.jobId, jobId), eq(shortlistEntries.candidateId, candidateId)))
      .for('update');
    if (!entry) throw notFound(NOT_ON_SHORTLIST);
    if (entry.invitedAt) throw conflict(ALREADY_INVITED);
    // One application per candidate and job (decision 0169), made under the lock a start takes too;
    // a rejected one is closed, so an invitation opens a new one beside it.
    await lockUser(tx, candidateId);
    if (!(await openApplication(tx, candidateId, jobId))) await createInterview(tx, { jobId, candidateId });
    await tx
      .update(shortlistEntries)
      .set({ invitedAt: new Date() })
      .where(and(eq(shortlistEntries.jobId, jobId), eq(shortlistEntries.candidateId, candidateId)));
    return toDto((await loadEntry(tx, jobId, candidateId))!);
  });
}
