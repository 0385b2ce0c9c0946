import { describe, expect, it } from 'vitest';
import { ratingDistance } from './review-distance';

describe('ratingDistance', () => {
  it('measures from gold when there is gold, else from the consensus, and flags more than a point', () => {
    expect(ratingDistance(1, 4, 3)).toEqual({ text: '3 points below gold', far: true });
    expect(ratingDistance(5, 4, 1)).toEqual({ text: '1 point above gold', far: false });
    expect(ratingDistance(4, 4, 1)).toEqual({ text: 'Same as gold', far: false });
    expect(ratingDistance(1, null, 3.5)).toEqual({ text: '2.5 points below consensus', far: true });
    expect(ratingDistance(3, null, null)).toBeNull();
  });
});
