/**
 * The bias audit's suppression rule on small hand-made tables (decision 0222): small and empty groups are
 * hidden, a total cannot give one back, a hidden sex or race hides its intersectional line, and a group shown
 * in both the scoring and the selection tables cannot tell how many of it are undecided.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, CATEGORIES, type AuditCounts, type Tables } from '../../src/compliance/audit-report';
import { hiddenGroups, type TableSizes } from '../../src/compliance/audit-suppression';

const sizes = (
  sex: Record<string, number>,
  race: Record<string, number>,
  both: Record<string, number>,
): TableSizes => ({
  sex: new Map(Object.entries(sex)),
  race_ethnicity: new Map(Object.entries(race)),
  intersectional: new Map(Object.entries(both)),
});

describe('which groups are hidden', () => {
  it('a lone small group takes the smallest shown group of its table with it; empty ones alone need nothing', () => {
    const h = hiddenGroups(sizes({ f: 11, m: 14 }, { w: 13, b: 11, a: 1, x: 0 }, {}), 5);
    expect([...h.race_ethnicity].sort()).toEqual(['a', 'b', 'x']);
    expect([...h.sex]).toEqual([]);
    const only = hiddenGroups(sizes({ f: 11, m: 14 }, { w: 13, b: 12, x: 0 }, {}), 5);
    expect([...only.race_ethnicity]).toEqual(['x']);
  });

  it('a hidden race hides its column of the intersectional table, and a row cannot give a cell back', () => {
    const h = hiddenGroups(
      sizes({ f: 20, m: 20 }, { w: 30, b: 7, a: 3 }, { 'f|w': 12, 'f|b': 6, 'f|a': 2, 'm|w': 18, 'm|b': 1, 'm|a': 1 }),
      5,
    );
    // Race: a (3) is small; the table's total would give it back, so b (7) goes too.
    expect([...h.race_ethnicity].sort()).toEqual(['a', 'b']);
    // Their columns go; then the male row holds 2 hidden (1 + 1), so male|white goes too; alone in the white
    // column it would come back whole (30 - 12) and give back the male row's 2, so female|white goes too.
    expect([...h.intersectional].sort()).toEqual(['f|a', 'f|b', 'f|w', 'm|a', 'm|b', 'm|w']);
  });

  it('the selection table hides a group whose undecided people would be 1 to 4', () => {
    const cells = (rows: Record<string, [number, number]>) =>
      new Map(Object.entries(rows).map(([g, [n, successes]]) => [g, { n, successes }]));
    const tables = (f: [number, number], m: [number, number]): Tables => ({
      sex: cells({ female: f, male: m }),
      race_ethnicity: new Map(CATEGORIES.race_ethnicity.map((g) => [g, { n: 0, successes: 0 }])),
      intersectional: new Map(CATEGORIES.intersectional.map((g) => [g, { n: 0, successes: 0 }])),
    });
    const counts: AuditCounts = {
      generated_at: '2026-11-01T00:00:00Z',
      job_id: null,
      from: null,
      to: null,
      sample_size: 40,
      unknown_count: 40,
      unknown: { sex: 0, race_ethnicity: 40 },
      median_score: 3,
      decided: 39,
      scoring: tables([20, 10], [20, 10]),
      selection: tables([19, 9], [20, 12]),
    };
    const report = buildReport(counts, { minCell: 5, minSample: 20 }, null);
    expect(report.scoring.sex.map((r) => r.n)).toEqual([20, 20]);
    // Female 20 scored and 19 decided would say the one undecided person is a woman.
    expect(report.selection.sex.map((r) => [r.group, r.n, r.selection_rate])).toEqual([
      ['female', null, null],
      ['male', null, null],
    ]);
  });
});
