import { describe, expect, it } from 'vitest';
import { PRACTICE_MAX_MINUTES, PRACTICE_QUESTIONS } from '@app/shared';
import { buildPlan, type PlanInput } from '../../src/interview/plan';
import { StructuredInterviewer } from '../../src/interview/providers/llm/structured';

/** The practice run's script agrees with itself: intro, greeting, questions, goodbye (decision 0183). */
const input: PlanInput = {
  job: {
    title: 'Illustrator',
    description: 'Rate illustrations',
    positionType: 'Contract',
    interviewType: 'custom_questions',
    skills: [{ name: 'Illustration' }, { name: 'Color theory' }],
    // The hiring team's own questions: a real interview always asks them, a practice asks its two.
    customQuestions: ['What inspires you?', 'How do you handle revisions?', 'Which brushes do you prefer?'],
  },
  candidate: { name: 'Dana Rivers' },
};
const practice = () =>
  buildPlan(input, { maxQuestions: PRACTICE_QUESTIONS, maxMinutes: PRACTICE_MAX_MINUTES, practice: true });

describe('the practice script', () => {
  it('asks exactly the number of questions its greeting announces', () => {
    const plan = practice();
    expect(plan.questions).toHaveLength(PRACTICE_QUESTIONS);
    const i = new StructuredInterviewer(plan);
    const greeting = i.render({
      move: { kind: 'greeting', question: plan.questions[0]! },
      history: [],
      minutesLeft: 5,
    });
    expect(greeting).toBe(
      `Hi Dana, I am the AI interviewer and this is your practice interview: two questions, up to 5 minutes, and nothing is recorded or scored. ${plan.questions[0]}`,
    );
    // A real interview of the same job keeps every one of the hiring team's questions.
    const real = buildPlan(input, { maxQuestions: 2, maxMinutes: 25 });
    expect(real.questions).toEqual(expect.arrayContaining(input.job!.customQuestions));
  });

  it('never says a hiring team will review a practice; a real interview still does', () => {
    const goodbye = (practiceRun: boolean) =>
      new StructuredInterviewer(
        practiceRun ? practice() : buildPlan(input, { maxQuestions: 6, maxMinutes: 25 }),
      ).render({ move: { kind: 'closing' }, history: [], minutesLeft: 0 });
    expect(goodbye(true)).not.toMatch(/hiring team|review/i);
    expect(goodbye(true)).toBe(
      "Thank you, Dana. That's all my questions for today. That was the practice. Your debrief is ready on the next screen. Goodbye!",
    );
    expect(goodbye(false)).toMatch(/The hiring team will review our conversation/);
  });

  it('quotes nothing of the last answer in a practice goodbye (a misheard word would be named); a real one still may', () => {
    const about = { text: 'the raphael', kind: 'thing' as const, confidence: 0.9, fromJob: false, at: 0 };
    const closing = (practiceRun: boolean) =>
      new StructuredInterviewer(
        practiceRun ? practice() : buildPlan(input, { maxQuestions: 6, maxMinutes: 25 }),
      ).render({ move: { kind: 'closing', about }, history: [], minutesLeft: 0 });
    expect(closing(true)).not.toMatch(/raphael/i);
    expect(closing(true)).toBe(
      "Thank you, Dana. That's all my questions for today. That was the practice. Your debrief is ready on the next screen. Goodbye!",
    );
    expect(closing(false)).toMatch(/raphael/i);
  });

  it('tells a language model it is a practice with its count, and not to mention a hiring team', () => {
    expect(practice().systemPrompt).toMatch(/practice run .* covers these 2 questions/);
  });
});
