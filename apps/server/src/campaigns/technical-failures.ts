/**
 * Technical failures the candidate's interview page reports (issue 47, the funnel's "where people
 * stopped"): only the browser knows that the microphone could not be opened, that the connection
 * gave up reconnecting, or that the candidate pressed End before the interviewer closed. Kept once
 * per person, job and kind (a count of reports beside it), so a page reporting again, or a hostile
 * one, cannot inflate the funnel, which counts people.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TechnicalFailureKind, TechnicalFailureRequest } from '@app/shared';
import type { Db } from '../db/client';
import { interviews, jobs } from '../db/schema';
import { interviewTechnicalFailures } from '../db/schema-hiring';
import { notFound } from '../http/http-errors';

export async function reportTechnicalFailure(
  db: Db,
  userId: string,
  jobId: string,
  body: TechnicalFailureRequest,
): Promise<void> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) throw notFound('Job not found');
  if (body.interview_id) {
    // Only the candidate's own interview for this job; any other is "not found", as elsewhere.
    const [iv] = await db
      .select({ id: interviews.id })
      .from(interviews)
      .where(and(eq(interviews.id, body.interview_id), eq(interviews.candidateId, userId), eq(interviews.jobId, jobId)))
      .limit(1);
    if (!iv) throw notFound('Interview not found');
  }
  await keepFailure(db, { userId, jobId, kind: body.kind, interviewId: body.interview_id ?? null });
}

/**
 * An interview the abandoned-interview sweep ended (its app event): nobody came back to it, most
 * often a closed or crashed browser or a network that never returned, which the page could not report.
 */
export async function recordAbandonedInterview(db: Db, interviewId: string): Promise<void> {
  const [iv] = await db
    .select({ userId: interviews.candidateId, jobId: interviews.jobId })
    .from(interviews)
    .where(eq(interviews.id, interviewId))
    .limit(1);
  if (!iv?.jobId) return;
  await keepFailure(db, { userId: iv.userId, jobId: iv.jobId, kind: 'abandoned', interviewId });
}

async function keepFailure(
  db: Db,
  f: { userId: string; jobId: string; kind: TechnicalFailureKind; interviewId: string | null },
): Promise<void> {
  await db
    .insert(interviewTechnicalFailures)
    .values(f)
    .onConflictDoUpdate({
      target: [interviewTechnicalFailures.userId, interviewTechnicalFailures.jobId, interviewTechnicalFailures.kind],
      set: {
        occurrences: sql`${interviewTechnicalFailures.occurrences} + 1`,
        lastAt: sql`now()`,
        interviewId: sql`coalesce(excluded.interview_id, ${interviewTechnicalFailures.interviewId})`,
      },
    });
}
