/**
 * Who opened a candidate's recording or résumé, and when: written when an admin fetches one,
 * shown in the console next to the interview.
 */
import { and, desc, eq, or } from 'drizzle-orm';
import type { InterviewPrivacy } from '@app/shared';
import type { Db } from '../db/client';
import { files, interviews, profiles, users } from '../db/schema';
import { fileAccessLog } from '../db/schema-accounts';
import { notFound } from '../http/http-errors';
import { fileUrl } from '../storage';

/** The interview's candidate and recording, or undefined when there is no such interview. */
async function recordingOf(db: Db, interviewId: string) {
  const [row] = await db
    .select({
      candidateId: interviews.candidateId,
      fileId: interviews.recordingFileId,
      deletedAt: interviews.recordingDeletedAt,
    })
    .from(interviews)
    .where(eq(interviews.id, interviewId))
    .limit(1);
  return row;
}

export async function logRecordingAccess(db: Db, adminId: string, interviewId: string): Promise<void> {
  const recording = await recordingOf(db, interviewId);
  if (!recording) return;
  await db
    .insert(fileAccessLog)
    .values({ candidateId: recording.candidateId, adminId, interviewId, fileId: recording.fileId, kind: 'recording' });
}

/** A download of the candidate packet (issue 47): it holds the recording, so it is logged beside its openings. */
export async function logPacketAccess(db: Db, adminId: string, interviewId: string): Promise<void> {
  const recording = await recordingOf(db, interviewId);
  if (!recording) return;
  await db
    .insert(fileAccessLog)
    .values({ candidateId: recording.candidateId, adminId, interviewId, fileId: recording.fileId, kind: 'packet' });
}

/** Logs the opening of a file when it is a résumé (owned by a candidate, or named by their profile). */
export async function logResumeAccess(db: Db, adminId: string, fileId: string): Promise<void> {
  const [file] = await db
    .select({ ownerId: files.ownerId, purpose: files.purpose })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  if (!file || file.purpose !== 'resume') return;
  let candidateId = file.ownerId;
  if (!candidateId) {
    const [profile] = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.resumeUrl, fileUrl(fileId)))
      .limit(1);
    candidateId = profile?.userId ?? null;
  }
  if (!candidateId || candidateId === adminId) return;
  await db.insert(fileAccessLog).values({ candidateId, adminId, fileId, kind: 'resume' });
}

/** What the console shows with an interview: retention and the access history of its recording and résumé. */
export async function interviewPrivacy(db: Db, interviewId: string, retentionDays: number): Promise<InterviewPrivacy> {
  const recording = await recordingOf(db, interviewId);
  if (!recording) throw notFound('Interview not found');
  const rows = await db
    .select({ kind: fileAccessLog.kind, adminEmail: users.email, accessedAt: fileAccessLog.accessedAt })
    .from(fileAccessLog)
    .leftJoin(users, eq(users.id, fileAccessLog.adminId))
    .where(
      and(
        eq(fileAccessLog.candidateId, recording.candidateId),
        or(eq(fileAccessLog.interviewId, interviewId), eq(fileAccessLog.kind, 'resume')),
      ),
    )
    .orderBy(desc(fileAccessLog.accessedAt))
    .limit(200);
  return {
    retention_days: retentionDays,
    recording_deleted_at: recording.deletedAt?.toISOString() ?? null,
    access_log: rows.map((r) => ({ kind: r.kind, admin_email: r.adminEmail, accessed_at: r.accessedAt.toISOString() })),
  };
}
