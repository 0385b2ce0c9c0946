/**
 * Meaningful human review (issue 35, item 6): a decision against the AI's recommendation needs the
 * reviewer's reason, and a blind interview is decided only after its reviewer scored it. The reason is
 * internal: it goes to the decision log, never to the candidate (issue 43, decision 0226).
 */
import type { Assessment, Recommendation } from '@app/shared';
import type { Executor } from '../db/types';
import { conflict, unprocessable } from '../http/http-errors';
import { appendDecisionLog } from './decision-log';
import { assessmentHidden, blindState, interviewUnderReview } from './blind-review';

export type Decision = 'approved' | 'rejected';

/** Approving what the AI said not to advance, or rejecting what it said to advance. */
export const isOverride = (decision: Decision, recommendation: Recommendation | null | undefined) =>
  (decision === 'approved' && recommendation === 'do_not_advance') ||
  (decision === 'rejected' && recommendation === 'advance');

export const overrideReasonRequired = (recommendation: Recommendation) =>
  `This decision goes against the AI's recommendation (${recommendation === 'advance' ? 'advance' : 'do not advance'}); give the internal reason why (it is not sent to the candidate).`;
export const SCORE_BLIND_FIRST =
  'This interview is in the blind review sample: post your own rubric scores before deciding.';

/**
 * Checks a decision before it is stored and returns what the log needs. Missing interviews fall
 * through: the caller's update answers 404 or 409 as before.
 */
export async function checkDecision(tx: Executor, id: string, decision: Decision, reason: string | null) {
  const row = await interviewUnderReview(tx, id);
  if (!row) return null;
  if (assessmentHidden(await blindState(tx, id, row.share))) throw conflict(SCORE_BLIND_FIRST);
  const recommendation = (row.assessment as Assessment | null)?.recommendation ?? null;
  const override = isOverride(decision, recommendation);
  if (override && !reason) throw unprocessable(overrideReasonRequired(recommendation!));
  return { jobId: row.jobId, recommendation, override };
}

/** The decision (and, when it departs from the AI, the override) in the append-only log, with the internal reason. */
export async function logDecision(
  tx: Executor,
  id: string,
  checked: NonNullable<Awaited<ReturnType<typeof checkDecision>>>,
  decision: Decision,
  texts: { note: string | null; reason: string | null },
  adminId: string,
  via: 'review' | 'appeal' = 'review',
) {
  const details = { decision, note: texts.note, reason: texts.reason, recommendation: checked.recommendation, via };
  await appendDecisionLog(tx, { kind: 'decision', interviewId: id, jobId: checked.jobId, actorId: adminId, details });
  if (checked.override) {
    await appendDecisionLog(tx, { kind: 'override', interviewId: id, jobId: checked.jobId, actorId: adminId, details });
  }
}
