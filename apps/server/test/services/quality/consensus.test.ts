import { describe, expect, it } from 'vitest';
import { median } from '../../../src/lib/median';
import {
  consensusWeights,
  raterStats,
  summarizeItem,
  weightedMedian,
  type Rating,
} from '../../../src/quality/consensus';
import { planDistribution } from '../../../src/quality/distribute';

describe('median and weighted median', () => {
  it('takes the middle value, or the midpoint of the two middle ones', () => {
    expect(median([4, 1, 5])).toBe(4);
    expect(median([3, 5])).toBe(4);
    expect(median([])).toBeNull();
  });

  it('with equal weights equals the median; a heavier rater pulls it to their value', () => {
    expect(weightedMedian([3, 4, 1].map((value) => ({ value, weight: 1 })))).toBe(3);
    expect(weightedMedian([3, 5].map((value) => ({ value, weight: 2 })))).toBe(4);
    // One careful rater (weight 4) against two careless ones (weight 1 each).
    expect(
      weightedMedian([
        { value: 2, weight: 4 },
        { value: 5, weight: 1 },
        { value: 5, weight: 1 },
      ]),
    ).toBe(2);
  });
});

describe('summarizeItem', () => {
  it('gives consensus, spread and flags items spread more than one point', () => {
    expect(summarizeItem([])).toEqual({ consensus: null, spread: null, needs_review: false });
    expect(summarizeItem([{ raterId: 'a', rating: 4 }])).toEqual({ consensus: 4, spread: 0, needs_review: false });
    const r = [
      { raterId: 'a', rating: 4 },
      { raterId: 'b', rating: 5 },
      { raterId: 'c', rating: 1 },
    ];
    expect(summarizeItem(r)).toEqual({ consensus: 4, spread: 4, needs_review: true });
    expect(summarizeItem(r.slice(0, 2))).toEqual({ consensus: 4.5, spread: 1, needs_review: false });
  });

  it('uses the weights only when every rater of the item has one', () => {
    const r = [
      { raterId: 'careful', rating: 1 },
      { raterId: 'x', rating: 5 },
      { raterId: 'y', rating: 5 },
    ];
    expect(summarizeItem(r, new Map([['careful', 10]])).consensus).toBe(5);
    expect(
      summarizeItem(
        r,
        new Map([
          ['careful', 10],
          ['x', 1],
          ['y', 1],
        ]),
      ).consensus,
    ).toBe(1);
  });
});

describe('raterStats and consensusWeights', () => {
  const ratings: Rating[] = [
    // Gold item: a is exact, b one above, c three below.
    { itemId: 'g', raterId: 'a', rating: 4, gold: 4 },
    { itemId: 'g', raterId: 'b', rating: 5, gold: 4 },
    { itemId: 'g', raterId: 'c', rating: 1, gold: 4 },
    // No gold: compared with the other raters' median.
    { itemId: 'n', raterId: 'a', rating: 3, gold: null },
    { itemId: 'n', raterId: 'b', rating: 3, gold: null },
    { itemId: 'n', raterId: 'c', rating: 5, gold: null },
    // Rated by one rater only: counts as rated, nothing to compare.
    { itemId: 's', raterId: 'a', rating: 2, gold: null },
  ];

  it('computes the record of each rater by hand-checkable numbers', () => {
    const stats = raterStats(ratings);
    expect(stats.get('a')).toEqual({
      tasks_rated: 3,
      gold_rated: 1,
      gold_mean_abs_error: 0,
      // g: 4 - 4 = 0; n: 3 - median(3, 5) = -1 → mean -0.5
      bias: -0.5,
      // g: others' median 3 → |4-3| = 1 within; n: others' median 4 → within → 2/2
      agreement: 1,
      error: 0.5,
    });
    expect(stats.get('c')).toMatchObject({
      tasks_rated: 2,
      gold_rated: 1,
      gold_mean_abs_error: 3,
      // g: 1 - 4 = -3; n: 5 - 3 = 2 → -0.5
      bias: -0.5,
      // g: others' median 4.5 → 3.5 off; n: others' median 3 → 2 off → 0/2
      agreement: 0,
      error: 2.5,
    });
  });

  it('weights only raters with a record of 25 rated items', () => {
    const many: Rating[] = Array.from({ length: 25 }, (_, i) => [
      { itemId: `i${i}`, raterId: 'good', rating: 3, gold: 3 },
      { itemId: `i${i}`, raterId: 'new', rating: 3, gold: 3 },
    ]).flat();
    many.pop();
    const w = consensusWeights(raterStats(many));
    expect([...w.keys()]).toEqual(['good']);
    expect(w.get('good')).toBeCloseTo(16, 10); // 1 / (0.25 + 0)^2
  });
});

describe('planDistribution', () => {
  it('spreads evenly, never gives one item twice to a rater, and leaves what nobody can take', () => {
    const tasks = ['a', 'a', 'a', 'b', 'b', 'c'].map((itemId, i) => ({ id: `t${i}`, itemId }));
    const plan = planDistribution(['r1', 'r2'], tasks, [{ itemId: 'c', userId: 'r1', open: true }]);
    const pairs = plan.map((p) => `${tasks.find((x) => x.id === p.taskId)!.itemId}:${p.userId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    // Item a has three tasks but only two raters: one stays unassigned; c goes to r2 (r1 holds it).
    expect(plan).toHaveLength(5);
    expect(pairs).toContain('c:r2');
    const load = (r: string) => plan.filter((p) => p.userId === r).length;
    expect(Math.abs(load('r1') + 1 - load('r2'))).toBeLessThanOrEqual(1);
  });
});
