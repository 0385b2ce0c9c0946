import { describe, expect, it } from 'vitest';
import { CONTROL_PHRASES, detectIntent } from '../../src/interview/intents';
import { buildPlan, Conductor, skillNoun } from '../../src/interview/plan';
import { StructuredInterviewer } from '../../src/interview/providers/llm/structured';
import { understand, sayable } from '../../src/interview/understanding/understand';
import { conversationFigures, heardWords, runConversation, type ScriptedAnswer } from './conversation';

const job = {
  title: 'Product Photographer',
  description: 'Photograph products for online shops: clean backgrounds, accurate colors, consistent light.',
  positionType: 'Contract',
  interviewType: 'standard' as const,
  skills: [{ name: 'Studio lighting' }, { name: 'Adobe Lightroom' }, { name: 'ZBrush' }],
  customQuestions: ['How do you check that the colors in a photo match the real product?'],
};
const plan = (maxMinutes = 25) => buildPlan({ job, candidate: { name: 'Ana Lima' } }, { maxMinutes, maxQuestions: 8 });

async function talk(answers: ScriptedAnswer[], maxMinutes = 25) {
  const p = plan(maxMinutes);
  const r = await runConversation(p, new StructuredInterviewer(p), answers);
  const ai = r.lines.filter((l) => l.speaker === 'ai').map((l) => l.text);
  return { p, r, ai, figures: conversationFigures(p, r, job.description, job.customQuestions) };
}

const RICH = 'Last winter I photographed a whole kitchen catalog in my garage with two windows and a white sheet';

describe('understanding an answer', () => {
  it('finds what the candidate did, the things and tools they named, and durations', () => {
    const u = understand(`${RICH}, it took three weeks and I edited it in Capture One`);
    const texts = u.items.map((i) => i.text);
    expect(texts).toEqual(
      expect.arrayContaining(['photographed a whole kitchen catalog', 'your garage', 'two windows', 'three weeks']),
    );
    expect(u.concrete).toBe(true);
    expect(understand('not sure, maybe some stuff').vague).toBe(true);
    expect(understand('I went to the beach with my dog and the weather was lovely all weekend').offTopic).toBe(true);
  });

  it('names back only words heard surely, the job vocabulary included (issue 33)', () => {
    const { text, words } = heardWords(
      'I lit the [[bottles]] with a [[strobe]] and finished them in Adobe [[Lightroom]]',
    );
    const u = understand(text, { words, vocabulary: plan().vocabulary });
    const said = sayable(u).map((i) => i.text);
    expect(said.join(' ')).not.toMatch(/bottles|strobe|Lightroom/);
    const sure = heardWords('I lit the bottles with a strobe and finished them in Adobe Lightroom');
    expect(
      sayable(understand(sure.text, { words: sure.words, vocabulary: plan().vocabulary })).map((i) => i.text),
    ).toContain('Adobe Lightroom');
    expect(u.unsure).toEqual(['bottles', 'strobe', 'lightroom']);
  });
});

describe('control intents survive recognition errors', () => {
  it.each([
    ['give me an amen please', 'wait'],
    ['could you repeat the quest in', 'repeat'],
    ['i dont no', 'dont_know'],
    ['thats all', 'done'],
    ['um can you explain the question please', 'explain'],
    ['I want to end the interview', 'stop'],
  ])('"%s" is %s', (said, intent) => expect(detectIntent(said)?.intent).toBe(intent));

  it.each([
    'I repeated the process with every product',
    'I hold on to my old camera because I know its colors',
    "I don't know if it was right, but I reshot the whole set with a polarizer",
    'that is all I needed for the shoot to work well',
  ])('an answer is not a request: "%s"', (said) => expect(detectIntent(said)).toBeNull());

  it('exports its phrases for the recognizer vocabulary', () => {
    for (const p of [
      'repeat the question',
      'give me a moment',
      "i don't know",
      "that's all",
      'can you explain the question',
    ]) {
      expect(CONTROL_PHRASES).toContain(p);
    }
  });
});

describe('scripted candidates through understanding, conductor and the built-in interviewer', () => {
  it('a rich answer earns a follow-up naming what the candidate did', async () => {
    const { ai } = await talk([{ say: RICH, concrete: true }]);
    expect(ai[1]).toMatch(/photographed a whole kitchen catalog.*\?$/);
  });

  it('a vague answer earns a clarifying question that quotes nothing', async () => {
    // The opening question first gets a narrower one (issue 27); a vague answer to a later one a clarifying one.
    const { ai, p } = await talk([{ say: 'I guess I like it, kind of' }, { say: 'I guess I like it, kind of' }]);
    expect(ai[1]).toContain(p.openingRephrase);
    expect(ai[2]).toContain(p.questions[1]);
    const later = await talk([
      { say: RICH, concrete: true },
      { say: 'I shot it in my garage with two softboxes and a white sweep' },
      { say: 'I guess I like it, kind of' },
    ]);
    expect(later.ai[3]).toMatch(/example|specific|step by step|project|working day/);
    expect(later.ai[3]).not.toMatch(/like it/);
  });

  it('an off-topic answer is steered back to the question', async () => {
    const { ai, p } = await talk([
      { say: 'My cousin has a boat and we went fishing on the lake last summer, it was fun' },
    ]);
    expect(ai[1]).toContain(p.questions[0]);
    expect(ai[1]).not.toMatch(/boat|fishing|lake/);
  });

  it('"repeat the question" repeats it; "give me an amen please" waits', async () => {
    const { ai, p } = await talk([{ say: 'sorry can you repeat the question' }, { say: 'give me an amen please' }]);
    expect(ai[1]).toBe(`Sure. ${p.questions[0]}`);
    expect(ai[2]).toBe('Of course, take your time.');
  });

  it('silence gets the question again after a while; "I don\'t know" moves on without a follow-up', async () => {
    const { ai, p } = await talk([{ say: 'I do not know', silenceBefore: 35 }, { say: 'I do not know' }]);
    expect(ai[1]).toBe(`Take your time. Whenever you're ready: ${p.questions[0]}`);
    // Unsure at the opening: one narrower, encouraging question first (issue 27), then on.
    expect(ai[2]).toMatch(new RegExp(`${escape(p.openingRephrase!)}$`));
    expect(ai[3]).toMatch(
      new RegExp(`^(That's alright\\.|No problem\\.|That's fine, let's move on\\.) ${escape(p.questions[1]!)}$`),
    );
  });

  it('a long monologue is reflected in a few words and the interview moves on', async () => {
    const long = `${RICH}. ${'Then I retouched every frame and matched the colors to the samples the client sent me. '.repeat(6)}`;
    const { ai, p } = await talk([{ say: long, concrete: true }]);
    expect(ai[1]!.endsWith(p.questions[1]!)).toBe(true);
    expect(ai[1]!.replace(p.questions[1]!, '').split(/\s+/).length).toBeLessThanOrEqual(12);
  });

  it('"I want to end the interview" closes it, naming what happens next once', async () => {
    const { ai } = await talk([{ say: 'I want to end the interview' }]);
    expect(ai.at(-1)).toMatch(/Goodbye!$/);
    expect(ai.at(-1)!.match(/next steps/g)).toHaveLength(1);
  });

  it('misheard words (low confidence) are never said back', async () => {
    const { figures, ai } = await talk([
      { say: 'I shot [[jewelry]] on a [[plexiglass]] sheet with two [[strip]] lights', concrete: true },
      { say: 'For a [[bakery]] I photographed forty [[croissants]] on a marble table', concrete: true },
    ]);
    expect(figures.misheardEchoed).toEqual([]);
    expect(ai.join(' ')).not.toMatch(/jewelry|plexiglass|bakery|croissants/i);
  });

  it('a concrete answer heard too unsurely to name still gets a probe, phrased without naming anything', async () => {
    const { ai } = await talk([
      {
        say: 'Last winter I [[photographed]] a whole [[kitchen]] [[catalog]] in my [[garage]] with two [[windows]] and a [[white]] [[sheet]]',
        concrete: true,
      },
    ]);
    expect(ai[1]).toMatch(/hardest part of that|yourself, step by step|turn out|most proud/);
    expect(ai[1]).not.toMatch(/photograph|kitchen|catalog|garage|window|sheet/i);
  });

  it('skills are common nouns unless names; no sentence is said twice; every custom question is asked in time', async () => {
    const { ai, figures, p, r } = await talk(
      Array.from({ length: 14 }, (_, i) => ({
        say: `I built ${i + 2} product sets from cardboard and foam for a shoe shop`,
        concrete: true,
      })),
      8,
    );
    expect(p.questions.join(' ')).toContain('How have you used studio lighting in your work?');
    expect(p.questions.join(' ')).toContain('How have you used ZBrush in your work?');
    expect(skillNoun('Color Grading', 'color grading of footage')).toBe('color grading');
    expect(skillNoun('Cinema 4D')).toBe('Cinema 4D');
    expect(figures.repeatedSentences).toEqual([]);
    expect(figures.customAsked).toBe(1);
    expect(r.closedAtMs).not.toBeNull();
    expect(r.closedAtMs!).toBeLessThanOrEqual(8 * 60000);
    expect(ai.filter((t) => /Goodbye!$/.test(t))).toHaveLength(1);
  });

  it('the greeting with the first question stays short', async () => {
    const { ai } = await talk([]);
    expect(ai[0]!.split(/\s+/).length).toBeLessThanOrEqual(36);
  });
});

describe('follow-up budget', () => {
  it('comes from the time limit: a short interview probes less than a long one', () => {
    const probes = (minutes: number) => {
      const c = new Conductor(plan(minutes));
      c.opening();
      let n = 0;
      for (let i = 0; i < 20 && !c.isClosed; i++) {
        if (c.next(`I photographed ${i + 3} ceramic vases for a gallery in my studio`, 0).kind === 'follow_up') n++;
      }
      return n;
    };
    expect(probes(5)).toBeLessThan(probes(25));
    expect(probes(5)).toBeGreaterThanOrEqual(1);
  });
});

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
