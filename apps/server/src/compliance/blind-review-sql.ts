/**
 * Blind review's sample (blind-review.ts, decision 0195) as SQL, for queries that must leave a still
 * blind interview's assessment out without reading every interview into the server (talent search,
 * issue 43 item 11; decision 0223).
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the interview `id` is in the blind sample of a job with `share`, exactly as inBlindSample:
 * the first 32 bits of sha256(id) against share × 2³² (both sides exact in float8). The share goes
 * through text as the driver reads a `real` ("0.3", not 0.30000001…), so no interview at the edge
 * of the sample is judged one way here and the other way in the review screens.
 */
export const inBlindSampleSql = (id: SQL, share: SQL): SQL =>
  sql`(${share} > 0 AND ('x' || left(encode(sha256(convert_to(${id}::text, 'UTF8')), 'hex'), 8))::bit(32)::bigint
        < ${share}::text::float8 * 4294967296)`;

/** assessmentHidden in SQL: in the sample and not yet scored by its reviewer (`scored`: a boolean). */
export const blindHiddenSql = (id: SQL, share: SQL, scored: SQL): SQL =>
  sql`(${inBlindSampleSql(id, share)} AND NOT ${scored})`;

/**
 * The best overall score of a candidate's interviews that anyone may see: a blind interview not yet
 * scored by its reviewer counts as if it had no score (its value and its band stay hidden).
 */
export const visibleBestScoreSql = (candidateId: SQL): SQL =>
  sql`(SELECT max((i.assessment ->> 'overall_score')::real)
         FROM interviews i LEFT JOIN jobs j ON j.id = i.job_id
        WHERE i.candidate_id = ${candidateId} AND jsonb_typeof(i.assessment -> 'overall_score') = 'number'
          AND NOT ${blindHiddenSql(
            sql`i.id`,
            sql`coalesce(j.blind_review_share, 0)`,
            sql`EXISTS (SELECT 1 FROM human_scores h WHERE h.interview_id = i.id)`,
          )})`;

/**
 * blindHiddenSql for a row that names the interview and its job (talent search's work sample,
 * issue 46): the job's share and the reviewer's scores are looked up.
 */
export const interviewBlindHiddenSql = (interviewId: SQL, jobId: SQL): SQL =>
  blindHiddenSql(
    interviewId,
    sql`coalesce((SELECT j.blind_review_share FROM jobs j WHERE j.id = ${jobId}), 0)`,
    sql`EXISTS (SELECT 1 FROM human_scores h WHERE h.interview_id = ${interviewId})`,
  );
