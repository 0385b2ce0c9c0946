import { describe, expect, it } from 'vitest';
import { adaptationText, changedShare } from '../../src/interview/careful/careful-pass';

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
