/** The quality report of a job (GET /api/admin/jobs/{id}/quality, issue 26). */
import { and, eq, sql } from 'drizzle-orm';
import type { QualityReport } from '@app/shared';
import { annotationItems, annotationTasks, jobs } from '../db/schema';
import type { Executor } from '../db/types';
import { notFound } from '../http/http-errors';
import { byItem, raterStats } from './consensus';
import { krippendorffAlpha } from './krippendorff';
import { jobRaterIds, raterRows } from './raters';
import { loadJobRatings, unassignedTasksOf } from './ratings';
import { SPREAD_LIMIT } from './consensus';
import { roundOrNull } from '../lib/round';
import { workSamplePrediction } from './prediction';

export async function qualityReport(db: Executor, jobId: string): Promise<QualityReport> {
  const [job] = await db
    .select({ limit: jobs.pauseGoldErrorAbove, min: jobs.pauseMinGoldItems })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) throw notFound('Job not found');
  const [ratings, [items], waiting, [unassigned], raterIds, prediction] = await Promise.all([
    loadJobRatings(db, jobId),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(annotationItems)
      // The paid items only: the work-sample and example pools are never rated by raters (issue 46).
      .where(and(eq(annotationItems.jobId, jobId), eq(annotationItems.pool, 'paid'))),
    db
      .selectDistinct({ itemId: annotationTasks.itemId })
      .from(annotationTasks)
      .where(and(eq(annotationTasks.jobId, jobId), eq(annotationTasks.status, 'completed'))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(annotationTasks)
      .where(unassignedTasksOf(jobId)),
    jobRaterIds(db, jobId),
    workSamplePrediction(db, jobId),
  ]);

  // Items needing review are the queue's items it flags (ratings more than a point apart), so the
  // figure matches what the queue shows, not items already reviewed (issue 34).
  const inQueue = new Set(waiting.map((w) => w.itemId));
  const units: number[][] = [];
  let needingReview = 0;
  for (const [itemId, list] of byItem(ratings)) {
    if (list.length < 2) continue;
    const values = list.map((r) => r.rating);
    units.push(values);
    if (inQueue.has(itemId) && Math.max(...values) - Math.min(...values) > SPREAD_LIMIT) needingReview++;
  }
  const alpha = krippendorffAlpha(units, 'interval');
  return {
    krippendorff_alpha: roundOrNull(alpha, 3),
    items_total: Number(items?.n ?? 0),
    items_compared: units.length,
    items_needing_review: needingReview,
    review_queue_count: inQueue.size,
    unassigned_tasks: Number(unassigned?.n ?? 0),
    settings: { pause_gold_error_above: job.limit, pause_min_gold_items: job.min },
    raters: await raterRows(db, jobId, raterIds, raterStats(ratings)),
    work_sample_prediction: prediction,
  };
}
