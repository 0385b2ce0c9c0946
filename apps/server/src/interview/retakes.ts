/**
 * Starting an interview again (decision 0149): the provider allows a retake, and a live interview
 * ended before any answer goes back to not started instead of to review. Either way the earlier
 * attempt's recording goes (decision 0167).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { interviewRetakes, interviews, transcriptTurns } from '../db/schema';
import type { Executor } from '../db/types';
import type { AppEvents } from '../lib/app-events';
import { conflict, notFound } from '../http/http-errors';
import { deleteAnswerAudioRows } from './transcript/answer-audio';
import { dropRecording } from './recording/interview-recordings';
import { COMPLETABLE, INTERVIEW_NOT_FOUND, NOT_STARTED } from './rules';
import { openApplication } from './applications';
import { lockUser } from '../accounts';
import { acceptanceWithdrawn } from '../quality';

export const RETAKE_WHILE_RUNNING = 'This interview is still running; a retake can be allowed once it has ended.';
export const RETAKE_NOT_TAKEN = 'This interview has not been taken yet, so there is nothing to retake.';
/** A rejected interview whose candidate has since applied again: the newer application is the one (decision 0169). */
export const RETAKE_NEWER_APPLICATION =
  'The candidate has applied to this job again since; decide on or allow a retake of the newer application.';

/**
 * Puts an interview back to not started, as if it had never run: its turns, assessment, decision,
 * recording (decision 0167) and kept answer audio (decision 0172) go, so a new session starts a fresh
 * conversation and a fresh recording. Callers hold the interview row locked; they announce the
 * returned storage keys once committed.
 */
async function resetToNotStarted(tx: Executor, id: string): Promise<string[]> {
  await tx.delete(transcriptTurns).where(eq(transcriptTurns.interviewId, id));
  const storageKeys = [...(await dropRecording(tx, id)), ...(await deleteAnswerAudioRows(tx, id))];
  await tx
    .update(interviews)
    .set({
      status: 'not_started',
      sessionId: null,
      startedAt: null,
      completedAt: null,
      assessment: null,
      assessedAt: null,
      decisionNote: null,
      decidedBy: null,
      decidedAt: null,
      acceptanceStatus: null,
      transcriptPass: 'live',
      updatedAt: new Date(),
    })
    .where(eq(interviews.id, id));
  return storageKeys;
}

/** After the commit: the dropped recording's bytes are deleted by the recording routes' listener. */
const announceDiscarded = (events: AppEvents, interviewId: string, storageKeys: string[]) => {
  if (storageKeys.length) events.emit('recording.discarded', { interviewId, storageKeys });
};

/**
 * A running live interview (it has a session) in which the candidate has not answered anything goes
 * back to not started instead of to review. True when it did.
 */
export async function resetIfNothingAnswered(
  db: Db,
  events: AppEvents,
  id: string,
  candidateId: string,
): Promise<boolean> {
  const storageKeys = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: interviews.status, sessionId: interviews.sessionId })
      .from(interviews)
      .where(and(eq(interviews.id, id), eq(interviews.candidateId, candidateId)))
      .for('update');
    if (!row || !row.sessionId || !(COMPLETABLE as readonly string[]).includes(row.status)) return null;
    const [answer] = await tx
      .select({ id: transcriptTurns.id })
      .from(transcriptTurns)
      .where(and(eq(transcriptTurns.interviewId, id), eq(transcriptTurns.speaker, 'user')))
      .limit(1);
    if (answer) return null;
    return resetToNotStarted(tx, id);
  });
  if (!storageKeys) return false;
  announceDiscarded(events, id, storageKeys);
  return true;
}

/**
 * The provider lets the candidate take an interview again: it goes back to not started and the
 * reason is kept in interview_retakes with who allowed it and what the interview had been.
 * A running interview (or one never taken) is refused with 409. A withdrawn acceptance hands the
 * rater's unstarted tasks of the job back to distribution (decision 0170).
 */
export async function allowRetake(
  db: Db,
  events: AppEvents,
  id: string,
  reason: string,
  adminId: string,
): Promise<void> {
  const storageKeys = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ candidateId: interviews.candidateId })
      .from(interviews)
      .where(eq(interviews.id, id));
    if (!found) throw notFound(INTERVIEW_NOT_FOUND);
    // The candidate's lock first, as starting an interview and submitting a task take it.
    await lockUser(tx, found.candidateId);
    const [row] = await tx
      .select({
        status: interviews.status,
        jobId: interviews.jobId,
        candidateId: interviews.candidateId,
        acceptance: interviews.acceptanceStatus,
      })
      .from(interviews)
      .where(eq(interviews.id, id))
      .for('update');
    if (!row) throw notFound(INTERVIEW_NOT_FOUND);
    if (row.status === 'in_progress') throw conflict(RETAKE_WHILE_RUNNING);
    if (NOT_STARTED.includes(row.status)) throw conflict(RETAKE_NOT_TAKEN);
    if (row.jobId && row.status === 'rejected') {
      // One application per candidate and job: a newer one beside this rejected one stays the one.
      if (await openApplication(tx, row.candidateId, row.jobId)) throw conflict(RETAKE_NEWER_APPLICATION);
    }
    const keys = await resetToNotStarted(tx, id);
    // A withdrawn acceptance holds the rater's work like a pause (decision 0170).
    if (row.acceptance === 'accepted' && row.jobId) await acceptanceWithdrawn(tx, row.jobId, row.candidateId);
    await tx
      .insert(interviewRetakes)
      .values({ interviewId: id, reason, previousStatus: row.status, allowedBy: adminId });
    return keys;
  });
  announceDiscarded(events, id, storageKeys);
}
