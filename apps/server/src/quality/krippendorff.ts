/**
 * Krippendorff's alpha for one variable, as in Krippendorff, "Computing Krippendorff's
 * Alpha-Reliability" (2011): values in a coincidence matrix, observed against expected disagreement.
 * Pure: no database, no I/O. Units with fewer than two values are not pairable and are ignored.
 */

export type AlphaMetric = 'nominal' | 'ordinal' | 'interval';

/**
 * Alpha over `units`, each the values its coders gave (missing values simply left out).
 * Null when it is undefined: fewer than two pairable values, or no variation at all (every value
 * the same, so expected disagreement is zero).
 */
export function krippendorffAlpha(
  units: readonly (readonly number[])[],
  metric: AlphaMetric = 'interval',
): number | null {
  const values = [...new Set(units.flat())].sort((a, b) => a - b);
  const index = new Map(values.map((v, i) => [v, i]));
  const size = values.length;
  // o[c][k]: the coincidences of values c and k, each unit's pairs weighted 1 / (m_u - 1).
  const o = Array.from({ length: size }, () => new Float64Array(size));
  const counts = new Float64Array(size);
  for (const unit of units) {
    const m = unit.length;
    if (m < 2) continue;
    counts.fill(0);
    for (const v of unit) counts[index.get(v)!]! += 1;
    for (let c = 0; c < size; c++) {
      const nc = counts[c]!;
      if (!nc) continue;
      for (let k = 0; k < size; k++) {
        const nk = counts[k]!;
        if (!nk) continue;
        o[c]![k]! += (c === k ? nc * (nc - 1) : nc * nk) / (m - 1);
      }
    }
  }
  const n_c = o.map((row) => row.reduce((a, b) => a + b, 0));
  const n = n_c.reduce((a, b) => a + b, 0);
  if (n < 2) return null;

  const delta2 = distance(metric, values, n_c);
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < size; c++) {
    for (let k = 0; k < size; k++) {
      const d = delta2(c, k);
      observed += o[c]![k]! * d;
      expected += n_c[c]! * n_c[k]! * d;
    }
  }
  if (expected === 0) return null;
  // alpha = 1 - D_o / D_e with D_o = observed / n and D_e = expected / (n (n - 1)).
  return 1 - ((n - 1) * observed) / expected;
}

/** The squared difference function delta^2(c, k) over value indexes, for the metric. */
function distance(metric: AlphaMetric, values: number[], n_c: number[]): (c: number, k: number) => number {
  if (metric === 'nominal') return (c, k) => (c === k ? 0 : 1);
  if (metric === 'interval') return (c, k) => (values[c]! - values[k]!) ** 2;
  // Ordinal: the number of values between c and k (halving the two ends), squared.
  const cumulative = [0];
  for (const x of n_c) cumulative.push(cumulative[cumulative.length - 1]! + x);
  return (c, k) => {
    const [lo, hi] = c <= k ? [c, k] : [k, c];
    const between = cumulative[hi + 1]! - cumulative[lo]! - (n_c[lo]! + n_c[hi]!) / 2;
    return between ** 2;
  };
}
