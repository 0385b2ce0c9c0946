/**
 * The bias audit's arithmetic on hand-computed examples: the LL144/EEOC worked example, the median and
 * scoring rate, the 2 % exclusion, and Fisher's exact test against reference values (scipy.stats.fisher_exact).
 */
import { describe, expect, it } from 'vitest';
import { fisherExact, groupTable, type Member } from '../../src/compliance/audit-math';
import { median } from '../../src/lib/median';

/** `n` members of `group` in dimension `race`, `successes` of them selected. */
const people = (group: string, n: number, successes: number): Member[] =>
  Array.from({ length: n }, (_, i) => ({ groups: { race: group }, success: i < successes }));

describe('bias audit arithmetic', () => {
  it('the EEOC worked example: 48/80 White vs 12/40 Black is a ratio of 0.50, flagged and significant', () => {
    const members = [...people('white', 80, 48), ...people('black', 40, 12)];
    const [white, black] = groupTable(members, 'race', ['white', 'black'], 120);
    expect(white).toEqual({
      group: 'white',
      n: 80,
      rate: 0.6,
      impact_ratio: 1,
      excluded: false,
      below_four_fifths: false,
      p_value: null,
      significant: false,
      suppressed: null,
    });
    expect(black).toMatchObject({ n: 40, rate: 0.3, impact_ratio: 0.5, below_four_fifths: true, significant: true });
    // scipy.stats.fisher_exact([[12, 28], [48, 32]]) → p = 0.003409
    expect(black!.p_value).toBeCloseTo(0.0034, 4);
  });

  it("Fisher's exact test matches scipy on small tables (a large gap on few people is not significant)", () => {
    expect(fisherExact(1, 3, 3, 1)).toBeCloseTo(0.485714, 6);
    expect(fisherExact(0, 2, 4, 2)).toBeCloseTo(0.428571, 6);
    expect(fisherExact(12, 28, 48, 32)).toBeCloseTo(0.003409, 6);
    expect(fisherExact(5, 5, 5, 5)).toBeCloseTo(1, 6);
    const [, few] = groupTable([...people('a', 4, 3), ...people('b', 4, 1)], 'race', ['a', 'b'], 8);
    expect(few).toMatchObject({ impact_ratio: 0.3333, below_four_fifths: true, p_value: 0.4857, significant: false });
  });

  it('the median of the full sample; scoring rate is the share strictly above it', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1.5, 2, 2.5, 3, 3, 3.5, 3.8, 4, 4, 4.5])).toBe(3.25);
  });

  it('a group under 2 % of the sample is excluded (ratio null) and never the reference; empty groups too', () => {
    const members = [...people('a', 50, 25), ...people('b', 49, 20), ...people('c', 1, 1)];
    const rows = groupTable(members, 'race', ['a', 'b', 'c', 'd'], 100);
    expect(rows.map((r) => [r.group, r.n, r.rate, r.impact_ratio, r.excluded])).toEqual([
      ['a', 50, 0.5, 1, false],
      ['b', 49, 0.4082, 0.8163, false],
      ['c', 1, 1, null, true],
      ['d', 0, null, null, true],
    ]);
    expect(rows[1]!.below_four_fifths).toBe(false);
  });

  it('members without a group (unknown) are left out of every group', () => {
    const members: Member[] = [...people('a', 3, 3), { groups: { race: null }, success: false }];
    expect(groupTable(members, 'race', ['a'], 4)[0]).toMatchObject({ n: 3, rate: 1 });
  });
});
