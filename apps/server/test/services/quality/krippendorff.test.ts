import { describe, expect, it } from 'vitest';
import { krippendorffAlpha } from '../../../src/quality/krippendorff';

/**
 * The worked example of Krippendorff, "Computing Krippendorff's Alpha-Reliability" (2011), section
 * C: four observers, twelve units, values 1-5, missing values (null) where an observer gave none.
 */
const observers: (number | null)[][] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null], // A
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3], // B
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null], // C
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null], // D
];
const units = observers[0]!.map((_, u) => observers.map((o) => o[u]).filter((v): v is number => v !== null));

describe('krippendorffAlpha', () => {
  it('gives the published values of the worked example (nominal, ordinal, interval)', () => {
    expect(krippendorffAlpha(units, 'nominal')).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha(units, 'ordinal')).toBeCloseTo(0.815, 3);
    expect(krippendorffAlpha(units, 'interval')).toBeCloseTo(0.849, 3);
  });

  it('is 1 for perfect agreement on values that vary between units', () => {
    expect(
      krippendorffAlpha([
        [1, 1, 1],
        [3, 3],
        [5, 5, 5],
      ]),
    ).toBe(1);
  });

  it('is undefined (null) when every value is the same, or fewer than two values can be paired', () => {
    expect(
      krippendorffAlpha([
        [4, 4],
        [4, 4, 4],
      ]),
    ).toBeNull();
    expect(krippendorffAlpha([[2], [5], [3]])).toBeNull();
    expect(krippendorffAlpha([])).toBeNull();
  });

  it('one unit with two different values: observed equals expected disagreement spread, alpha = 0', () => {
    // o = {(1,3): 1, (3,1): 1}, n = 2, D_o = (4 + 4) / 2 = 4, D_e = (1*1*4 * 2) / (2 * 1) = 4.
    expect(krippendorffAlpha([[1, 3]])).toBeCloseTo(0, 10);
  });

  it('ignores units with one value (missing values) and matches a hand computation', () => {
    // Pairable units: [1,2] and [4,5]; [3] alone is left out.
    // o_12 = o_21 = o_45 = o_54 = 1, n = 4, every value once: D_o = (4 * 1) / 4 = 1.
    // D_e = sum over value pairs of (c-k)^2 = 2 * (1 + 9 + 16 + 4 + 9 + 1) = 80, / (4 * 3) = 20/3.
    // alpha = 1 - 1 / (20 / 3) = 0.85.
    expect(krippendorffAlpha([[1, 2], [3], [4, 5]])).toBeCloseTo(0.85, 10);
    expect(
      krippendorffAlpha([
        [1, 2],
        [4, 5],
      ]),
    ).toBeCloseTo(0.85, 10);
  });

  it('is negative when coders disagree more than chance', () => {
    expect(
      krippendorffAlpha([
        [1, 5],
        [5, 1],
        [1, 5],
      ])!,
    ).toBeLessThan(0);
  });
});
