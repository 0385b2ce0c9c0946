/** How the quality view and the review screen write their figures; null (not measured yet) is a dash. */
const DASH = '—';

/** Krippendorff's alpha, three decimals. */
export const formatAlpha = (v: number | null) => (v === null ? DASH : v.toFixed(3));
/** A mean error, consensus or spread in rating points. */
export const formatPoints = (v: number | null) => (v === null ? DASH : v.toFixed(2));
/** A signed difference: +0.40 rates high, −0.40 rates low. */
export const formatBias = (v: number | null) =>
  v === null ? DASH : `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v).toFixed(2)}`;
/** A share (0-1) as a whole percentage. */
export const formatShare = (v: number | null) => (v === null ? DASH : `${Math.round(v * 100)}%`);

/**
 * Gold items still to come before the automatic pause decides a rater who is over the gold-error
 * limit, or null when there is nothing to decide (under the limit, already past the minimum, paused).
 */
export function goldItemsToPause(
  rater: { gold_mean_abs_error: number | null; gold_rated: number; status: string },
  settings: { pause_gold_error_above: number; pause_min_gold_items: number },
): number | null {
  if (rater.status === 'paused' || rater.gold_mean_abs_error === null) return null;
  if (rater.gold_mean_abs_error <= settings.pause_gold_error_above) return null;
  const left = settings.pause_min_gold_items - rater.gold_rated;
  return left > 0 ? left : null;
}

/**
 * "Does it predict?" (issue 46) in one line: the correlation, or why there is none yet (fewer than
 * three accepted raters with both figures, or raters who all scored alike on one side).
 */
export function formatPrediction(p: { r: number | null; n: number }): string {
  const lead = 'Work sample vs. first paid work:';
  if (p.r !== null) return `${lead} r = ${p.r.toFixed(2)}, n = ${p.n}`;
  if (p.n < 3) return `${lead} not enough accepted raters yet (n = ${p.n})`;
  return `${lead} no spread to compare yet (n = ${p.n})`;
}
