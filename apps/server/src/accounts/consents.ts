/**
 * Consents: a candidate agrees to being recorded and assessed before a recorded interview for a job.
 * The agreed text is versioned (shared INTERVIEW_RECORDING_CONSENT); each consent stores its version.
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  AI_ASSESSMENT_NOTICE,
  INTERVIEW_RECORDING_CONSENT,
  type Consent,
  type ConsentPurpose,
  type ConsentRequest,
} from '@app/shared';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { consents } from '../db/schema-accounts';
import { notFound } from '../http/http-errors';

export const CONSENT_REQUIRED =
  'Please agree to the recording and AI-assisted assessment of this interview before it starts.';

/** The socket's answer to a start without the acknowledged AI notice (issue 35). */
export const AI_NOTICE_REQUIRED =
  'Please read the AI notice and acknowledge it before the interview starts: an AI interviewer conducts it and an AI system assists in assessing it.';

/** The text version each purpose's consent is given to. */
const CURRENT_VERSION: Record<ConsentPurpose, string> = {
  interview_recording: INTERVIEW_RECORDING_CONSENT.version,
  ai_assessment: AI_ASSESSMENT_NOTICE.version,
};

type ConsentRow = typeof consents.$inferSelect;

const toDto = (row: ConsentRow): Consent => ({
  id: row.id,
  purpose: row.purpose,
  job_id: row.jobId,
  version: row.version,
  given_at: row.givenAt.toISOString(),
});

export async function giveConsent(db: Db, userId: string, input: ConsentRequest): Promise<Consent> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, input.job_id)).limit(1);
  if (!job) throw notFound('Job not found');
  const values = { userId, purpose: input.purpose, jobId: input.job_id, version: CURRENT_VERSION[input.purpose] };
  // Giving the same consent again (a second click, a retried request) answers with the one on record:
  // the unique index (user, purpose, job, version) keeps it one row, even under concurrent requests.
  const [row] = await db.insert(consents).values(values).onConflictDoNothing().returning();
  if (row) return toDto(row);
  const [existing] = await db
    .select()
    .from(consents)
    .where(
      and(
        eq(consents.userId, userId),
        eq(consents.purpose, values.purpose),
        eq(consents.jobId, values.jobId),
        eq(consents.version, values.version),
      ),
    )
    .limit(1);
  return toDto(existing!);
}

export async function listConsents(db: Db, userId: string): Promise<Consent[]> {
  const rows = await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.givenAt));
  return rows.map(toDto);
}

/** Whether the candidate agreed to the recording of an interview for this job (any text version). */
export const hasRecordingConsent = (db: Db, userId: string, jobId: string) =>
  hasConsent(db, userId, jobId, 'interview_recording');

/** Whether the candidate acknowledged the AI notice for this job (any text version). */
export const hasAiAssessmentConsent = (db: Db, userId: string, jobId: string) =>
  hasConsent(db, userId, jobId, 'ai_assessment');

async function hasConsent(db: Db, userId: string, jobId: string, purpose: ConsentPurpose): Promise<boolean> {
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose), eq(consents.jobId, jobId)))
    .limit(1);
  return !!row;
}
