/**
 * GET /api/admin/oversight (issue 35, item 6; decision 0195): how often reviewers depart from the
 * AI's recommendation, and how well the AI agrees with blind human scores per criterion
 * (Krippendorff's alpha from quality/krippendorff.ts, interval metric, one unit per interview).
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  RUBRIC_CRITERIA,
  WORK_SAMPLE_CRITERION,
  type Assessment,
  type HumanScore,
  type OversightReport,
} from '@app/shared';
import type { Db } from '../db/client';
import { interviews } from '../db/schema';
import { humanScores } from '../db/schema-ai-hiring';
import { krippendorffAlpha } from '../quality';
import { isOverride } from './override';

/** Rubber-stamping: this many decisions or more and not one override. */
export const RUBBER_STAMP_MIN_DECISIONS = 20;
/** Agreement below Krippendorff's tentative threshold, once this many pairs exist. */
export const AGREEMENT_MIN_ALPHA = 0.667;
export const AGREEMENT_MIN_PAIRS = 5;
/** The newest blind reviews compared with the earlier ones: a fall of more than this is a drop. */
export const AGREEMENT_RECENT = 10;
export const AGREEMENT_MAX_FALL = 0.2;

const round = (x: number, places = 3) => Math.round(x * 10 ** places) / 10 ** places;

export async function oversightReport(db: Db, jobId?: string): Promise<OversightReport> {
  const inJob = jobId ? eq(interviews.jobId, jobId) : undefined;
  const decidedRows = await db
    .select({
      status: interviews.status,
      recommendation: sql<string | null>`${interviews.assessment}->>'recommendation'`,
    })
    .from(interviews)
    .where(
      and(
        inJob,
        inArray(interviews.status, ['approved', 'rejected']),
        sql`${interviews.assessment}->>'recommendation' is not null`,
      ),
    );
  const decided = decidedRows.length;
  const overrides = decidedRows.filter((r) =>
    isOverride(r.status as 'approved' | 'rejected', r.recommendation as Assessment['recommendation']),
  ).length;

  const blindRows = await db
    .select({ scores: humanScores.scores, assessment: interviews.assessment })
    .from(humanScores)
    .innerJoin(interviews, eq(interviews.id, humanScores.interviewId))
    .where(and(inJob, isNotNull(interviews.assessment)))
    .orderBy(asc(humanScores.createdAt));
  const pairsOf = (rows: typeof blindRows, key: string) =>
    rows.flatMap((r) => {
      const human = (r.scores as HumanScore[]).find((s) => s.criterion === key)?.score;
      const ai = (r.assessment as Assessment).criteria?.find((c) => c.key === key)?.score;
      return human !== undefined && ai !== undefined ? [[human, ai] as [number, number]] : [];
    });
  const alerts: OversightReport['alerts'] = [];
  // The work sample's criterion (issue 46) is optional for the reviewer: its row shows once a blind review
  // scored it beside the AI, so a product without work samples keeps its four rows.
  const criteria = [
    ...RUBRIC_CRITERIA,
    ...(pairsOf(blindRows, WORK_SAMPLE_CRITERION.key).length ? [WORK_SAMPLE_CRITERION] : []),
  ];
  const agreement = criteria.map((c) => {
    const pairs = pairsOf(blindRows, c.key);
    const alpha = krippendorffAlpha(pairs, 'interval');
    const mad = pairs.length ? pairs.reduce((s, [h, a]) => s + Math.abs(h - a), 0) / pairs.length : null;
    if (pairs.length >= AGREEMENT_MIN_PAIRS && alpha !== null && alpha < AGREEMENT_MIN_ALPHA) {
      alerts.push({
        kind: 'agreement_drop',
        message: `${c.label}: the AI agrees with blind human scores at alpha ${round(alpha, 2)}, below ${AGREEMENT_MIN_ALPHA}.`,
      });
    } else if (pairs.length >= 2 * AGREEMENT_RECENT) {
      const before = krippendorffAlpha(pairs.slice(0, -AGREEMENT_RECENT), 'interval');
      const recent = krippendorffAlpha(pairs.slice(-AGREEMENT_RECENT), 'interval');
      if (before !== null && recent !== null && before - recent > AGREEMENT_MAX_FALL) {
        alerts.push({
          kind: 'agreement_drop',
          message: `${c.label}: agreement fell from alpha ${round(before, 2)} to ${round(recent, 2)} over the last ${AGREEMENT_RECENT} blind reviews.`,
        });
      }
    }
    return {
      criterion: c.key,
      n: pairs.length,
      mean_abs_difference: mad === null ? null : round(mad),
      krippendorff_alpha: alpha === null ? null : round(alpha),
    };
  });
  if (decided >= RUBBER_STAMP_MIN_DECISIONS && overrides === 0) {
    alerts.unshift({
      kind: 'rubber_stamping',
      message: `No reviewer has departed from the AI's recommendation in ${decided} decisions. Check that each decision is a real review, not a confirmation.`,
    });
  }
  return {
    decided,
    overrides,
    override_rate: decided ? round(overrides / decided, 4) : null,
    blind: { reviewed: blindRows.length, agreement },
    alerts,
  };
}
