import { describe, expect, it } from 'vitest';
import { computeDebrief, type DebriefTurn } from '../../src/interview/debrief/compute';
import { jobTermsIn, namesToolOrTechnique, stem } from '../../src/interview/debrief/terms';
import { buildVocabulary } from '../../src/interview/understanding/vocabulary';

/** Tips that fit each answer, job terms counted as said (issue 34, decision 0184). */
const T0 = Date.parse('2026-01-05T10:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000);
const sure = (text: string) => text.split(' ').map((w) => ({ text: w, confidence: 0.95 }));
/** An interview of question/answer pairs, 20 s per answer. */
function interview(pairs: [string, string][]): DebriefTurn[] {
  return pairs.flatMap(([q, a], i) => [
    { speaker: 'ai' as const, text: q, startedAt: at(i * 40), endedAt: at(i * 40 + 8) },
    { speaker: 'user' as const, text: a, startedAt: at(i * 40 + 10), endedAt: at(i * 40 + 30), words: sure(a) },
  ]);
}
const JOB = {
  title: 'Children’s Book Illustrator',
  description: 'Illustrate picture books.',
  skills: [{ name: 'Illustration' }, { name: 'Colour theory' }],
  customQuestions: [],
};

describe('words as a person hears them', () => {
  it.each([
    ['colour', 'color'],
    ['colours', 'color'],
    ['illustration', 'illustrating'],
    ['illustrated', 'illustrator'],
    ['designing', 'designer'],
    ['animation', 'animate'],
    ['modelling', 'modeling'],
    ['organise', 'organized'],
    ['layering', 'layers'],
    ['processing', 'process'],
  ])('%s and %s share a stem', (a, b) => {
    expect(stem(a)).toBe(stem(b));
  });

  it('counts the job terms said in any form and spelling, each once', () => {
    const vocabulary = buildVocabulary({ skills: JOB.skills, title: JOB.title });
    expect(jobTermsIn('I love illustrating and I studied color theory for years', vocabulary)).toEqual([
      'Illustration',
      'Colour theory',
    ]);
    // "color" alone is not the term "Colour theory".
    expect(jobTermsIn('I pick every color by hand', vocabulary)).toEqual([]);
  });

  it('knows named tools and techniques written in lower case, as recognizers write them', () => {
    expect(namesToolOrTechnique('i did the thumbnails in procreate and then inked them')).toBe(true);
    expect(namesToolOrTechnique('i did some layering with masks')).toBe(true);
    expect(namesToolOrTechnique('i worked hard on it and the client was happy')).toBe(false);
  });
});

describe('one tip per answer, from what it lacked', () => {
  it('an answer that named tools or techniques is never told to name them', () => {
    const d = computeDebrief(
      interview([
        [
          'Tell me about a recent project.',
          'I sketched thumbnails in procreate, then did the layering and masking in photoshop for a picture book that sold two thousand copies',
        ],
      ]),
      JOB,
    );
    expect(d.answers[0]!.suggestion).not.toMatch(/tool or technique/);
  });

  it('never gives the same tip to most answers, even when they all lack the same thing', () => {
    // Four concrete answers, none with a number: the first rule alone would say "give a number" four times.
    const answers: [string, string][] = [
      [
        'Tell me about a recent project.',
        'I illustrated a picture book in procreate and the publisher loved the final spreads',
      ],
      [
        'How do you choose colours?',
        'I start from the mood of the story and I build a small palette in photoshop before I paint',
      ],
      [
        'What is your process?',
        'I sketch thumbnails first, then I do the line art and the shading, and I deliver layered files',
      ],
      [
        'How do you work with an art director?',
        'I send rough sketches early and I change the layout when the art director asks for it',
      ],
    ];
    const d = computeDebrief(interview(answers), JOB);
    const tips = d.answers.map((a) => a.suggestion!.replace(/\(like [^)]*\)/, ''));
    expect(tips.every(Boolean)).toBe(true);
    const counts = new Map<string, number>();
    for (const t of tips) counts.set(t, (counts.get(t) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
  });

  it("the tip follows the answer's own gap: a short answer is asked for a full example, a feedback answer for its reason", () => {
    const d = computeDebrief(
      interview([
        ['Tell me about a recent project.', 'Mostly book covers.'],
        [
          'Tell me about a time you got critical feedback on your work.',
          'My editor said the palette in photoshop was too dark on three spreads and I repainted them all for the second print run',
        ],
      ]),
      JOB,
    );
    expect(d.answers[0]!.suggestion).toMatch(/^Communication: give a full example/);
    expect(d.answers[1]!.suggestion).toMatch(/^Critique ability: say why/);
  });
});
