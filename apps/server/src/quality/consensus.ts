/**
 * Per-item consensus and spread, and each rater's record (issue 26, decision 0156). Pure.
 *
 * The consensus of an item is the median of its ratings. When every rater of the item has a record
 * (CONSENSUS_RECORD_MIN_ITEMS rated items on the job), it is the weighted median instead, each
 * rating weighted by 1 / (WEIGHT_FLOOR + the rater's error), the error being the mean absolute
 * difference of their ratings from a reference: gold where the item has it, else the other raters'
 * median. scripts/simulate-consensus.ts is the simulation the choice rests on.
 */
import { CONSENSUS_RECORD_MIN_ITEMS, type RaterRecord } from '@app/shared';
import { median } from '../lib/median';

/** Keeps a perfect rater's weight finite and a good rater from outvoting two fair ones alone. */
export const WEIGHT_FLOOR = 0.25;
/** Ratings further apart than this (max - min) flag the item for review. */
export const SPREAD_LIMIT = 1;

/**
 * The value where the cumulative weight reaches half the total; when it lands exactly on half, the
 * midpoint to the next value (so equal weights give the plain median).
 */
export function weightedMedian(entries: readonly { value: number; weight: number }[]): number | null {
  const list = entries.filter((e) => e.weight > 0).sort((a, b) => a.value - b.value);
  if (!list.length) return null;
  const half = list.reduce((acc, e) => acc + e.weight, 0) / 2;
  let cumulative = 0;
  for (let i = 0; i < list.length; i++) {
    cumulative += list[i]!.weight;
    if (Math.abs(cumulative - half) < 1e-9 && i + 1 < list.length) return (list[i]!.value + list[i + 1]!.value) / 2;
    if (cumulative > half) return list[i]!.value;
  }
  return list[list.length - 1]!.value;
}

export type Rating = { itemId: string; raterId: string; rating: number; gold: number | null };

export type ItemSummary = { consensus: number | null; spread: number | null; needs_review: boolean };

/** Consensus, spread (max - min) and the review flag of one item's ratings. */
export function summarizeItem(
  ratings: readonly { raterId: string; rating: number }[],
  weights?: ReadonlyMap<string, number>,
): ItemSummary {
  if (!ratings.length) return { consensus: null, spread: null, needs_review: false };
  const values = ratings.map((r) => r.rating);
  const spread = Math.max(...values) - Math.min(...values);
  const weighted = weights && ratings.every((r) => weights.has(r.raterId));
  const consensus = weighted
    ? weightedMedian(ratings.map((r) => ({ value: r.rating, weight: weights.get(r.raterId)! })))
    : median(values);
  return { consensus, spread, needs_review: spread > SPREAD_LIMIT };
}

export type RaterStats = Omit<RaterRecord, 'status'> & {
  /** Mean absolute difference from the reference (gold, else the others' median); null without one. */
  error: number | null;
};

/** Groups ratings by item. */
export function byItem<T extends { itemId: string }>(ratings: readonly T[]): Map<string, T[]> {
  const items = new Map<string, T[]>();
  for (const r of ratings) {
    const list = items.get(r.itemId);
    if (list) list.push(r);
    else items.set(r.itemId, [r]);
  }
  return items;
}

/**
 * Every rater's record from the job's submitted ratings: tasks and gold items rated, gold error,
 * bias (signed difference from gold, or from the other raters' median on items without gold),
 * agreement (share of items with other ratings where they are within one point of those raters'
 * median) and the error the consensus weights use.
 */
export function raterStats(ratings: readonly Rating[]): Map<string, RaterStats> {
  type Acc = {
    rated: number;
    gold: number;
    goldAbs: number;
    refs: number;
    signed: number;
    absRef: number;
    compared: number;
    within: number;
  };
  const acc = new Map<string, Acc>();
  for (const list of byItem(ratings).values()) {
    for (const r of list) {
      let a = acc.get(r.raterId);
      if (!a)
        acc.set(
          r.raterId,
          (a = { rated: 0, gold: 0, goldAbs: 0, refs: 0, signed: 0, absRef: 0, compared: 0, within: 0 }),
        );
      a.rated++;
      const others = list.length > 1 ? median(list.filter((o) => o !== r).map((o) => o.rating)) : null;
      if (others !== null) {
        a.compared++;
        if (Math.abs(r.rating - others) <= 1) a.within++;
      }
      const reference = r.gold ?? others;
      if (r.gold !== null) {
        a.gold++;
        a.goldAbs += Math.abs(r.rating - r.gold);
      }
      if (reference !== null) {
        a.refs++;
        a.signed += r.rating - reference;
        a.absRef += Math.abs(r.rating - reference);
      }
    }
  }
  const out = new Map<string, RaterStats>();
  for (const [raterId, a] of acc) {
    out.set(raterId, {
      tasks_rated: a.rated,
      gold_rated: a.gold,
      gold_mean_abs_error: a.gold ? a.goldAbs / a.gold : null,
      bias: a.refs ? a.signed / a.refs : null,
      agreement: a.compared ? a.within / a.compared : null,
      error: a.refs ? a.absRef / a.refs : null,
    });
  }
  return out;
}

/** Consensus weights of the raters who have a record; raters without one are left out. */
export function consensusWeights(stats: ReadonlyMap<string, RaterStats>): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [raterId, s] of stats) {
    if (s.tasks_rated >= CONSENSUS_RECORD_MIN_ITEMS && s.error !== null)
      weights.set(raterId, 1 / (WEIGHT_FLOOR + s.error) ** 2);
  }
  return weights;
}
