/**
 * The interview statuses that decide what may happen next, and the one "not found" message, shared
 * by the interview records, their retakes and their recordings.
 */
import type { InterviewStatus } from '@app/shared';

export const INTERVIEW_NOT_FOUND = 'Interview not found';

/** Completing moves an interview that is running to completed; later statuses are left alone. */
export const COMPLETABLE: readonly InterviewStatus[] = ['in_progress'];
/** An interview that never started cannot be completed (docs/decisions/0106-placeholder-interview-completes-nothing.md). */
export const NOT_STARTED: readonly InterviewStatus[] = ['not_started', 'scheduled'];
