/**
 * The review queue of a job (issue 26): items with at least one submission waiting for a hand
 * review, oldest waiting submission first, each with every rating, note, the gold answer, the
 * consensus and each rater's record.
 */
import { and, asc, countDistinct, eq, inArray, min } from 'drizzle-orm';
import type { ReviewItem, ReviewQueue } from '@app/shared';
import { annotationItems, annotationTasks, jobs, users } from '../db/schema';
import type { Executor } from '../db/types';
import { notFound } from '../http/http-errors';
import { consensusWeights, raterStats, summarizeItem } from './consensus';
import { jobRaterIds, raterRows } from './raters';
import { loadJobRatings, reviewState, SUBMITTED } from './ratings';

export async function reviewQueue(db: Executor, jobId: string, limit: number): Promise<ReviewQueue> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound('Job not found');
  const waiting = and(eq(annotationTasks.jobId, jobId), eq(annotationTasks.status, 'completed'));
  const [[total], first] = await Promise.all([
    db
      .select({ n: countDistinct(annotationTasks.itemId) })
      .from(annotationTasks)
      .where(waiting),
    db
      .select({ itemId: annotationTasks.itemId, since: min(annotationTasks.submittedAt) })
      .from(annotationTasks)
      .where(waiting)
      .groupBy(annotationTasks.itemId)
      .orderBy(asc(min(annotationTasks.submittedAt)), asc(annotationTasks.itemId))
      .limit(limit),
  ]);
  if (!first.length) return { total: Number(total?.n ?? 0), items: [] };
  const itemIds = first.map((f) => f.itemId);

  const [tasks, golds, ratings] = await Promise.all([
    db
      .select({ task: annotationTasks, raterName: users.name, raterEmail: users.email })
      .from(annotationTasks)
      .leftJoin(users, eq(users.id, annotationTasks.assigneeId))
      .where(and(inArray(annotationTasks.itemId, itemIds), inArray(annotationTasks.status, [...SUBMITTED])))
      .orderBy(asc(annotationTasks.submittedAt), asc(annotationTasks.id)),
    db
      .select({ id: annotationItems.id, gold: annotationItems.goldRating })
      .from(annotationItems)
      .where(inArray(annotationItems.id, itemIds)),
    loadJobRatings(db, jobId),
  ]);
  const stats = raterStats(ratings);
  const weights = consensusWeights(stats);
  const records = new Map((await raterRows(db, jobId, await jobRaterIds(db, jobId), stats)).map((r) => [r.user_id, r]));
  const gold = new Map(golds.map((g) => [g.id, g.gold]));

  const items: ReviewItem[] = itemIds.map((itemId) => {
    const list = tasks.filter((t) => t.task.itemId === itemId);
    const head = list[0]!.task;
    const summary = summarizeItem(
      list.map((t) => ({ raterId: t.task.assigneeId!, rating: t.task.qualityRating! })),
      weights,
    );
    return {
      item_id: itemId,
      task_name: head.taskName,
      task_description: head.taskDescription,
      instructions: head.instructions,
      data_to_annotate: head.dataToAnnotate,
      gold: gold.get(itemId) ?? null,
      ...summary,
      ratings: list.map(({ task, raterName, raterEmail }) => {
        const record = records.get(task.assigneeId!);
        return {
          task_id: task.id,
          rater_id: task.assigneeId!,
          rater_name: raterName || raterEmail || '',
          rating: task.qualityRating!,
          notes: task.feedbackNotes ?? '',
          submitted_at: task.submittedAt!.toISOString(),
          review: reviewState(task),
          auto_approved: task.autoApproved,
          rater: {
            tasks_rated: record?.tasks_rated ?? 0,
            gold_rated: record?.gold_rated ?? 0,
            gold_mean_abs_error: record?.gold_mean_abs_error ?? null,
            bias: record?.bias ?? null,
            agreement: record?.agreement ?? null,
            status: record?.status ?? 'active',
          },
        };
      }),
    };
  });
  return { total: Number(total?.n ?? 0), items };
}
