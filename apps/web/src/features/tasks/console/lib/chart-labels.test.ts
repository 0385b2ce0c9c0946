import { describe, expect, it } from 'vitest';
import { placeLabels } from './chart-labels';

const area = { left: 0, right: 400, top: 0, bottom: 300 };

describe('placeLabels', () => {
  it('puts a name right of its point when there is room', () => {
    expect(placeLabels([{ x: 100, y: 100, width: 50 }], area)).toEqual([{ x: 109, y: 93, w: 50, h: 14 }]);
  });

  it('moves a name that would cover the next point or name, and keeps names inside the chart', () => {
    // Two raters side by side on the left edge: the first name cannot go right (the second point is
    // there) nor left (outside), so it goes above, to the right.
    const [first, second] = placeLabels(
      [
        { x: 2, y: 150, width: 80 },
        { x: 40, y: 150, width: 80 },
      ],
      area,
    );
    expect(first).toEqual({ x: 2, y: 127, w: 80, h: 14 });
    expect(second).toEqual({ x: 49, y: 143, w: 80, h: 14 });
    // Near the right edge the name goes left.
    expect(placeLabels([{ x: 390, y: 150, width: 80 }], area)[0]!.x).toBe(390 - 9 - 80);
  });
});
