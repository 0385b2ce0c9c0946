/**
 * The bias audit's arithmetic as pure functions (6 RCNY §5-301; 29 CFR 1607.4(D); decisions 0191, 0192):
 * the median of the full sample (lib/median.ts), scoring and selection rates per group, impact ratios against the
 * highest-rate non-excluded group, the 2 % exclusion, and a two-sided Fisher's exact test per group.
 */
import { roundOrNull } from '../lib/round';

/** Below this share of the sample a group may be excluded from the impact ratios (§5-301(d)). */
export const EXCLUSION_SHARE = 0.02;
/** The EEOC four-fifths screen. */
export const FOUR_FIFTHS = 0.8;
/** The significance level of the Fisher test. */
export const ALPHA = 0.05;

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logFactorials[i - 1]! + Math.log(i));
  return logFactorials[n]!;
}

/**
 * Two-sided Fisher's exact test on the 2×2 table [[a, b], [c, d]] (successes and failures of two groups):
 * the sum of the probabilities of every table with the same margins that is no more likely than this one.
 */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  if (n === 0) return 1;
  const logP = (x: number) =>
    logFactorial(row1) +
    logFactorial(n - row1) +
    logFactorial(col1) +
    logFactorial(n - col1) -
    logFactorial(n) -
    logFactorial(x) -
    logFactorial(row1 - x) -
    logFactorial(col1 - x) -
    logFactorial(n - row1 - col1 + x);
  const observed = logP(a);
  let p = 0;
  for (let x = Math.max(0, col1 - (n - row1)); x <= Math.min(row1, col1); x++) {
    const lp = logP(x);
    // A relative tolerance so tables as likely as the observed one count despite rounding.
    if (lp <= observed + 1e-7) p += Math.exp(lp);
  }
  return Math.min(1, p);
}

/** One member of the sample: their groups (null when unknown) and whether they count as a success. */
export type Member = { groups: Record<string, string | null>; success: boolean };

/** A group's count: its people and how many of them count as a success. */
export type Cell = { n: number; successes: number };

/** Why a group is hidden (decision 0222). */
export type Suppressed = 'small' | 'complementary' | 'withheld';

export type GroupRow = {
  group: string;
  /** Null when suppressed. */
  n: number | null;
  rate: number | null;
  impact_ratio: number | null;
  excluded: boolean;
  below_four_fifths: boolean;
  p_value: number | null;
  significant: boolean;
  /** Why it is hidden so that no one can be singled out (decision 0222): no count, rate, ratio or test. */
  suppressed: Suppressed | null;
};

/** Counts per group of one dimension, every category present (n = 0 when no one is in it). */
export function countGroups(
  members: readonly Member[],
  dimension: string,
  categories: readonly string[],
): Map<string, Cell> {
  const counts = new Map(categories.map((c) => [c, { n: 0, successes: 0 }]));
  for (const m of members) {
    const group = m.groups[dimension];
    const count = group ? counts.get(group) : undefined;
    if (!count) continue;
    count.n++;
    if (m.success) count.successes++;
  }
  return counts;
}

/**
 * Rates and impact ratios for one dimension. `categories` lists every group reported (in order);
 * `total` is the size the 2 % rule is measured against (the full sample).
 */
export function groupTable(
  members: readonly Member[],
  dimension: string,
  categories: readonly string[],
  total: number,
): GroupRow[] {
  return groupRows(countGroups(members, dimension, categories), total);
}

/**
 * Rates and impact ratios from counts (in the map's order). A `hidden` group shows nothing and, like an
 * excluded one, is never the reference: a ratio against it would tell its rate.
 */
export function groupRows(
  counts: ReadonlyMap<string, Cell>,
  total: number,
  hidden: ReadonlyMap<string, Suppressed> = new Map(),
): GroupRow[] {
  const rows = [...counts].map(([group, { n, successes }]) => {
    const excluded = n === 0 || n < EXCLUSION_SHARE * total;
    return { group, n, successes, rate: n ? successes / n : null, excluded, suppressed: hidden.get(group) ?? null };
  });
  // The reference is the highest rate among the groups kept (ties: the larger group, a steadier reference).
  const reference = rows.filter((r) => !r.excluded && !r.suppressed).sort((x, y) => y.rate! - x.rate! || y.n - x.n)[0];
  return rows.map((r) => {
    if (r.suppressed)
      return {
        group: r.group,
        n: null,
        rate: null,
        impact_ratio: null,
        excluded: false,
        below_four_fifths: false,
        p_value: null,
        significant: false,
        suppressed: r.suppressed,
      };
    const ratio = !r.excluded && reference && reference.rate! > 0 ? r.rate! / reference.rate! : null;
    const isReference = r === reference;
    const p =
      r.excluded || !reference || isReference
        ? null
        : fisherExact(r.successes, r.n - r.successes, reference.successes, reference.n - reference.successes);
    return {
      group: r.group,
      n: r.n,
      rate: roundOrNull(r.rate, 4),
      impact_ratio: roundOrNull(ratio, 4),
      excluded: r.excluded,
      below_four_fifths: ratio !== null && ratio < FOUR_FIFTHS,
      p_value: roundOrNull(p, 4),
      significant: p !== null && p < ALPHA,
      suppressed: null,
    };
  });
}
