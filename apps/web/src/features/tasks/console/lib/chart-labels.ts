/** Placing the raters' names on the quality chart (components/RaterScatter.tsx). */

export type Box = { x: number; y: number; w: number; h: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where each name goes beside its point: right, left, above or below, the first place inside the
 * chart that covers neither another name nor another point (raters often sit close together).
 */
export function placeLabels(
  points: { x: number; y: number; width: number }[],
  area: { left: number; right: number; top: number; bottom: number },
  gap = 9,
  height = 14,
): Box[] {
  const marks = points.map((p) => ({ x: p.x - 8, y: p.y - 8, w: 16, h: 16 }));
  const placed: Box[] = [];
  points.forEach((p, i) => {
    const w = p.width;
    const above = p.y - gap - height;
    const below = p.y + gap;
    const spots: Box[] = [
      { x: p.x + gap, y: p.y - height / 2, w, h: height },
      { x: p.x - gap - w, y: p.y - height / 2, w, h: height },
      { x: p.x, y: above, w, h: height },
      { x: p.x, y: below, w, h: height },
      { x: p.x - w, y: above, w, h: height },
      { x: p.x - w, y: below, w, h: height },
    ];
    const inside = (b: Box) =>
      b.x >= area.left && b.x + b.w <= area.right && b.y >= area.top && b.y + b.h <= area.bottom;
    const free = (b: Box) => !placed.some((q) => overlaps(b, q)) && !marks.some((m, j) => j !== i && overlaps(b, m));
    placed.push(spots.find((b) => inside(b) && free(b)) ?? spots.find(inside) ?? spots[0]!);
  });
  return placed;
}
