import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TranscriptTurn } from '@app/shared';
import type { Db } from '../db/client';
import { interviews, jobs, profiles, transcriptTurns, users, type TurnWord } from '../db/schema';
import type { JobText } from './recognition/job-model';
import type { PlanInput } from './plan';

/**
 * Persistence of the live interview: transcript turns, written one by one as they are finalized,
 * and the job/candidate facts the interviewer plans from. Interview rows themselves go through
 * interview/interviews.ts (createOrResumeInterview, completeInterview).
 */

export type StoredTurn = {
  seq: number;
  speaker: 'ai' | 'user';
  text: string;
  startedAt: Date;
  endedAt: Date;
  offsetSeconds: number;
  /** The recognizer's words and confidences for a candidate turn, when the engine gives them (debrief). */
  words?: TurnWord[] | null;
  liveText?: string | null;
};

export async function appendTurn(db: Db, interviewId: string, turn: StoredTurn): Promise<void> {
  await db.insert(transcriptTurns).values({ interviewId, ...turn });
}

/** Corrects a stored AI turn to what the candidate actually heard (barge-in after it was stored). */
export async function updateTurnText(db: Db, interviewId: string, seq: number, text: string): Promise<void> {
  await db
    .update(transcriptTurns)
    .set({ text })
    .where(and(eq(transcriptTurns.interviewId, interviewId), eq(transcriptTurns.seq, seq)));
}

export async function listTurns(db: Db, interviewId: string): Promise<StoredTurn[]> {
  return db
    .select({
      seq: transcriptTurns.seq,
      speaker: transcriptTurns.speaker,
      text: transcriptTurns.text,
      startedAt: transcriptTurns.startedAt,
      endedAt: transcriptTurns.endedAt,
      offsetSeconds: transcriptTurns.offsetSeconds,
      words: transcriptTurns.words,
      liveText: transcriptTurns.liveText,
    })
    .from(transcriptTurns)
    .where(eq(transcriptTurns.interviewId, interviewId))
    .orderBy(asc(transcriptTurns.seq));
}

export function toTranscriptDto(turn: StoredTurn): TranscriptTurn {
  return {
    seq: turn.seq,
    speaker: turn.speaker,
    text: turn.text,
    started_at: turn.startedAt.toISOString(),
    ended_at: turn.endedAt.toISOString(),
    offset_seconds: turn.offsetSeconds,
    ...carefulParts({ liveText: turn.liveText ?? null, words: turn.words ?? null }),
  };
}

/** The live text and the careful words of a turn the careful pass rewrote (decision 0172). */
export function carefulParts(t: { liveText: string | null; words: TurnWord[] | null }) {
  const words = t.words?.every((w) => w.start_seconds !== undefined) ? t.words : undefined;
  return {
    ...(t.liveText !== null && { live_text: t.liveText }),
    ...(words && {
      words: words.map((w) => ({
        text: w.text,
        confidence: w.confidence,
        start_seconds: w.start_seconds!,
        end_seconds: w.end_seconds!,
      })),
    }),
  };
}

/** The job of an interview the candidate owns (when the start message carries no job id). */
export async function jobIdOfInterview(db: Db, interviewId: string, candidateId: string): Promise<string | null> {
  const [row] = await db
    .select({ jobId: interviews.jobId })
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), eq(interviews.candidateId, candidateId)))
    .limit(1);
  return row?.jobId ?? null;
}

/** The status of an interview the candidate owns, or null when it is not theirs or does not exist. */
export async function ownInterviewStatus(db: Db, interviewId: string, candidateId: string): Promise<string | null> {
  const [row] = await db
    .select({ status: interviews.status })
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), eq(interviews.candidateId, candidateId)))
    .limit(1);
  return row?.status ?? null;
}

/** True when the account has finished onboarding (its profile is complete). */
export async function hasCompleteProfile(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ done: users.profileCompleted }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.done === true;
}

/** The job's status (interviews run only for `active` jobs), or null when there is no such job. */
export async function jobStatus(db: Db, jobId: string): Promise<string | null> {
  const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  return row?.status ?? null;
}

/** What the interviewer plans from: the job and the candidate's profile. */
/** What the recognizer is taught for an active job (its title, description, skills, questions); else null. */
export async function activeJobRecognitionText(db: Db, jobId: string): Promise<JobText | null> {
  const [text] = await activeJobRecognitionTexts(db, jobId);
  return text ?? null;
}

/** The recognition texts of every active job (or of the one job `jobId`, when it is active), oldest first. */
export async function activeJobRecognitionTexts(db: Db, jobId?: string): Promise<JobText[]> {
  const active = eq(jobs.status, 'active');
  return db
    .select({
      title: jobs.title,
      description: jobs.description,
      skills: jobs.skills,
      customQuestions: jobs.customQuestions,
    })
    .from(jobs)
    .where(jobId ? and(active, eq(jobs.id, jobId)) : active)
    .orderBy(asc(jobs.createdAt));
}

export async function loadPlanInput(
  db: Db,
  jobId: string | null,
  candidateId: string,
  fallbackName: string,
): Promise<PlanInput> {
  const [job] = jobId ? await db.select().from(jobs).where(eq(jobs.id, jobId)).limit(1) : [];
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, candidateId)).limit(1);
  const [profile] = await db
    .select({ position: profiles.position, skills: profiles.skills, expertise: profiles.expertise })
    .from(profiles)
    .where(eq(profiles.userId, candidateId))
    .limit(1);
  return {
    job: job
      ? {
          title: job.title,
          description: job.description,
          positionType: job.positionType,
          interviewType: job.interviewType,
          skills: job.skills,
          customQuestions: job.customQuestions,
        }
      : null,
    candidate: {
      name: user?.name?.trim() || fallbackName,
      position: profile?.position ?? null,
      skills: profile?.skills ?? [],
      expertise: profile?.expertise ?? [],
    },
  };
}

/**
 * Marks interviews as held by a live session at `at` (decision 0225): the sweep ends an
 * `in_progress` interview only once nobody has held it for INTERVIEW_ABANDON_MINUTES.
 */
export async function touchInterviews(db: Db, interviewIds: string[], at: Date): Promise<void> {
  if (!interviewIds.length) return;
  await db
    .update(interviews)
    .set({ lastActiveAt: at })
    .where(and(inArray(interviews.id, interviewIds), eq(interviews.status, 'in_progress')));
}
