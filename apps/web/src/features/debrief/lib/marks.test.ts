import { describe, expect, it } from 'vitest';
import { markFillers, paceText } from './marks';

describe('markFillers', () => {
  it('cuts the text into plain and filler runs that join back to the text', () => {
    const text = 'um I kept it simple you know with a grid';
    const runs = markFillers(text, [
      [20, 28],
      [0, 2],
    ]);
    expect(runs).toEqual([
      { text: 'um', filler: true },
      { text: ' I kept it simple ', filler: false },
      { text: 'you know', filler: true },
      { text: ' with a grid', filler: false },
    ]);
    expect(runs.map((r) => r.text).join('')).toBe(text);
  });

  it('ignores spans that overlap or fall outside the text', () => {
    expect(
      markFillers('uh ok', [
        [0, 2],
        [1, 3],
        [4, 99],
      ]),
    ).toEqual([
      { text: 'uh', filler: true },
      { text: ' ok', filler: false },
    ]);
  });
});

describe('paceText', () => {
  it.each([
    [null, 'Not measured'],
    [120, 'Slower than usual'],
    [150, 'In the usual range'],
    [190, 'Faster than usual'],
  ] as const)('%s wpm', (wpm, text) => expect(paceText(wpm, [130, 175])).toBe(text));
});
