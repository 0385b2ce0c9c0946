import { describe, expect, it } from 'vitest';
import { adaptationText, changedShare, learnedNothing } from '../../src/interview/careful/careful-pass';

// What `bw` is told the candidate said (decision 0211): the recognizer's own words with their
// pronunciation variants, a <sil> where it heard a pause, no fillers, and no line for an answer heard as nothing.
describe('adaptationText', () => {
  it('keeps pronunciation variants, marks pauses and leaves out fillers and empty answers', () => {
    const ctm = [
      'a0000 1 0.30 0.20 i 0.99',
      'a0000 1 0.50 0.30 read(2) 0.80',
      'a0000 1 0.80 0.40 <sil> 1.00',
      'a0000 1 1.20 0.30 [noise] 1.00',
      'a0000 1 1.50 0.40 books 0.90',
      'a0000 1 1.95 0.30 daily 0.70',
      'a0001 1 0.20 0.30 <sil> 1.00',
      'a0002 1 0.10 0.50 kiln 0.60',
    ].join('\n');
    expect(adaptationText(ctm, ['a0000', 'a0001', 'a0002'])).toEqual([
      { id: 'a0000', line: 'i read(2) <sil> books daily' },
      { id: 'a0002', line: 'kiln' },
    ]);
  });
});

// How much the first speaker transform changed what was heard decides the record's model (decision 0217).
describe('changedShare', () => {
  it('counts substituted, inserted and deleted words, answer by answer, over the later decode', () => {
    const before = [
      ['i', 'fire', 'the', 'kiln'],
      ['at', 'cathedral', 'glass'],
    ];
    expect(changedShare(before, before)).toBe(0);
    // One substitution in the first answer, one deletion and one insertion in the second: 3 edits of 7 words.
    const after = [
      ['i', 'fired', 'the', 'kiln'],
      ['cathedral', 'glass', 'windows'],
    ];
    expect(changedShare(before, after)).toBeCloseTo(3 / 7);
    // Words are compared within their own answer, never across answers: a deletion and an insertion.
    expect(changedShare([['kiln', 'glass'], []], [['glass'], ['kiln']])).toBe(1);
    expect(changedShare([], [])).toBe(0);
  });
});

/** An mllr_solve transform for one class and `streams` streams of `length`: A = I + offDiagonal, bias b. */
function transformText(streams: number, length: number, offDiagonal = 0, bias = 0): string {
  const lines = ['1', String(streams)];
  for (let st = 0; st < streams; st++) {
    lines.push(String(length));
    for (let row = 0; row < length; row++)
      lines.push(Array.from({ length }, (_, col) => (row === col ? 1 : offDiagonal).toFixed(6)).join(' ') + ' ');
    lines.push(Array.from({ length }, () => bias.toFixed(6)).join(' ') + ' ');
    lines.push(Array.from({ length }, () => '1.0').join(' ') + ' ');
  }
  return `${lines.join('\n')}\n`;
}

describe('learnedNothing', () => {
  it('tells the identity mllr_solve writes without statistics from a transform that moves the means', () => {
    // What mllr_solve wrote when bw aligned none of an espeak-ng interview's answers (three streams of 13).
    expect(learnedNothing(transformText(3, 13))).toBe(true);
    expect(learnedNothing(transformText(3, 13, 0.05))).toBe(false);
    expect(learnedNothing(transformText(3, 13, 0, -0.2))).toBe(false);
    // Not a whole transform: not taken for "nothing learned" (the decoder will say what is wrong with it).
    expect(learnedNothing(transformText(3, 13).split('\n').slice(0, 20).join('\n'))).toBe(false);
    expect(learnedNothing('not a transform')).toBe(false);
  });
});
