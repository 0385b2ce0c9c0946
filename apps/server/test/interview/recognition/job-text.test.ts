import { describe, expect, it } from 'vitest';
import { normalizeText, numberWords } from '../../../src/interview/recognition/job-text';

// A few dictionary words; the real dictionary is cmudict.
const DICT = new Set(
  'z brush cinema four d da vinci resolve after effects graph q l three s max node dot js c plus sharp we use and in a i edit'.split(
    ' ',
  ),
);
const known = (w: string) => DICT.has(w);

describe('the job text as the recognizer spells it', () => {
  it('splits names run together, spells digits and symbols', () => {
    const { sentences } = normalizeText(
      ['We use ZBrush, Cinema 4D and DaVinci Resolve. GraphQL; Node.js, C++ and C#! 3ds Max'],
      known,
    );
    expect(sentences).toEqual([
      'we use z brush cinema four d and da vinci resolve'.split(' '),
      'graph q l'.split(' '),
      'node dot js c plus plus and c sharp'.split(' '),
      'three d s max'.split(' '),
    ]);
  });

  it('keeps an unknown word whole rather than splitting it into letters', () => {
    expect(normalizeText(['Kubernetes'], known).sentences).toEqual([['kubernetes']]);
  });

  it('says numbers the way people do', () => {
    expect(numberWords('4')).toEqual(['four']);
    expect(numberWords('42')).toEqual(['forty', 'two']);
    expect(numberWords('2024')).toEqual(['twenty', 'twenty', 'four']);
    expect(numberWords('2005')).toEqual(['two', 'thousand', 'five']);
    expect(numberWords('350')).toEqual(['three', 'hundred', 'fifty']);
  });
});
