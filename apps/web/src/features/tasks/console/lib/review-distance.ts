/**
 * How far a rating is from the item's reference: gold when the item has it, else the consensus
 * (issue 34). `far` is more than one point away, the spread that flags an item for review.
 */
export function ratingDistance(
  rating: number,
  gold: number | null,
  consensus: number | null,
): { text: string; far: boolean } | null {
  const reference = gold ?? consensus;
  if (reference === null) return null;
  const name = gold !== null ? 'gold' : 'consensus';
  const diff = rating - reference;
  if (diff === 0) return { text: `Same as ${name}`, far: false };
  const size = Math.abs(diff);
  const points = Number.isInteger(size) ? String(size) : size.toFixed(1);
  return {
    text: `${points} point${size === 1 ? '' : 's'} ${diff > 0 ? 'above' : 'below'} ${name}`,
    far: size > 1,
  };
}
