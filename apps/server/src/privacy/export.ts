/**
 * GET /api/account/export: everything held about the caller, as one JSON document. Built from the
 * same services that answer the candidate's own screens, plus the records no screen shows (files,
 * transcripts, decisions, consents, payouts).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { earnings, files, interviewDecisions, interviews, payouts, profiles } from '../db/schema';
import { listTurns, exportPracticeDebriefs, listInterviews } from '../interview';
import { listConsents, getProfileMe } from '../accounts';
import { getSelfIdentification, exportOversightRecords } from '../compliance';
import { getEarningsSummary, listTransactions, exportMoneyRecords, exportOnboarding } from '../money';
import { INTERVIEW_MEDIA, fileUrl } from '../storage';
import { listTasksForUser } from '../quality';
import { exportHiringRecords } from './hiring-records';

export const EXPORT_FORMAT = 'account-export/1';

export async function exportAccount(db: Db, userId: string, baseUrl: string, payoutHoldHours = 72) {
  const me = await getProfileMe(db, userId);
  const [profileRow] = await db
    .select({ updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const { id, email, name, role, profile_completed: profileCompleted, created_at: createdAt, ...profile } = me;

  const fileRows = await db.select().from(files).where(eq(files.ownerId, userId)).orderBy(asc(files.createdAt));
  const interviewList = await listInterviews(db, { sub: userId, role: 'candidate' });
  const recordingOf = new Set(
    (
      await db
        .select({ id: interviews.id, file: interviews.recordingFileId })
        .from(interviews)
        .where(eq(interviews.candidateId, userId))
    )
      .filter((r) => r.file)
      .map((r) => r.id),
  );
  const interviewsOut = [];
  for (const interview of interviewList) {
    const decisions = await db
      .select({
        decision: interviewDecisions.decision,
        note: interviewDecisions.note,
        at: interviewDecisions.createdAt,
      })
      .from(interviewDecisions)
      .where(eq(interviewDecisions.interviewId, interview.id))
      .orderBy(asc(interviewDecisions.createdAt));
    interviewsOut.push({
      ...interview,
      recording_url: recordingOf.has(interview.id) ? `${baseUrl}/api/interviews/${interview.id}/recording` : null,
      transcript: await listTurns(db, interview.id),
      decisions: decisions.map((d) => ({ decision: d.decision, note: d.note, decided_at: d.at.toISOString() })),
      ...(await exportOversightRecords(db, interview.id)),
    });
  }

  const payoutIds = (
    await db.selectDistinct({ id: earnings.payoutId }).from(earnings).where(eq(earnings.userId, userId))
  )
    .map((r) => r.id)
    .filter((x): x is string => !!x);
  const payoutRows = payoutIds.length
    ? await db
        .select({ id: payouts.id, createdAt: payouts.createdAt })
        .from(payouts)
        .where(inArray(payouts.id, payoutIds))
    : [];

  return {
    format: EXPORT_FORMAT,
    exported_at: new Date().toISOString(),
    account: { id, email, name, role, profile_completed: profileCompleted, created_at: createdAt },
    profile: { ...profile, updated_at: profileRow?.updatedAt.toISOString() ?? null },
    files: fileRows.map((f) => ({
      id: f.id,
      purpose: f.purpose,
      content_type: f.contentType,
      size_bytes: f.sizeBytes,
      original_name: f.originalName,
      created_at: f.createdAt.toISOString(),
      // Recordings are fetched through their interview (GET /api/interviews/{id}/recording); kept
      // answer audio is not served at all (decision 0172).
      url: INTERVIEW_MEDIA.includes(f.purpose) ? null : `${baseUrl}${fileUrl(f.id)}`,
    })),
    interviews: interviewsOut,
    tasks: await listTasksForUser(db, userId),
    earnings: {
      summary: await getEarningsSummary(db, userId),
      transactions: await listTransactions(db, userId),
      payouts: payoutRows.map((p) => ({ id: p.id, created_at: p.createdAt.toISOString() })),
      // Payout requests (amounts, status, failure reasons) and the person's own disputes (issue 43 item 9).
      ...(await exportMoneyRecords(db, userId)),
    },
    consents: await listConsents(db, userId),
    // The candidate's own voluntary self-identification (issue 35): theirs to see, never the provider's.
    self_identification: await getSelfIdentification(db, userId),
    practice_debriefs: await exportPracticeDebriefs(db, userId),
    onboarding: await exportOnboarding(db, userId, baseUrl, payoutHoldHours),
    // Invitations to the person's address, satisfaction answers and reported failures (issue 47).
    hiring: await exportHiringRecords(db, userId, email),
  };
}
