/** The quality report of a job (GET /api/admin/jobs/{id}/quality, issue 26). */
import { and, countDistinct, eq, sql } from 'drizzle-orm';
import type { QualityReport } from '@app/shared';
import { annotationItems, annotationTasks, jobs } from '../../db/schema';
import type { Executor } from '../../db/types';
import { notFound } from '../../lib/http-errors';
import { byItem, raterStats } from './consensus';
import { krippendorffAlpha } from './krippendorff';
import { jobRaterIds, raterRows } from './raters';
import { loadJobRatings, unassignedTasksOf } from './ratings';
import { SPREAD_LIMIT } from './consensus';
import { roundOrNull } from '../../lib/round';

export async function qualityReport(db: Executor, jobId: string): Promise<QualityReport> {
  const [job] = await db
    .select({ limit: jobs.pauseGoldErrorAbove, min: jobs.pauseMinGoldItems })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) throw notFound('Job not found');
  const [ratings, [items], [queue], [unassigned], raterIds] = await Promise.all([
    loadJobRatings(db, jobId),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(annotationItems)
      .where(eq(annotationItems.jobId, jobId)),
    db
      .select({ n: countDistinct(annotationTasks.itemId) })
      .from(annotationTasks)
      .where(and(eq(annotationTasks.jobId, jobId), eq(annotationTasks.status, 'completed'))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(annotationTasks)
      .where(unassignedTasksOf(jobId)),
    jobRaterIds(db, jobId),
  ]);

  const units: number[][] = [];
  let needingReview = 0;
  for (const list of byItem(ratings).values()) {
    if (list.length < 2) continue;
    const values = list.map((r) => r.rating);
    units.push(values);
    if (Math.max(...values) - Math.min(...values) > SPREAD_LIMIT) needingReview++;
  }
  const alpha = krippendorffAlpha(units, 'interval');
  return {
    krippendorff_alpha: roundOrNull(alpha, 3),
    items_total: Number(items?.n ?? 0),
    items_compared: units.length,
    items_needing_review: needingReview,
    review_queue_count: Number(queue?.n ?? 0),
    unassigned_tasks: Number(unassigned?.n ?? 0),
    settings: { pause_gold_error_above: job.limit, pause_min_gold_items: job.min },
    raters: await raterRows(db, jobId, raterIds, raterStats(ratings)),
  };
}
