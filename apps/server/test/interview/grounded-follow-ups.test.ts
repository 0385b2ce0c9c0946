import { describe, expect, it } from 'vitest';
import { buildPlan, Conductor } from '../../src/interview/plan';
import { StructuredInterviewer } from '../../src/interview/providers/llm/structured';
import type { InterviewMove } from '../../src/interview/providers/types';
import { SURE } from '../../src/interview/understanding/understand';

/**
 * Grounded follow-ups on the live words (issue 33 item 5, decision 0178): the probe after a rich answer
 * names a concrete thing the candidate surely said, in a sentence a person would say, and never a word the
 * recognizer was unsure of, a unit of time or a generic noun.
 */
const job = {
  title: 'Ceramics Studio Technician',
  description: 'Mix glazes, load and fire the gas kiln and the electric kilns, and maintain the pottery wheels.',
  positionType: 'Contract',
  interviewType: 'standard' as const,
  skills: [{ name: 'Glaze chemistry' }, { name: 'Kiln firing' }],
  customQuestions: [],
};
const plan = () =>
  buildPlan(
    { job, candidate: { name: 'Noor Haddad', skills: ['Peter Pugger', 'Skutt'] } },
    { maxMinutes: 25, maxQuestions: 8 },
  );

/** The answer as the live recognizer reports it: every word sure (0.95) unless given its own confidence. */
function heard(text: string, unsure: Record<string, number> = {}) {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ({ text: w, confidence: unsure[w.toLowerCase()] ?? 0.95 }));
  return { text, words };
}

/** The interviewer's reply to a rich answer given to the second planned question. */
function replyTo(answer: { text: string; words: { text: string; confidence: number }[] }) {
  const p = plan();
  const c = new Conductor(p);
  c.opening();
  c.next('I have worked in a pottery studio for a long time', 0, 'done');
  const move: InterviewMove = c.next(c.understand(answer.text, answer.words), 60000);
  const text = new StructuredInterviewer(p).render({ move, history: [], minutesLeft: 20 });
  const named = 'about' in move ? move.about?.text : undefined;
  return { move, text, named };
}

describe('a follow-up names a concrete thing the candidate surely said', () => {
  it('names the sure thing, phrased as a person would', () => {
    const { move, text, named } = replyTo(
      heard('Before a glaze goes on the shelf I always fire a row of test tiles in the small kiln'),
    );
    expect(move).toMatchObject({ kind: 'follow_up', reason: 'probe' });
    expect(named).toBe('test tiles');
    expect(text).toMatch(/^(You mentioned test tiles — |Going back to test tiles — )\S.*\?$/);
  });

  it('an unsure article does not stop a thing being named: the interviewer says its own "the"', () => {
    const { text, named } = replyTo(
      heard('I check every glaze with the grey card under my lamp', { the: 0.3, my: 0.2, under: 0.9 }),
    );
    expect(named).toBe('the grey card');
    expect(text).toContain('the grey card — ');
  });

  it('one plain noun the candidate brought up is a thing to ask about', () => {
    const { named, text } = replyTo(heard('I glaze every piece on a turntable so nothing touches the shelf'));
    expect(named).toBe('the turntable');
    expect(text).toMatch(/the turntable — /);
  });

  it('a phrase heard without its article is said back with one', () => {
    const { named } = replyTo(heard('I send is small preview gallery first and then deliver every photo later'));
    expect(named).toBe('the small preview gallery');
  });

  it('the candidate’s names are written their way', () => {
    const { text } = replyTo(heard('Our clay reclaim goes through a peter pugger so students get soft clay again'));
    expect(text).toMatch(/Peter Pugger|soft clay|clay reclaim/);
    expect(text).not.toMatch(/peter pugger/);
  });
});

describe('never a word that was not surely heard', () => {
  it('an unsure word is never named, even when a sure thing is left to name', () => {
    const { text, named } = replyTo(
      heard('I repaired two shrimp wheels when the pedals stopped working in the cold studio', {
        shrimp: 0.4,
        pedals: 0.6,
      }),
    );
    expect(text).not.toMatch(/shrimp|pedals/);
    expect(named).toBe('the cold studio');
  });

  it('job vocabulary gets no exemption: an unsure "gas kiln" is not said back', () => {
    const answer = heard('The reduction started too late in the gas kiln so one celadon came out cloudy', {
      gas: 0.3,
      kiln: 0.5,
      celadon: 0.4,
      reduction: 0.5,
      cloudy: 0.6,
    });
    const { move, text } = replyTo(answer);
    expect(text).not.toMatch(/gas|kiln|celadon|reduction/);
    // Still a follow-up: nothing surely heard to name, so it asks without naming.
    expect(move).toMatchObject({ kind: 'follow_up', reason: 'probe' });
    expect(move).not.toHaveProperty('about');
  });

  it('a word just under the line is unsure, one at the line is sure', () => {
    const said = 'Each glaze is written in a shared notebook next to the scales';
    const under = replyTo(heard(said, { notebook: SURE - 0.01 }));
    expect(under.text).not.toMatch(/notebook/);
    expect(under.named).toBe('the scales');
    const at = replyTo(heard(said, { notebook: SURE }));
    expect(at.named).toBe('the shared notebook');
  });
});

describe('never a unit of time or a generic noun', () => {
  it.each([
    [
      'I worked there for three weeks and then two months in a bigger place with lots of people',
      /weeks|months|people|place/,
    ],
    ['Every morning I spend a couple of hours on practice and my own things', /morning|hours|practice|things|couple/],
    ['I teach the students and help my friend with her stuff on the weekend', /students|friend|stuff|weekend/],
  ])('%s', (text, never) => {
    const { text: reply, named } = replyTo(heard(text));
    if (named) expect(named).not.toMatch(never);
    expect(reply).not.toMatch(never);
  });
});
