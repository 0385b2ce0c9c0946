/**
 * Blind review (issue 35, item 6; decision 0195): for a job's `blind_review_share` of interviews the
 * reviewer scores the rubric before the AI's assessment is shown, guarding against automation bias
 * and measuring how well the AI agrees with people.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { INTERVIEW_DECIDABLE_STATUSES, type HumanScore } from '@app/shared';
import type { Db } from '../db/client';
import { humanScores } from '../db/schema-ai-hiring';
import type { Executor } from '../db/types';
import { conflict, notFound } from '../http/http-errors';
import { INTERVIEW_NOT_FOUND, interviewAndJob } from '../interview';
import { appendDecisionLog } from './decision-log';

/**
 * Whether an interview is in its job's blind sample: a fixed point in [0, 1) from its id, below the
 * share. Raising the share keeps every interview already in the sample and adds others.
 */
export function inBlindSample(interviewId: string, share: number): boolean {
  if (share <= 0) return false;
  const point = crypto.createHash('sha256').update(interviewId).digest().readUInt32BE(0) / 2 ** 32;
  return point < share;
}

export type BlindState = { blind: boolean; scores: HumanScore[] | null };

/** The interview a reviewer scores or decides, with its job's blind share (0 without a job); null when none. */
export async function interviewUnderReview(db: Executor, interviewId: string) {
  const row = await interviewAndJob(db, interviewId);
  if (!row) return null;
  const { status, assessment, jobId } = row.interview;
  return { status, assessment, jobId, share: row.job?.blindReviewShare ?? 0 };
}

export async function blindState(db: Executor, interviewId: string, share: number): Promise<BlindState> {
  const [row] = await db.select().from(humanScores).where(eq(humanScores.interviewId, interviewId)).limit(1);
  return { blind: inBlindSample(interviewId, share), scores: (row?.scores as HumanScore[] | undefined) ?? null };
}

/** The assessment is hidden while the interview is blind and its reviewer has not scored it yet. */
export const assessmentHidden = (s: BlindState) => s.blind && !s.scores;

export const NOT_BLIND = 'This interview is not in the blind review sample; its assessment is already shown.';
export const ALREADY_SCORED = 'Your scores for this interview are already recorded; they cannot be changed.';

/** Stores the reviewer's own scores once; the assessment is shown from then on. */
export async function postHumanScores(db: Db, interviewId: string, scores: HumanScore[], adminId: string) {
  const row = await interviewUnderReview(db, interviewId);
  if (!row) throw notFound(INTERVIEW_NOT_FOUND);
  if (!inBlindSample(interviewId, row.share)) throw conflict(NOT_BLIND);
  if (!(INTERVIEW_DECIDABLE_STATUSES as readonly string[]).includes(row.status)) {
    throw conflict(`Only a completed interview can be scored; this one is ${row.status.replace('_', ' ')}.`);
  }
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(humanScores)
      .values({ interviewId, scores, scoredBy: adminId })
      .onConflictDoNothing()
      .returning({ id: humanScores.interviewId });
    if (!inserted.length) throw conflict(ALREADY_SCORED);
    await appendDecisionLog(tx, {
      kind: 'human_scores',
      interviewId,
      jobId: row.jobId,
      actorId: adminId,
      details: { scores },
    });
  });
}
