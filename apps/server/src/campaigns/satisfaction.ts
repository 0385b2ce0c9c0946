/**
 * Candidate satisfaction (issue 47, item 3): one optional question (1-5 and a comment) on the
 * closing screen after an interview or a practice run. Asked once: an answer or a skip is kept, and
 * a second one is refused (409), so a candidate who skipped is never asked again for that interview.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  isEndedStatus,
  type JobSatisfaction,
  type PracticeSatisfactionRequest,
  type SatisfactionAnswer,
  type SatisfactionRequest,
  type SatisfactionSummary,
} from '@app/shared';
import type { Db } from '../db/client';
import { interviews, jobs } from '../db/schema';
import { interviewSatisfaction, practiceSatisfaction } from '../db/schema-hiring';
import { AppError, conflict, notFound } from '../http/http-errors';

export const INTERVIEW_NOT_ENDED = 'You can rate your interview once it has ended.';
export const ALREADY_ANSWERED = 'You have already answered this question for this interview.';
export const PRACTICE_ALREADY_ANSWERED = 'You have already answered this question for this practice.';

/** Practice answers an account may send a day: practice needs no interview row, so nothing else bounds them. */
export const PRACTICE_ANSWERS_PER_DAY = 30;

type Row = { score: number | null; comment: string | null; createdAt: Date };
const toAnswer = (r: Row): SatisfactionAnswer => ({
  score: r.score,
  comment: r.comment,
  skipped: r.score === null,
  created_at: r.createdAt.toISOString(),
});

/** A comment of only blanks is no comment. */
const cleanComment = (c: string | undefined) => (c?.trim() ? c.trim() : null);

export async function answerInterviewSatisfaction(
  db: Db,
  interviewId: string,
  userId: string,
  body: SatisfactionRequest,
): Promise<SatisfactionAnswer> {
  // Someone else's interview is "not found", as everywhere else: its existence is not told.
  const [iv] = await db
    .select({ status: interviews.status })
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), eq(interviews.candidateId, userId)))
    .limit(1);
  if (!iv) throw notFound('Interview not found');
  if (!isEndedStatus(iv.status)) throw conflict(INTERVIEW_NOT_ENDED);
  const values =
    'skipped' in body ? { score: null, comment: null } : { score: body.score, comment: cleanComment(body.comment) };
  // The unique interview_id makes "once" hold under two concurrent requests too.
  const [row] = await db
    .insert(interviewSatisfaction)
    .values({ interviewId, userId, ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(ALREADY_ANSWERED);
  return toAnswer(row);
}

export async function answerPracticeSatisfaction(
  db: Db,
  userId: string,
  body: PracticeSatisfactionRequest,
): Promise<SatisfactionAnswer> {
  if (body.job_id) {
    const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, body.job_id)).limit(1);
    if (!job) throw notFound('Job not found');
  }
  const today = await db.$count(
    practiceSatisfaction,
    and(eq(practiceSatisfaction.userId, userId), gt(practiceSatisfaction.createdAt, sql`now() - interval '1 day'`)),
  );
  if (today >= PRACTICE_ANSWERS_PER_DAY)
    throw new AppError(429, 'You have rated many practice interviews today. Please try again tomorrow.');
  const values =
    'skipped' in body ? { score: null, comment: null } : { score: body.score, comment: cleanComment(body.comment) };
  const [row] = await db
    .insert(practiceSatisfaction)
    .values({ userId, sessionId: body.session_id, jobId: body.job_id ?? null, ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(PRACTICE_ALREADY_ANSWERED);
  return toAnswer(row);
}

/** Average of the scores given (skips are not scores), two decimals. */
export function summarizeScores(scores: readonly (number | null)[]): SatisfactionSummary {
  const given = scores.filter((s): s is number => s !== null);
  const average = given.length ? Math.round((given.reduce((a, b) => a + b, 0) / given.length) * 100) / 100 : null;
  return { average, count: given.length, skipped: scores.length - given.length };
}

/** What the console reads of an answer; the interview's and the practice's tables both hold these columns. */
const answerColumns = (t: typeof interviewSatisfaction | typeof practiceSatisfaction) => ({
  score: t.score,
  comment: t.comment,
  createdAt: t.createdAt,
});

/** Comments listed at most, newest first. */
const COMMENTS_SHOWN = 200;

/**
 * The console's view of a job: averages of its interviews and of the practice runs for it, and the
 * comments without the candidate's name (they answer more openly when their rating is not tied to
 * their application).
 */
export async function jobSatisfaction(db: Db, jobId: string): Promise<JobSatisfaction> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) throw notFound('Job not found');
  const ivRows = await db
    .select(answerColumns(interviewSatisfaction))
    .from(interviewSatisfaction)
    .innerJoin(interviews, eq(interviews.id, interviewSatisfaction.interviewId))
    .where(eq(interviews.jobId, jobId))
    .orderBy(desc(interviewSatisfaction.createdAt));
  const practiceRows = await db
    .select(answerColumns(practiceSatisfaction))
    .from(practiceSatisfaction)
    .where(eq(practiceSatisfaction.jobId, jobId))
    .orderBy(desc(practiceSatisfaction.createdAt));
  const commented = (source: 'interview' | 'practice', rows: Row[]) =>
    rows
      .filter((r) => r.score !== null && r.comment)
      .map((r) => ({ source, score: r.score!, comment: r.comment!, created_at: r.createdAt.toISOString() }));
  const comments = [...commented('interview', ivRows), ...commented('practice', practiceRows)]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, COMMENTS_SHOWN);
  return {
    interviews: summarizeScores(ivRows.map((r) => r.score)),
    practice: summarizeScores(practiceRows.map((r) => r.score)),
    comments,
  };
}
