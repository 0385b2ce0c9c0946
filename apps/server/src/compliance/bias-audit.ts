/**
 * GET /api/admin/bias-audit: the LL144-style audit of the AI assessment (decisions 0191, 0222). The sample is
 * every AI-scored interview (assessment status `scored`) in the window; self-identification is joined
 * here and only here, and only its aggregates leave this module, under the rule of audit-suppression.ts.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { BiasAudit } from '@app/shared';
import type { Db } from '../db/client';
import { interviews } from '../db/schema';
import { selfIdentifications } from '../db/schema-ai-hiring';
import { median } from '../lib/median';
import { countGroups, type Member } from './audit-math';
import { buildReport, CATEGORIES, floorReason, type AuditRule, type Tables } from './audit-report';
import { DIMENSIONS } from './audit-suppression';

export type AuditFilter = { job_id?: string; from?: string; to?: string };

/** Every AI-scored interview with its job, date and the candidate's answer (null when none). */
async function loadScored(db: Db) {
  return db
    .select({
      score: sql<number>`(${interviews.assessment}->>'overall_score')::float8`,
      jobId: interviews.jobId,
      status: interviews.status,
      assessedAt: interviews.assessedAt,
      sex: selfIdentifications.sex,
      race: selfIdentifications.raceEthnicity,
    })
    .from(interviews)
    .leftJoin(selfIdentifications, eq(selfIdentifications.userId, interviews.candidateId))
    .where(
      and(
        isNotNull(interviews.jobId),
        sql`${interviews.assessment}->>'status' = 'scored'`,
        sql`jsonb_typeof(${interviews.assessment}->'overall_score') = 'number'`,
      ),
    );
}
type Scored = Awaited<ReturnType<typeof loadScored>>[number];

/** The window is on the assessment's date; `to` is inclusive (the whole day). */
function inWindow(filter: AuditFilter) {
  const from = filter.from ? Date.parse(`${filter.from}T00:00:00Z`) : -Infinity;
  const to = filter.to ? Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000 : Infinity;
  return (r: Scored) => !!r.assessedAt && r.assessedAt.getTime() >= from && r.assessedAt.getTime() < to;
}

/**
 * Why this view shows no group, or null: fewer than the floor, or a difference of 1 to floor - 1 people from
 * a broader view the console also offers (the same job on all dates, all jobs on the same dates, all jobs),
 * which comparing the two would single out (decision 0222).
 */
export type Withheld = { kind: 'floor' } | { kind: 'near'; people: number; broader: string } | null;
function withheldOf(all: Scored[], filter: AuditFilter, size: number, rule: AuditRule): Withheld {
  if (size < rule.minSample) return { kind: 'floor' };
  const windowed = Boolean(filter.from || filter.to);
  const ofJob = (r: Scored) => r.jobId === filter.job_id;
  const broader: [string, number][] = [];
  if (filter.job_id && windowed) broader.push(['all dates of this job', all.filter(ofJob).length]);
  if (filter.job_id && windowed) broader.push(['all jobs on these dates', all.filter(inWindow(filter)).length]);
  if (filter.job_id || windowed) broader.push(['all jobs on all dates', all.length]);
  for (const [label, n] of broader) {
    const gap = n - size;
    if (gap > 0 && gap < rule.minSample) return { kind: 'near', people: gap, broader: label };
  }
  return null;
}

function withheldText(w: Withheld, size: number, rule: AuditRule): string | null {
  if (!w) return null;
  if (w.kind === 'floor') return floorReason(size, rule);
  return `This view and ${w.broader} differ by only ${w.people} ${w.people === 1 ? 'person' : 'people'} (fewer than ${rule.minSample}), who could be singled out by comparing the two: no group is shown.`;
}

const known = (value: string | null) => (value && value !== 'decline' ? value : null);

function tablesOf(members: Member[]): Tables {
  return Object.fromEntries(DIMENSIONS.map((d) => [d, countGroups(members, d, CATEGORIES[d])])) as Tables;
}

/** The audit report, plus the first assessment date in the data (the "distribution date"). */
export async function computeBiasAudit(
  db: Db,
  filter: AuditFilter,
  rule: AuditRule,
  now = new Date(),
): Promise<{ audit: BiasAudit; firstUse: Date | null; withheld: Withheld }> {
  const all = await loadScored(db);
  const rows = all.filter((r) => (!filter.job_id || r.jobId === filter.job_id) && inWindow(filter)(r));
  const scores = rows.map((r) => Number(r.score));
  const mid = median(scores);
  const groupsOf = (r: Scored) => {
    const sex = known(r.sex);
    const race = known(r.race);
    return { sex, race_ethnicity: race, intersectional: sex && race ? `${sex}|${race}` : null };
  };
  // LL144 scoring rate: above the median of the full sample (unknowns included in the median).
  const scoring: Member[] = rows.map((r) => ({ groups: groupsOf(r), success: mid !== null && Number(r.score) > mid }));
  const decidedRows = rows.filter((r) => r.status === 'approved' || r.status === 'rejected');
  const selection: Member[] = decidedRows.map((r) => ({ groups: groupsOf(r), success: r.status === 'approved' }));

  const withheld = withheldOf(all, filter, rows.length, rule);
  const audit = buildReport(
    {
      generated_at: now.toISOString(),
      job_id: filter.job_id ?? null,
      from: filter.from ?? null,
      to: filter.to ?? null,
      sample_size: rows.length,
      unknown_count: scoring.filter((m) => !m.groups.intersectional).length,
      unknown: {
        sex: scoring.filter((m) => !m.groups.sex).length,
        race_ethnicity: scoring.filter((m) => !m.groups.race_ethnicity).length,
      },
      median_score: mid,
      decided: decidedRows.length,
      scoring: tablesOf(scoring),
      selection: tablesOf(selection),
    },
    rule,
    withheldText(withheld, rows.length, rule),
  );
  const firstUse = rows.reduce<Date | null>(
    (min, r) => (r.assessedAt && (!min || r.assessedAt < min) ? r.assessedAt : min),
    null,
  );
  return { audit, firstUse, withheld };
}

/** The rule from the app's settings. */
export const auditRule = (config: { BIAS_AUDIT_MIN_CELL: number; BIAS_AUDIT_MIN_SAMPLE: number }): AuditRule => ({
  minCell: config.BIAS_AUDIT_MIN_CELL,
  minSample: config.BIAS_AUDIT_MIN_SAMPLE,
});
