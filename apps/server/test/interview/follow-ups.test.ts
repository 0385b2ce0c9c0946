import { describe, expect, it } from 'vitest';
import { buildPlan, Conductor } from '../../src/interview/plan';
import { StructuredInterviewer } from '../../src/interview/providers/llm/structured';
import type { InterviewMove } from '../../src/interview/providers/types';
import { detectIntent } from '../../src/interview/intents';

/**
 * Follow-ups a person would say (issue 27): what the built-in interviewer may and may not name back,
 * and the narrower question after an unsure opening reply.
 */
const job = {
  title: 'Motion Designer',
  description: 'Animate explainers and social cuts for fintech and consumer brands.',
  positionType: 'Contract',
  interviewType: 'standard' as const,
  skills: [{ name: 'After Effects' }, { name: 'Kinetic typography' }],
  customQuestions: [],
};
const plan = (position?: string) =>
  buildPlan({ job, candidate: { name: 'Priya Shah', position } }, { maxMinutes: 25, maxQuestions: 8 });

const render = (p: ReturnType<typeof plan>, move: InterviewMove) =>
  new StructuredInterviewer(p).render({ move, history: [], minutesLeft: 20 });

/** The reply to `answer` given to the second planned question, without the next planned question in it. */
function replyTo(answer: string) {
  const p = plan('motion designer');
  const c = new Conductor(p);
  c.opening();
  // The opening answered plainly and moved on from, so the answer under test meets a fresh question.
  c.next('I moved from print to motion and I love it', 0, 'done');
  const move = c.next(answer, 60000, detectIntent(answer)?.intent ?? null);
  const text = render(p, move);
  const own = move.kind === 'question' ? text.replace(move.question, '') : text;
  return { move, text, own, named: move.kind !== 'closing' && 'about' in move ? move.about?.text : undefined };
}

describe('what may be named back', () => {
  it.each([
    [
      'In my animation I keep each word on screen for at least twelve frames so people can read it on a phone',
      /twelve frames/,
    ],
    [
      'I animated a sixty second explainer for a fintech startup with my own character rig',
      /animated a sixty second explainer/,
    ],
    [
      'For a coffee roaster in Lisbon I made the launch video and all the social cuts',
      /coffee roaster|launch video|social cuts/,
    ],
    [
      'I built the title cards in After Effects with shape layers and a lot of easing work',
      /After Effects|built the title cards|shape layers/,
    ],
    ['I painted a mural with acrylic on a brick wall for a cafe in my town', /painted a mural|brick wall|acrylic/],
  ])('%s', (answer, expected) => {
    const { named, own } = replyTo(answer);
    expect(named).toMatch(expected);
    expect(own).toMatch(expected);
  });
});

describe('what is never named back: units of time and generic words', () => {
  it.each([
    [
      'I worked on motion for three months at a small agency and then for two years at a studio',
      /months|years|three months|two years/,
    ],
    [
      'I did a lot of work and stuff for the team over a few days and it was fine',
      /\b(work|stuff|things?|days?|team)\b/,
    ],
    ['Every morning I spend two hours on my own things and a bit of practice each week', /morning|hours|things|week/],
    ['I have my own license for the tools and I can do twenty five hours a week', /license|tools|hours|week/],
    ['It took me a month and a day to finish the whole thing last spring', /month|day|thing|spring/],
  ])('%s', (answer, never) => {
    const { named, own } = replyTo(answer);
    if (named) expect(named).not.toMatch(never);
    expect(own).not.toMatch(never);
  });
});

describe('sentences a person would say, not a template around a noun', () => {
  const answers = [
    'I keep each word on screen for at least twelve frames so people can read it on a phone',
    'For a coffee roaster in Lisbon I made the launch video and all the social cuts',
    'I built the title cards in After Effects with shape layers',
    'A sneaker brand swapped their logo two days before launch so I rebuilt the end card',
    'I block out storyboards first and then lock the animatic with the client',
  ];
  it.each(answers)('%s', (answer) => {
    const { own } = replyTo(answer);
    expect(own).not.toMatch(/What role did .* play in that work|I appreciate the detail about|Good to hear about/);
    // No plural named as if singular ("twelve frames is").
    expect(own).not.toMatch(/\b(frames|cuts|layers|storyboards) is\b/);
  });
});

describe('an unsure or vague reply to the opening question', () => {
  it.each([
    ["I don't know", 'motion designer'],
    ["I'm not sure", 'motion designer'],
    ['um maybe', undefined],
    ['I guess it just seemed fine', 'motion designer'],
  ])('"%s" gets one narrower, encouraging question before moving on', (answer, position) => {
    const p = plan(position);
    const c = new Conductor(p);
    c.opening();
    const move = c.next(answer, 5000, detectIntent(answer)?.intent ?? null);
    expect(move).toMatchObject({ kind: 'follow_up', reason: 'rephrase' });
    const text = render(p, move);
    expect(text).toMatch(/^(That's alright, let's start smaller\.|No problem, there's no wrong answer here\.)/);
    expect(text).not.toContain(p.questions[0]);
    expect(text).toMatch(position ? /What kind of work do you enjoy most as a motion designer\?$/ : /recently/);
    expect(text).not.toMatch(/move on/);
    // Still unsure: the interview moves on, without a second rephrasing.
    const after = c.next("I'm not sure", 20000, 'dont_know');
    expect(after).toMatchObject({ kind: 'question', question: p.questions[1] });
  });

  it.each([
    ['I animated a launch video for a coffee roaster in Lisbon four years ago', 'probe'],
    ['My cousin has a boat and we went fishing on the lake last summer, it was fun', 'steer'],
  ])('"%s" is not rephrased (%s)', (answer, reason) => {
    const c = new Conductor(plan('motion designer'));
    c.opening();
    expect(c.next(answer, 5000)).toMatchObject({ kind: 'follow_up', reason });
  });

  it('an unsure reply to a later question is not rephrased', () => {
    const c = new Conductor(plan('motion designer'));
    c.opening();
    c.next('I moved from print to motion and I love it', 0, 'done');
    expect(c.next("I don't know", 60000, 'dont_know')).toMatchObject({ kind: 'question', after: 'dont_know' });
  });
});
