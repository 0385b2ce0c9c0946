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
