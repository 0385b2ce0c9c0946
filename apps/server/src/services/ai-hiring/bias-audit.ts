/**
 * GET /api/admin/bias-audit: the LL144-style audit of the AI assessment (decision 0191). The sample is
 * every AI-scored interview (assessment status `scored`) in the window; self-identification is joined
 * here and only here, and only its aggregates leave this module.
 */
import { and, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  RACE_ETHNICITY_CATEGORIES,
  SEX_CATEGORIES,
  type BiasAudit,
  type ScoringGroup,
  type SelectionGroup,
} from '@app/shared';
import type { Db } from '../../db/client';
import { interviews } from '../../db/schema';
import { selfIdentifications } from '../../db/schema-ai-hiring';
import { EXCLUSION_SHARE, groupTable, median, type GroupRow, type Member } from './audit-math';

export type AuditFilter = { job_id?: string; from?: string; to?: string };

const SEXES = SEX_CATEGORIES.filter((c) => c !== 'decline');
const RACES = RACE_ETHNICITY_CATEGORIES.filter((c) => c !== 'decline');
const INTERSECTIONS = SEXES.flatMap((s) => RACES.map((r) => `${s}|${r}`));

/** The sample: AI-scored interviews of the window with the candidate's answer (null when none). */
async function loadSample(db: Db, filter: AuditFilter) {
  const where: SQL[] = [
    isNotNull(interviews.jobId),
    sql`${interviews.assessment}->>'status' = 'scored'`,
    sql`jsonb_typeof(${interviews.assessment}->'overall_score') = 'number'`,
  ];
  if (filter.job_id) where.push(eq(interviews.jobId, filter.job_id));
  // The window is on the assessment's date; `to` is inclusive (the whole day).
  if (filter.from) where.push(gte(interviews.assessedAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(interviews.assessedAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)));
  return db
    .select({
      score: sql<number>`(${interviews.assessment}->>'overall_score')::float8`,
      status: interviews.status,
      assessedAt: interviews.assessedAt,
      sex: selfIdentifications.sex,
      race: selfIdentifications.raceEthnicity,
    })
    .from(interviews)
    .leftJoin(selfIdentifications, eq(selfIdentifications.userId, interviews.candidateId))
    .where(and(...where));
}

const known = (value: string | null) => (value && value !== 'decline' ? value : null);

const asScoring = (rows: GroupRow[]): ScoringGroup[] => rows.map(({ rate, ...r }) => ({ ...r, scoring_rate: rate }));
const asSelection = (rows: GroupRow[]): SelectionGroup[] =>
  rows.map(({ rate, ...r }) => ({ ...r, selection_rate: rate }));

/** The audit report, plus the first assessment date in the data (the "distribution date"). */
export async function computeBiasAudit(
  db: Db,
  filter: AuditFilter,
  now = new Date(),
): Promise<{ audit: BiasAudit; firstUse: Date | null }> {
  const rows = await loadSample(db, filter);
  const scores = rows.map((r) => Number(r.score));
  const mid = median(scores);
  const groupsOf = (r: (typeof rows)[number]) => {
    const sex = known(r.sex);
    const race = known(r.race);
    return { sex, race_ethnicity: race, intersectional: sex && race ? `${sex}|${race}` : null };
  };
  // LL144 scoring rate: above the median of the full sample (unknowns included in the median).
  const scoring: Member[] = rows.map((r) => ({ groups: groupsOf(r), success: mid !== null && Number(r.score) > mid }));
  const decidedRows = rows.filter((r) => r.status === 'approved' || r.status === 'rejected');
  const selection: Member[] = decidedRows.map((r) => ({ groups: groupsOf(r), success: r.status === 'approved' }));

  const tables = (members: Member[], total: number) => ({
    sex: groupTable(members, 'sex', SEXES, total),
    race_ethnicity: groupTable(members, 'race_ethnicity', RACES, total),
    intersectional: groupTable(members, 'intersectional', INTERSECTIONS, total),
  });
  const scoringTables = tables(scoring, rows.length);
  const selectionTables = tables(selection, decidedRows.length);

  const unknownSex = scoring.filter((m) => !m.groups.sex).length;
  const unknownRace = scoring.filter((m) => !m.groups.race_ethnicity).length;
  const audit: BiasAudit = {
    generated_at: now.toISOString(),
    job_id: filter.job_id ?? null,
    from: filter.from ?? null,
    to: filter.to ?? null,
    sample_size: rows.length,
    unknown_count: scoring.filter((m) => !m.groups.intersectional).length,
    unknown: { sex: unknownSex, race_ethnicity: unknownRace },
    median_score: mid,
    decided: decidedRows.length,
    scoring: {
      sex: asScoring(scoringTables.sex),
      race_ethnicity: asScoring(scoringTables.race_ethnicity),
      intersectional: asScoring(scoringTables.intersectional),
    },
    selection: {
      sex: asSelection(selectionTables.sex),
      race_ethnicity: asSelection(selectionTables.race_ethnicity),
      intersectional: asSelection(selectionTables.intersectional),
    },
    notes: auditNotes(scoringTables, selectionTables),
  };
  const firstUse = rows.reduce<Date | null>(
    (min, r) => (r.assessedAt && (!min || r.assessedAt < min) ? r.assessedAt : min),
    null,
  );
  return { audit, firstUse };
}

function auditNotes(scoring: Record<string, GroupRow[]>, selection: Record<string, GroupRow[]>): string[] {
  const excludedOf = (t: Record<string, GroupRow[]>) =>
    Object.values(t)
      .flat()
      .filter((r) => r.excluded && r.n > 0)
      .map((r) => `${r.group} (n=${r.n})`);
  const notes = [
    'Data: historical results of this product\'s AI assessment (assessment status "scored"); one row per assessed interview.',
    'Scoring rate: the share of a group scoring above the median overall score of the full sample. Selection rate: the share of decided candidates approved.',
    'Candidates who did not self-identify, or declined, are counted as unknown and left out of the group rates.',
    "Significance: two-sided Fisher's exact test of each group against the highest-rate group, at p < 0.05. A ratio below 0.8 that is not significant is not a finding: the sample is too small to tell.",
  ];
  const excludedScoring = excludedOf(scoring);
  const excludedSelection = excludedOf(selection);
  const share = `${EXCLUSION_SHARE * 100} %`;
  if (excludedScoring.length)
    notes.push(`Excluded from scoring impact ratios as under ${share} of the sample: ${excludedScoring.join(', ')}.`);
  if (excludedSelection.length)
    notes.push(
      `Excluded from selection impact ratios as under ${share} of decided candidates: ${excludedSelection.join(', ')}.`,
    );
  return notes;
}
