/**
 * Interview records: listing, starting or resuming (called by the live interview socket),
 * completing, and the provider's view of one. (The provider's decision is compliance/decisions.ts.) Completing announces `interview.completed` on the app's
 * events, which queue the review.
 */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  INTERVIEW_BLOCKING_STATUSES,
  isUuid,
  type AdminInterview,
  type Interview,
  type InterviewStatus,
} from '@app/shared';
import type { Db } from '../db/client';
import { interviews, jobs, users } from '../db/schema';
import type { Executor } from '../db/types';
import type { AppEvents } from '../lib/app-events';
import type { Caller } from '../lib/authz';
import { conflict, notFound } from '../http/http-errors';
import { COMPLETABLE, INTERVIEW_NOT_FOUND, NOT_STARTED } from './rules';
import { lockUser } from '../accounts';
import { resetIfNothingAnswered } from './retakes';

export type InterviewRow = typeof interviews.$inferSelect;

export const ALREADY_INTERVIEWED =
  'You have already completed this interview. Visit your status page for updates instead of reapplying.';
export { INTERVIEW_NOT_FOUND };

// Ids can reach these functions unvalidated (from the live socket): isUuid turns a malformed one
// into "not found" instead of a database error.

export const INTERVIEW_NOT_STARTED = 'This interview has not started yet, so it cannot be completed.';

// ---------------------------------------------------------------------------------------------
// Reading

const interviewColumns = {
  interview: interviews,
  jobTitle: jobs.title,
  position: jobs.positionType,
};

type JoinedRow = { interview: InterviewRow; jobTitle: string | null; position: string | null };

export function toInterviewDto({ interview, jobTitle, position }: JoinedRow): Interview {
  return {
    id: interview.id,
    job_id: interview.jobId,
    candidate_id: interview.candidateId,
    job_title: jobTitle,
    position,
    status: interview.status,
    acceptance_status: interview.acceptanceStatus,
    created_at: interview.createdAt.toISOString(),
    completed_at: interview.completedAt?.toISOString() ?? null,
  };
}

async function loadDto(db: Executor, id: string): Promise<Interview> {
  if (!isUuid(id)) throw notFound(INTERVIEW_NOT_FOUND);
  const [row] = await db
    .select(interviewColumns)
    .from(interviews)
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.id, id))
    .limit(1);
  if (!row) throw notFound(INTERVIEW_NOT_FOUND);
  return toInterviewDto(row);
}

/**
 * Interviews visible to the caller, newest first. A candidate only ever sees their own: asking for
 * someone else's candidate_id yields an empty list rather than an error, so ids can't be probed.
 */
export async function listInterviews(
  db: Db,
  caller: Caller,
  filters: { jobId?: string; candidateId?: string } = {},
): Promise<Interview[]> {
  const conditions: SQL[] = [];
  if (caller.role !== 'admin') {
    if (filters.candidateId && filters.candidateId !== caller.sub) return [];
    conditions.push(eq(interviews.candidateId, caller.sub));
  } else if (filters.candidateId) {
    conditions.push(eq(interviews.candidateId, filters.candidateId));
  }
  if (filters.jobId) conditions.push(eq(interviews.jobId, filters.jobId));
  const rows = await db
    .select(interviewColumns)
    .from(interviews)
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(and(...conditions))
    .orderBy(desc(interviews.createdAt), desc(interviews.id));
  return rows.map(toInterviewDto);
}

/** One interview for its candidate or an admin; 404 for anyone else (no hint that it exists). */
export async function getInterviewForUser(db: Executor, id: string, user: Caller): Promise<Interview> {
  const dto = await loadDto(db, id);
  if (user.role !== 'admin' && dto.candidate_id !== user.sub) throw notFound(INTERVIEW_NOT_FOUND);
  return dto;
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Creates an interview row directly, for tests, seeding and provider tooling. The live interview
 * goes through createOrResumeInterview, which applies the "already interviewed" rule.
 */
export async function createInterview(
  db: Executor,
  input: {
    id?: string;
    jobId: string | null;
    candidateId: string;
    status?: InterviewStatus;
    acceptanceStatus?: 'accepted' | 'declined' | null;
    sessionId?: string | null;
    startedAt?: Date | null;
    completedAt?: Date | null;
    createdAt?: Date;
  },
): Promise<Interview> {
  const [row] = await db
    .insert(interviews)
    .values({
      ...(input.id && { id: input.id }),
      jobId: input.jobId,
      candidateId: input.candidateId,
      status: input.status ?? 'not_started',
      acceptanceStatus: input.acceptanceStatus ?? null,
      sessionId: input.sessionId ?? null,
      startedAt: input.startedAt ?? null,
      completedAt: input.completedAt ?? null,
      ...(input.createdAt && { createdAt: input.createdAt }),
    })
    .returning({ id: interviews.id });
  return loadDto(db, row!.id);
}

/**
 * Starts the interview a live session is about to run, or resumes the candidate's one in progress
 * for the job, from this session or any other (the newest session takes it over: decision 0225).
 * Refuses (409) when the candidate already has an interview for the job that is completed, under
 * review or approved; not_started, scheduled and rejected ones do not block.
 *
 * A candidate has one application per job (decision 0169): their not_started or scheduled
 * interview for the job (invited, retaken, or left before any answer) is the one started, whatever
 * `interviewId` the page sent; the reply names it. A new row is made only when there is none (the
 * page's id, when it is free, becomes its id).
 *
 * Runs in one transaction that locks the candidate's user row, so two simultaneous starts for the
 * same candidate cannot both create an interview (the unique index interviews_one_per_candidate_job
 * stands behind it).
 */
export async function createOrResumeInterview(
  db: Db,
  input: { interviewId?: string; jobId: string; candidateId: string; sessionId: string },
): Promise<Interview & { replacedSessionId?: string | null }> {
  if (!isUuid(input.jobId)) throw notFound('Job not found');
  if (input.interviewId !== undefined && !isUuid(input.interviewId)) throw notFound(INTERVIEW_NOT_FOUND);
  if (!isUuid(input.candidateId)) throw notFound('User not found');
  return db.transaction(async (tx) => {
    await lockUser(tx, input.candidateId);

    const [job] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, input.jobId)).limit(1);
    if (!job) throw notFound('Job not found');

    const existing = await tx
      .select()
      .from(interviews)
      .where(and(eq(interviews.candidateId, input.candidateId), eq(interviews.jobId, input.jobId)))
      .orderBy(desc(interviews.createdAt));

    const now = new Date();
    // The candidate's interview in progress continues in whichever tab or device starts it now: the
    // same session reconnecting, or a new one, which takes it over (decision 0225). The reply names
    // the session it replaced, so that one is told and let go wherever it runs.
    const running = existing.find((i) => i.status === 'in_progress');
    if (running) {
      await tx
        .update(interviews)
        .set({ sessionId: input.sessionId, lastActiveAt: now })
        .where(eq(interviews.id, running.id));
      const replaced = running.sessionId !== input.sessionId ? running.sessionId : null;
      return { ...(await loadDto(tx, running.id)), replacedSessionId: replaced };
    }

    const blocking = existing.find((i) => (INTERVIEW_BLOCKING_STATUSES as readonly string[]).includes(i.status));
    if (blocking) throw conflict(ALREADY_INTERVIEWED);

    const open = existing.find((i) => (NOT_STARTED as readonly string[]).includes(i.status));
    let newId = input.interviewId;
    if (!open && input.interviewId) {
      const [byId] = await tx.select().from(interviews).where(eq(interviews.id, input.interviewId)).limit(1);
      if (byId) {
        // Someone else's id, or an interview for another job, is never taken over.
        if (byId.candidateId !== input.candidateId) throw notFound(INTERVIEW_NOT_FOUND);
        if (byId.jobId !== input.jobId) throw conflict('This interview belongs to a different job.');
        // The candidate's rejected interview stays as it was; a new application is made beside it.
        newId = undefined;
      }
    }

    if (open) {
      await tx
        .update(interviews)
        .set({ status: 'in_progress', sessionId: input.sessionId, startedAt: now, lastActiveAt: now, updatedAt: now })
        .where(eq(interviews.id, open.id));
      return loadDto(tx, open.id);
    }
    const { jobId, candidateId, sessionId } = input;
    return createInterview(tx, { id: newId, jobId, candidateId, sessionId, status: 'in_progress', startedAt: now });
  });
}

/** Completing an interview whose job was archived while it ran (decision 0083). */
export const JOB_CLOSED_BEFORE_COMPLETION = 'This job is no longer open, so its interview cannot be completed.';

/**
 * Marks the candidate's running interview completed. A live interview (one a session ran) that ends
 * before the candidate answered anything is not sent to review: it goes back to not_started, so the
 * candidate may start it again (decision 0149); the reply then says not_started. Idempotent: an interview that is already
 * completed (or further along: under review, decided) is returned unchanged. One that never started
 * (not_started, scheduled) is refused with 409. Another user's interview is 404.
 * `interview.completed` is announced once, when the status actually changes.
 */
export async function completeInterview(
  db: Db,
  id: string,
  candidateId: string,
  events: AppEvents,
  /** The client address that ends it: the careful pass admits a few per address (decision 0224). */
  address?: string,
): Promise<Interview> {
  if (!isUuid(id) || !isUuid(candidateId)) throw notFound(INTERVIEW_NOT_FOUND);
  // Interviews run only for active jobs: one for a job archived (or not yet published) is not
  // completed, so it is never assessed either (decision 0083).
  const [target] = await db
    .select({ status: interviews.status, jobStatus: jobs.status })
    .from(interviews)
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(and(eq(interviews.id, id), eq(interviews.candidateId, candidateId)))
    .limit(1);
  if (
    target?.jobStatus &&
    target.jobStatus !== 'active' &&
    (COMPLETABLE as readonly string[]).includes(target.status)
  ) {
    throw conflict(JOB_CLOSED_BEFORE_COMPLETION);
  }
  if (await resetIfNothingAnswered(db, events, id, candidateId)) return loadDto(db, id);
  const now = new Date();
  const changed = await db
    .update(interviews)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(
      and(eq(interviews.id, id), eq(interviews.candidateId, candidateId), inArray(interviews.status, [...COMPLETABLE])),
    )
    .returning({ id: interviews.id });
  const dto = await getInterviewForUser(db, id, { sub: candidateId, role: 'candidate' });
  if (changed.length) events.emit('interview.completed', { interviewId: id, address });
  else if (NOT_STARTED.includes(dto.status)) throw conflict(INTERVIEW_NOT_STARTED);
  return dto;
}

/** One interview as the provider sees it: with the candidate and the decision fields. */
export async function getAdminInterview(db: Executor, id: string): Promise<AdminInterview> {
  const [r] = await db
    .select({ ...interviewColumns, email: users.email, name: users.name })
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.candidateId))
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.id, id))
    .limit(1);
  if (!r) throw notFound(INTERVIEW_NOT_FOUND);
  return {
    ...toInterviewDto(r),
    candidate_email: r.email,
    candidate_name: r.name,
    decision_note: r.interview.decisionNote,
    decided_by: r.interview.decidedBy,
    decided_at: r.interview.decidedAt?.toISOString() ?? null,
  };
}
