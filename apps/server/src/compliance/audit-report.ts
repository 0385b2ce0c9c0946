/**
 * The bias-audit report from counts (decisions 0191, 0222): rates and ratios per group, with the groups that
 * could single someone out hidden. Pure, so a summary published before the rule is shown under it too.
 */
import {
  RACE_ETHNICITY_CATEGORIES,
  SEX_CATEGORIES,
  type BiasAudit,
  type ScoringGroup,
  type SelectionGroup,
} from '@app/shared';
import { EXCLUSION_SHARE, groupRows, type Cell, type GroupRow, type Suppressed } from './audit-math';
import { DIMENSIONS, hiddenGroups, hideAll, type Dimension, type Hidden, type TableSizes } from './audit-suppression';

export const SEXES = SEX_CATEGORIES.filter((c) => c !== 'decline');
export const RACES = RACE_ETHNICITY_CATEGORIES.filter((c) => c !== 'decline');
export const INTERSECTIONS = SEXES.flatMap((s) => RACES.map((r) => `${s}|${r}`));
export const CATEGORIES: Record<Dimension, readonly string[]> = {
  sex: SEXES,
  race_ethnicity: RACES,
  intersectional: INTERSECTIONS,
};

export type Tables = Record<Dimension, Map<string, Cell>>;
export type AuditCounts = Pick<
  BiasAudit,
  'generated_at' | 'job_id' | 'from' | 'to' | 'sample_size' | 'unknown_count' | 'unknown' | 'median_score' | 'decided'
> & { scoring: Tables; selection: Tables };

/** The settings the report is shown under (BIAS_AUDIT_MIN_CELL, BIAS_AUDIT_MIN_SAMPLE). */
export type AuditRule = { minCell: number; minSample: number };

const sizesOf = (t: Tables): TableSizes => ({
  sex: new Map([...t.sex].map(([g, c]) => [g, c.n])),
  race_ethnicity: new Map([...t.race_ethnicity].map(([g, c]) => [g, c.n])),
  intersectional: new Map([...t.intersectional].map(([g, c]) => [g, c.n])),
});

/**
 * Which groups each table hides. `withheld`: all of them. The selection tables count the decided among the
 * scoring tables' people, so a group shown in both would tell how many of it are still undecided: where
 * that is 1 to `minCell - 1`, the selection table hides the group.
 */
function hiddenOf(counts: AuditCounts, rule: AuditRule, withheld: boolean): { scoring: Hidden; selection: Hidden } {
  const scoringSizes = sizesOf(counts.scoring);
  const selectionSizes = sizesOf(counts.selection);
  if (withheld) return { scoring: hideAll(scoringSizes), selection: hideAll(selectionSizes) };
  const scoring = hiddenGroups(scoringSizes, rule.minCell);
  const undecidedFew = (d: Dimension) =>
    [...scoringSizes[d]]
      .filter(([g, n]) => {
        const gap = n - (selectionSizes[d].get(g) ?? 0);
        return !scoring[d].has(g) && gap > 0 && gap < rule.minCell;
      })
      .map(([g]) => g);
  const selection = hiddenGroups(selectionSizes, rule.minCell, {
    sex: undecidedFew('sex'),
    race_ethnicity: undecidedFew('race_ethnicity'),
    intersectional: undecidedFew('intersectional'),
  });
  return { scoring, selection };
}

const asScoring = (rows: GroupRow[]): ScoringGroup[] => rows.map(({ rate, ...r }) => ({ ...r, scoring_rate: rate }));
const asSelection = (rows: GroupRow[]): SelectionGroup[] =>
  rows.map(({ rate, ...r }) => ({ ...r, selection_rate: rate }));

export function buildReport(counts: AuditCounts, rule: AuditRule, withheld: string | null): BiasAudit {
  const hidden = hiddenOf(counts, rule, withheld !== null);
  const why = (t: Tables, h: Hidden, d: Dimension) =>
    new Map(
      [...h[d]].map((g): [string, Suppressed] => [
        g,
        withheld !== null ? 'withheld' : (t[d].get(g)?.n ?? 0) < rule.minCell ? 'small' : 'complementary',
      ]),
    );
  const table = (t: Tables, h: Hidden, total: number) =>
    Object.fromEntries(DIMENSIONS.map((d) => [d, groupRows(t[d], total, why(t, h, d))])) as Record<
      Dimension,
      GroupRow[]
    >;
  const scoring = table(counts.scoring, hidden.scoring, counts.sample_size);
  const selection = table(counts.selection, hidden.selection, counts.decided);
  const { scoring: _s, selection: _d, ...facts } = counts;
  return {
    ...facts,
    scoring: {
      sex: asScoring(scoring.sex),
      race_ethnicity: asScoring(scoring.race_ethnicity),
      intersectional: asScoring(scoring.intersectional),
    },
    selection: {
      sex: asSelection(selection.sex),
      race_ethnicity: asSelection(selection.race_ethnicity),
      intersectional: asSelection(selection.intersectional),
    },
    notes: auditNotes(scoring, selection, rule),
    suppression: { min_cell: rule.minCell, min_sample: rule.minSample, withheld },
  };
}

function auditNotes(
  scoring: Record<string, GroupRow[]>,
  selection: Record<string, GroupRow[]>,
  rule: AuditRule,
): string[] {
  const excludedOf = (t: Record<string, GroupRow[]>) =>
    Object.values(t)
      .flat()
      .filter((r) => r.excluded && !r.suppressed && r.n)
      .map((r) => `${r.group} (n=${r.n})`);
  const notes = [
    'Data: historical results of this product\'s AI assessment (assessment status "scored"); one row per assessed interview.',
    "Scoring rate: the share of a group scoring above the median overall score of the full sample (the mean of the criteria scored, the work sample's included where the interview had one). Selection rate: the share of decided candidates approved.",
    'Candidates who did not self-identify, or declined, are counted as unknown and left out of the group rates.',
    "Significance: two-sided Fisher's exact test of each group against the highest-rate group, at p < 0.05. A ratio below 0.8 that is not significant is not a finding: the sample is too small to tell.",
    `So that no one can be singled out, a group of fewer than ${rule.minCell} people (or none) shows no number, rate or ratio, and neither does a group that a total would give away with it; they are left out of the impact ratios.`,
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

/** The counts back from a report published before decision 0222 (every group's n and rate were stored). */
export function countsOfLegacyReport(report: BiasAudit): AuditCounts {
  type StoredRow = { group: string; n: number | null; scoring_rate?: number | null; selection_rate?: number | null };
  const tables = (stored: Record<Dimension, StoredRow[]>): Tables =>
    Object.fromEntries(
      DIMENSIONS.map((d) => {
        const byGroup = new Map((stored[d] ?? []).map((r) => [r.group, r]));
        const cells = CATEGORIES[d].map((g): [string, Cell] => {
          const r = byGroup.get(g);
          const n = r?.n ?? 0;
          const rate = r?.scoring_rate ?? r?.selection_rate ?? 0;
          return [g, { n, successes: Math.round(rate * n) }];
        });
        return [d, new Map(cells)];
      }),
    ) as Tables;
  const { scoring, selection, notes: _n, suppression: _s, ...facts } = report;
  return { ...facts, scoring: tables(scoring), selection: tables(selection) };
}

/** Why a view of `size` people shows no group, or null (decision 0222). */
export function floorReason(size: number, rule: AuditRule): string | null {
  return size < rule.minSample
    ? `Only ${size} AI-scored ${size === 1 ? 'person is' : 'people are'} in this view, fewer than ${rule.minSample}: no group is shown, so that no one can be singled out.`
    : null;
}
