import { describe, expect, it } from 'vitest';
import { computeDebrief, findFillers, type DebriefTurn } from '../../src/interview/debrief/compute';

const T0 = Date.parse('2026-01-05T10:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000);
const ai = (from: number, to: number, text: string): DebriefTurn => ({
  speaker: 'ai',
  text,
  startedAt: at(from),
  endedAt: at(to),
});
const user = (from: number, to: number, text: string, words?: DebriefTurn['words']): DebriefTurn => ({
  speaker: 'user',
  text,
  startedAt: at(from),
  endedAt: at(to),
  words,
});
const sure = (text: string, confidence = 0.95) => text.split(' ').map((w) => ({ text: w, confidence }));

const JOB = {
  title: 'Motion Designer',
  description: 'Animate explainers for fintech clients.',
  skills: [{ name: 'After Effects' }, { name: 'Typography' }],
  customQuestions: [],
};

// 30 words in 12 s (150 wpm), two of them "um".
const FIRST =
  'um I animated a launch video for a coffee roaster in Lisbon in After Effects and um we shipped twelve cuts that lifted sign ups by thirty percent last spring';
// 10 words in 6 s (100 wpm), one "you know" filler.
const SECOND = 'I kept it simple you know with a clean grid';

describe('debrief figures from a hand-made transcript with known timings', () => {
  const turns = [
    ai(0, 10, 'Hi Sam. Tell me about a recent project. What did you make?'),
    user(12, 24, FIRST, sure(FIRST)),
    ai(25, 30, 'Thanks. How do you lay out a title card?'),
    user(31, 37, SECOND, sure(SECOND)),
  ];
  const d = computeDebrief(turns, JOB);

  it('measures words per minute per answer and overall', () => {
    expect(d.answers.map((a) => a.words_per_minute)).toEqual([150, 100]);
    // 40 words in 18 s of answers
    expect(d.delivery.words_per_minute).toBe(133);
    expect(d.delivery.wpm_band).toEqual([130, 175]);
  });

  it('counts fillers per 100 words and marks them in the text', () => {
    expect(d.answers[0]!.fillers).toEqual(['um', 'um']);
    expect(d.answers[1]!.fillers).toEqual(['you know']);
    expect(d.delivery.filler_per_100_words).toBe(7.5);
    const [a] = d.answers;
    expect(a!.filler_spans.map(([s, e]) => a!.text.slice(s, e))).toEqual(['um', 'um']);
  });

  it('measures talk share, the longest answer and the time taken to start answering', () => {
    // 18 s of the candidate against 15 s of the interviewer
    expect(d.delivery.talk_share).toBe(0.55);
    expect(d.delivery.longest_answer_seconds).toBe(12);
    expect(d.answers.map((a) => a.start_seconds)).toEqual([2, 1]);
    expect(d.delivery.start_seconds).toBe(1.5);
  });

  it('reads content per answer: concrete things, job terms, one rule-based suggestion in the rubric words', () => {
    const [a, b] = d.answers;
    expect(a!.question).toBe('Hi Sam. Tell me about a recent project. What did you make?');
    expect(a!.job_terms).toEqual(['After Effects']);
    expect(a!.concrete_items).toEqual(expect.arrayContaining(['After Effects', 'animated a launch video']));
    expect(a!.concrete_items.join(' ')).not.toMatch(/\bspring\b|\bum\b/);
    expect(a!.suggestion).toBe(
      'Communication: pause instead of saying "um": a short silence sounds surer than a filler.',
    );
    expect(b!.suggestion).toMatch(/^Communication: give a full example/);
    expect(d.reliable).toBe(true);
  });

  it('joins the pieces of one answer split by a pause', () => {
    const split = computeDebrief(
      [ai(0, 5, 'Tell me about your work.'), user(6, 12, FIRST.slice(0, 40)), user(13, 18, FIRST.slice(41))],
      JOB,
    );
    expect(split.answers).toHaveLength(1);
    expect(split.answers[0]!.seconds).toBe(11);
  });
});

describe('the unreliable-audio case', () => {
  const muddy = 'and the thing with the um colour was kind of off so we did it again';
  const turns = [
    ai(0, 5, 'Tell me about a time you got critical feedback on your work.'),
    user(
      6,
      14,
      muddy,
      muddy.split(' ').map((w, i) => ({ text: w, confidence: i % 3 === 0 ? 0.9 : 0.3 })),
    ),
    ai(15, 20, 'What tool do you use most?'),
    user(21, 27, SECOND, sure(SECOND)),
  ];
  const d = computeDebrief(turns, JOB);

  it('says the audio was hard to hear and judges nothing in that answer', () => {
    const [a] = d.answers;
    expect(d.reliable).toBe(false);
    expect(a).toMatchObject({
      reliable: false,
      words_per_minute: null,
      fillers: [],
      concrete_items: [],
      job_terms: [],
      suggestion: null,
    });
    expect(a!.text).toBe(muddy);
  });

  it('keeps the unsure answer out of pace and fillers, but its time still counts as talk time', () => {
    expect(d.delivery.words_per_minute).toBe(100);
    expect(d.delivery.filler_per_100_words).toBe(10);
    // 14 s of the candidate, 10 s of the interviewer
    expect(d.delivery.talk_share).toBe(0.58);
    expect(d.answers[1]!.reliable).toBe(true);
  });
});

describe('fillers', () => {
  it.each([
    ['um so I uh started', ['um', 'uh']],
    ['do you know the grid', []],
    ['it was you know a lot', ['you know']],
    ['I mean the kerning', ['I mean']],
    ['what I mean is', []],
    ['I like the layout', []],
  ])('%s', (text, expected) => {
    expect(findFillers(text).fillers).toEqual(expected);
  });
});

describe('suggestions', () => {
  const answerTo = (question: string, text: string) =>
    computeDebrief([ai(0, 5, question), user(6, 26, text, sure(text))], JOB).answers[0]!.suggestion;

  it.each([
    [
      'How have you used Typography in your work?',
      'I spent a lot of time making the titles look right for a client and they were happy with how it all came out',
      /^Role fit: the question was about Typography/,
    ],
    [
      'Tell me about a recent project.',
      'I made a short film for a local bakery and I handled the whole thing from the first idea to the final delivery',
      /^Creative expertise: say which tool or technique you used/,
    ],
    [
      'Tell me about a time you got critical feedback.',
      'My art director said the transitions in After Effects were too busy and I cut them down for the next review',
      /^Critique ability: say why/,
    ],
    [
      'Tell me about a recent project.',
      'I animated an explainer in After Effects for a bank and the client used it across their whole onboarding flow',
      /^Creative expertise: give the result in a number/,
    ],
  ])('%s / %s', (question, text, expected) => {
    expect(answerTo(question, text)).toMatch(expected);
  });
});
