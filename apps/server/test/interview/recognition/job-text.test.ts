import { describe, expect, it } from 'vitest';
import { normalizeText, numberWords, respell, respellText } from '../../../src/interview/recognition/job-text';

// A few dictionary words; the real dictionary is cmudict.
const DICT = new Set(
  'z brush cinema four d da vinci resolve after effects graph q l three s max node dot js c plus sharp we use and in a i edit'.split(
    ' ',
  ),
);
const known = (w: string) => DICT.has(w);

describe('the job text as the recognizer spells it', () => {
  it('splits names run together, spells digits and symbols, keeps the reverse mapping', () => {
    const { sentences, respellings } = normalizeText(
      ['We use ZBrush, Cinema 4D and DaVinci Resolve. GraphQL; Node.js, C++ and C#! 3ds Max'],
      ['ZBrush', 'Cinema 4D', 'DaVinci Resolve', 'After Effects'],
      known,
    );
    expect(sentences).toEqual([
      'we use z brush cinema four d and da vinci resolve'.split(' '),
      'graph q l'.split(' '),
      'node dot js c plus plus and c sharp'.split(' '),
      'three d s max'.split(' '),
    ]);
    expect(respellings.get('z brush')).toBe('ZBrush');
    expect(respellings.get('cinema four d')).toBe('Cinema 4D');
    expect(respellings.get('da vinci resolve')).toBe('DaVinci Resolve');
    expect(respellings.get('after effects')).toBe('After Effects');
    expect(respellings.get('graph q l')).toBe('GraphQL');
  });

  it('keeps an unknown word whole rather than splitting it into letters', () => {
    expect(normalizeText(['Kubernetes'], [], known).sentences).toEqual([['kubernetes']]);
  });

  it('says numbers the way people do', () => {
    expect(numberWords('4')).toEqual(['four']);
    expect(numberWords('42')).toEqual(['forty', 'two']);
    expect(numberWords('2024')).toEqual(['twenty', 'twenty', 'four']);
    expect(numberWords('2005')).toEqual(['two', 'thousand', 'five']);
    expect(numberWords('350')).toEqual(['three', 'hundred', 'fifty']);
  });

  it('writes the job spelling into transcripts, longest phrase first, merging word confidences', () => {
    const { respellings } = normalizeText([], ['Cinema 4D', 'DaVinci Resolve', 'ZBrush'], known);
    expect(respellText('i edit in da vinci resolve and cinema four d', respellings)).toBe(
      'i edit in DaVinci Resolve and Cinema 4D',
    );
    const words = 'i use z brush'.split(' ').map((text, i) => ({ text, confidence: [0.9, 0.8, 0.6, 0.7][i]! }));
    expect(
      respell(words, respellings, (parts, text) => ({ text, confidence: Math.min(...parts.map((p) => p.confidence)) })),
    ).toEqual([
      { text: 'i', confidence: 0.9 },
      { text: 'use', confidence: 0.8 },
      { text: 'ZBrush', confidence: 0.6 },
    ]);
  });
});
