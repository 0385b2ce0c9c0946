/**
 * The interview statuses that decide what may happen next, and the one "not found" message, shared
 * by the interview records, their retakes and their recordings.
 */
import { eq } from 'drizzle-orm';
import type { InterviewStatus } from '@app/shared';
import { users } from '../db/schema';
import type { Executor } from '../db/types';

export const INTERVIEW_NOT_FOUND = 'Interview not found';

/** Completing moves an interview that is running to completed; later statuses are left alone. */
export const COMPLETABLE: readonly InterviewStatus[] = ['in_progress'];
/** An interview that never started cannot be completed (docs/decisions/0106-placeholder-interview-completes-nothing.md). */
export const NOT_STARTED: readonly InterviewStatus[] = ['not_started', 'scheduled'];

/**
 * Locks the candidate's user row: whatever makes or restarts one of their applications holds it,
 * so two of them never race to the same job (decision 0169).
 */
export async function lockCandidate(tx: Executor, candidateId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, candidateId)).for('update');
}
