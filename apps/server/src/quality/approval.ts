/**
 * Automatic approval (issue 26, decision 0157), run in the submit transaction. Once every task of an
 * item rated by two or more raters is submitted, each submission within one point of the item's gold
 * (on gold items only gold decides) or, without gold, of its consensus is approved. Until then a gold
 * item looks to its raters exactly like any other (decision 0170): nothing is approved earlier, so a
 * rater cannot tell gold items or learn their answers from what their submit returns. An item rated
 * by one rater is never approved automatically, gold or not: the rest waits for a hand review.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CONSENSUS_RECORD_MIN_ITEMS } from '@app/shared';
import { annotationItems, annotationTasks } from '../db/schema';
import type { Executor } from '../db/types';
import { settleTaskEarnings } from '../money';
import { consensusWeights, raterStats, summarizeItem } from './consensus';
import { applyPauseRule } from './raters';
import { loadJobRatings, SUBMITTED } from './ratings';

/** Within this many points of gold or of the consensus, a submission is approved automatically. */
export const AUTO_APPROVE_WITHIN = 1;

type Submitted = { id: string; jobId: string; itemId: string; assigneeId: string; rating: number };

export async function afterSubmission(tx: Executor, task: Submitted): Promise<void> {
  // The item's row lock orders the submissions of one item, so exactly one sees the item complete.
  const [item] = await tx
    .select({ gold: annotationItems.goldRating })
    .from(annotationItems)
    .where(eq(annotationItems.id, task.itemId))
    .for('update');
  if (!item) return;
  if (item.gold !== null) await applyPauseRule(tx, task.jobId, task.assigneeId);
  const tasks = await tx
    .select({
      id: annotationTasks.id,
      status: annotationTasks.status,
      raterId: annotationTasks.assigneeId,
      rating: annotationTasks.qualityRating,
    })
    .from(annotationTasks)
    .where(eq(annotationTasks.itemId, task.itemId));
  const complete = tasks.every((t) => (SUBMITTED as readonly string[]).includes(t.status));
  if (tasks.length < 2 || !complete) return;
  const reference = item.gold ?? (await itemConsensus(tx, task.jobId, tasks));
  if (reference === null) return;
  const near = tasks.filter((t) => t.status === 'completed' && Math.abs(t.rating! - reference) <= AUTO_APPROVE_WITHIN);
  await approveAutomatically(
    tx,
    near.map((t) => t.id),
  );
}

/** The consensus of a complete item without gold (decision 0156). */
async function itemConsensus(
  tx: Executor,
  jobId: string,
  tasks: { raterId: string | null; rating: number | null }[],
): Promise<number | null> {
  const ratings = tasks.map((t) => ({ raterId: t.raterId!, rating: t.rating! }));
  const weights = await itemWeights(
    tx,
    jobId,
    ratings.map((r) => r.raterId),
  );
  return summarizeItem(ratings, weights).consensus;
}

/** The reliability weights, when every rater of the item has a record; otherwise the plain median is used. */
async function itemWeights(tx: Executor, jobId: string, raterIds: string[]) {
  const counts = await tx
    .select({ raterId: annotationTasks.assigneeId, id: annotationTasks.id })
    .from(annotationTasks)
    .where(
      and(
        eq(annotationTasks.jobId, jobId),
        inArray(annotationTasks.assigneeId, raterIds),
        inArray(annotationTasks.status, [...SUBMITTED]),
      ),
    );
  const rated = new Map<string, number>();
  for (const c of counts) rated.set(c.raterId!, (rated.get(c.raterId!) ?? 0) + 1);
  if (raterIds.some((r) => (rated.get(r) ?? 0) < CONSENSUS_RECORD_MIN_ITEMS)) return undefined;
  return consensusWeights(raterStats(await loadJobRatings(tx, jobId)));
}

/** completed → reviewed (approved, automatically); their earnings become available. */
export async function approveAutomatically(tx: Executor, taskIds: string[]): Promise<void> {
  if (!taskIds.length) return;
  const approved = await tx
    .update(annotationTasks)
    .set({ status: 'reviewed', reviewApproved: true, autoApproved: true, reviewedAt: new Date() })
    .where(and(inArray(annotationTasks.id, taskIds), eq(annotationTasks.status, 'completed')))
    .returning({ id: annotationTasks.id });
  await settleTaskEarnings(
    tx,
    approved.map((t) => t.id),
    true,
  );
}
