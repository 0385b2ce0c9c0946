/**
 * The work-sample figure talent search shows and filters on (issue 46): the sample of the
 * candidate's latest finished interview that has one, as the search row keeps it (drizzle/0023).
 * Like the score (decision 0223), a still-blind interview's sample neither shows nor filters: then
 * the latest sample that is not blind counts, read through talent_sample_interviews (the same
 * order the row was kept by). The fallback runs only for rows whose kept sample is blind.
 */
import { sql, type SQL } from 'drizzle-orm';
import { interviewBlindHiddenSql } from '../compliance';

type Figure = 'distance' | 'items';
const STORED: Record<Figure, SQL> = {
  distance: sql`cs.work_sample_distance`,
  items: sql`cs.work_sample_items`,
};

/** The visible `figure` of the search row `cs` (null without a visible sample). */
export const visibleWorkSampleSql = (figure: Figure): SQL => {
  const keptHidden = sql`EXISTS (SELECT 1 FROM interviews wi
                                  WHERE wi.id = cs.work_sample_interview_id
                                    AND ${interviewBlindHiddenSql(sql`wi.id`, sql`wi.job_id`)})`;
  const latestVisible = sql`(SELECT s.${sql.raw(figure)} FROM talent_sample_interviews(cs.user_id) s
                              WHERE NOT ${interviewBlindHiddenSql(sql`s.interview_id`, sql`s.job_id`)}
                              ORDER BY s.n LIMIT 1)`;
  return sql`(CASE WHEN cs.work_sample_interview_id IS NULL THEN NULL
                   WHEN NOT ${keptHidden} THEN ${STORED[figure]}
                   ELSE ${latestVisible} END)`;
};
