/**
 * "Does it predict?" (issue 46): for the job's accepted raters, how their interview's work sample
 * (mean distance from gold) lines up with their first paid work (mean distance from gold of their
 * first PREDICTION_PAID_ITEMS submitted gold items), as a Pearson correlation.
 */
import { sql } from 'drizzle-orm';
import { PREDICTION_MIN_PAID_ITEMS, PREDICTION_PAID_ITEMS, type QualityReport } from '@app/shared';
import type { Executor } from '../db/types';
import { rows } from '../db/raw-sql';
import { round } from '../lib/round';
import { SUBMITTED } from './ratings';

type Pair = { sample: number; paid: number };

/** Pearson's r; null with fewer than 3 pairs or when either side has no spread (r is undefined). */
export function pearson(pairs: Pair[]): number | null {
  const n = pairs.length;
  if (n < 3) return null;
  const mean = (f: (p: Pair) => number) => pairs.reduce((a, p) => a + f(p), 0) / n;
  const mx = mean((p) => p.sample);
  const my = mean((p) => p.paid);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const p of pairs) {
    sxy += (p.sample - mx) * (p.paid - my);
    sxx += (p.sample - mx) ** 2;
    syy += (p.paid - my) ** 2;
  }
  // Below rounding noise the spread is none: every rater scored the same on one side.
  if (sxx < 1e-9 || syy < 1e-9) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * One pair per rater: accepted on the job (interview approved and accepted, still a candidate), with
 * a rated work sample in that interview and at least PREDICTION_MIN_PAID_ITEMS paid gold items. The
 * sample's gold is the snapshot taken when it started, so a retired item still counts.
 */
export async function samplePairs(db: Executor, jobId: string): Promise<Pair[]> {
  return rows<Pair>(
    await db.execute(sql`
      WITH accepted AS (
        SELECT DISTINCT ON (i.candidate_id) i.candidate_id, i.id
          FROM interviews i JOIN users u ON u.id = i.candidate_id
         WHERE i.job_id = ${jobId} AND i.status = 'approved' AND i.acceptance_status = 'accepted'
           AND u.role = 'candidate'
         ORDER BY i.candidate_id, i.decided_at DESC NULLS LAST
      ), sample AS (
        SELECT a.candidate_id, avg(abs(w.rating - w.gold_rating))::float8 AS distance
          FROM accepted a JOIN interview_work_items w ON w.interview_id = a.id AND w.rating IS NOT NULL
         GROUP BY a.candidate_id
      ), paid AS (
        SELECT t.assignee_id, abs(t.quality_rating - it.gold_rating) AS distance,
               row_number() OVER (PARTITION BY t.assignee_id ORDER BY t.submitted_at, t.id) AS n
          FROM annotation_tasks t JOIN annotation_items it ON it.id = t.item_id
         WHERE t.job_id = ${jobId} AND it.pool = 'paid' AND it.gold_rating IS NOT NULL
           AND t.status IN (${sql.join(
             SUBMITTED.map((s) => sql`${s}`),
             sql`, `,
           )}) AND t.quality_rating IS NOT NULL
           AND t.assignee_id IN (SELECT candidate_id FROM sample)
      )
      SELECT s.distance AS sample, avg(p.distance)::float8 AS paid
        FROM sample s JOIN paid p ON p.assignee_id = s.candidate_id AND p.n <= ${PREDICTION_PAID_ITEMS}
       GROUP BY s.candidate_id, s.distance
      HAVING count(*) >= ${PREDICTION_MIN_PAID_ITEMS}`),
  ).map((r) => ({ sample: Number(r.sample), paid: Number(r.paid) }));
}

export async function workSamplePrediction(
  db: Executor,
  jobId: string,
): Promise<QualityReport['work_sample_prediction']> {
  const pairs = await samplePairs(db, jobId);
  const r = pearson(pairs);
  return { r: r === null ? null : round(r, 2), n: pairs.length };
}
