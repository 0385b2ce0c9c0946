import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RUBRIC_CRITERIA, RUBRIC_VERSION, assessmentSchema } from '@app/shared';
import { buildTestApp, type TestContext } from '../helpers/build';
import {
  assessInterview,
  builtInAssessment,
  checkModelReply,
  ModelReplyRejected,
} from '../../src/interview/assessment';
import { normalize } from '../../src/interview/assessment/text';
import { GOOD_CONVERSATION, readInterview, seedInterview } from './fixtures';
import { modelAnswer, startFakeModel } from './fake-model';

const candidateLines = GOOD_CONVERSATION.filter(([s]) => s === 'user').map(([, t]) => t);
const saidByCandidate = (quote: string) => candidateLines.some((l) => normalize(l).includes(normalize(quote)));

describe('built-in assessment of a stored transcript', () => {
  let t: TestContext;
  beforeAll(async () => (t = await buildTestApp()));
  afterAll(async () => t.close());

  it('scores every rubric criterion with quotes the candidate really said, and moves the interview to under_review', async () => {
    const { interview } = await seedInterview(t.app.db);
    const assessment = await assessInterview(t.app.db, t.config, interview.id);

    const row = await readInterview(t.app.db, interview.id);
    expect(row.status).toBe('under_review');
    expect(row.assessedAt).toBeInstanceOf(Date);
    const stored = assessmentSchema.parse(row.assessment);
    expect(stored).toEqual(assessment);

    expect(stored.rubric_version).toBe(RUBRIC_VERSION);
    expect(stored.rubric_version).toBe('rubric-v1');
    expect(stored.method).toBe('built_in');
    expect(stored.status).toBe('scored');
    expect(stored.criteria.map((c) => c.key)).toEqual(RUBRIC_CRITERIA.map((c) => c.key));
    for (const c of stored.criteria) {
      expect(c.score).toBeGreaterThanOrEqual(1);
      expect(c.score).toBeLessThanOrEqual(5);
      expect(c.rationale.length).toBeGreaterThan(10);
      expect(c.quotes.length).toBeGreaterThan(0);
      for (const q of c.quotes) expect(saidByCandidate(q), q).toBe(true);
    }
    // The strong candidate is recognised as such, and the measured facts are visible.
    expect(stored.criteria.find((c) => c.key === 'critique_ability')!.score).toBeGreaterThanOrEqual(4);
    expect(stored.criteria.find((c) => c.key === 'creative_expertise')!.score).toBe(5);
    expect(stored.recommendation).not.toBe('do_not_advance');
    expect(stored.signals.candidate_turns).toBe(4);
    expect(stored.signals.skills_covered).toEqual(['Figma', 'Typography']);
    expect(stored.signals.skills_missing).toEqual(['Motion design']);
    expect(stored.signals.questions_answered).toEqual(['How do you critique a layout someone else made?']);
    expect(stored.signals.speaking_seconds).toBeGreaterThan(30);
  });

  it('a greeting that names the job title does not count as asking a job question', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, s));
    const a = builtInAssessment({
      job: { title: 'Poster Critic', skills: [], customQuestions: ['How do you give critique on a poster?'] },
      turns: [
        {
          speaker: 'ai',
          text: 'Hi, I am the interviewer for the Poster Critic role. Just say give me a moment if needed.',
          startedAt: at(0),
          endedAt: at(5),
        },
        {
          speaker: 'user',
          text: 'Hello, I am a graphic designer with five years of experience in branding and illustration work for clients.',
          startedAt: at(6),
          endedAt: at(12),
        },
        { speaker: 'ai', text: 'Which tools do you use?', startedAt: at(13), endedAt: at(15) },
        {
          speaker: 'user',
          text: 'Mostly Figma and Illustrator, sometimes Photoshop for retouching photographs of printed work.',
          startedAt: at(16),
          endedAt: at(22),
        },
        { speaker: 'ai', text: 'What do you do outside work?', startedAt: at(23), endedAt: at(25) },
        {
          speaker: 'user',
          text: 'I draw comics, go hiking with friends and read a lot of science fiction novels on weekends.',
          startedAt: at(26),
          endedAt: at(32),
        },
      ],
    });
    expect(a.signals.questions_unanswered).toEqual(['How do you give critique on a poster?']);
  });

  it('a weak candidate scores lower than a strong one on the same job', () => {
    const job = { title: 'UI Design Rater', skills: [{ name: 'Figma', description: '' }], customQuestions: [] };
    const at = (s: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, s));
    const turns = (lines: string[]) =>
      lines.flatMap((text, i) => [
        { speaker: 'ai' as const, text: 'Next question, please.', startedAt: at(i * 20), endedAt: at(i * 20 + 2) },
        { speaker: 'user' as const, text, startedAt: at(i * 20 + 3), endedAt: at(i * 20 + 15) },
      ]);
    const strong = builtInAssessment({ job, turns: turns(candidateLines) });
    const weak = builtInAssessment({
      job,
      turns: turns([
        'I like pictures and I think design is nice and I have always wanted to try it out for a while now.',
        'Not sure really, it depends on the thing I guess, maybe it is fine or maybe it is not fine at all.',
        'I do not use any tools yet but I am a quick learner and I am very motivated to learn new things.',
      ]),
    });
    expect(weak.status).toBe('scored');
    expect(weak.overall_score!).toBeLessThan(strong.overall_score!);
    expect(weak.recommendation).toBe('do_not_advance');
  });

  it('flags a transcript that is too short for human review instead of scoring it', async () => {
    const { interview } = await seedInterview(t.app.db, {
      conversation: [
        ['ai', 'Tell me about yourself.'],
        ['user', 'I design things.'],
        ['ai', 'Which tools do you use?'],
        ['user', 'Figma mostly.'],
      ],
    });
    const assessment = await assessInterview(t.app.db, t.config, interview.id);
    expect(assessment!.status).toBe('needs_human_review');
    expect(assessment!.criteria).toEqual([]);
    expect(assessment!.recommendation).toBeNull();
    expect(assessment!.summary).toMatch(/spoke in 2 turn/);
    expect((await readInterview(t.app.db, interview.id)).status).toBe('under_review');
  });

  it('flags speech-to-text noise as unintelligible', async () => {
    const noise = 'xkcd brrr mm hmm tssk pfft grr zzz hmm mm brrr xkcd tssk pfft grr zzz hmm mm brrr';
    const { interview } = await seedInterview(t.app.db, {
      conversation: [
        ['ai', 'Tell me about yourself.'],
        ['user', noise],
        ['ai', 'Sorry?'],
        ['user', noise],
        ['ai', 'Could you repeat?'],
        ['user', noise],
        ['user', noise],
      ],
    });
    const assessment = await assessInterview(t.app.db, t.config, interview.id);
    expect(assessment!.status).toBe('needs_human_review');
    expect(assessment!.summary).toMatch(/intelligible/);
  });

  it('keeps a decision taken while the assessment ran', async () => {
    const { interview } = await seedInterview(t.app.db);
    const { interviews } = await import('../../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.app.db.update(interviews).set({ status: 'approved' }).where(eq(interviews.id, interview.id));
    await assessInterview(t.app.db, t.config, interview.id);
    const row = await readInterview(t.app.db, interview.id);
    expect(row.status).toBe('approved');
    expect(row.assessment).not.toBeNull();
  });
});

describe('assessment with an OpenAI-compatible model', () => {
  let t: TestContext;
  let model: Awaited<ReturnType<typeof startFakeModel>>;
  let replies: ((call: number) => string | { status: number }) | null = null;

  beforeAll(async () => {
    model = await startFakeModel((call) => replies!(call));
    t = await buildTestApp({ ASSESSMENT_LLM_BASE_URL: model.baseUrl, ASSESSMENT_LLM_MODEL: 'fake-rater-1' });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });
  afterEach(() => {
    model.requests.length = 0;
  });

  const realQuotes: [string, string, string, string] = [
    'I start with hierarchy, because the eye needs one clear entry point.',
    // Case and whitespace differences are tolerated.
    'FIGMA for wireframes   and prototypes, Illustrator for vector illustration',
    'the strength was the color palette, however the composition lacked balance',
    'I designed the onboarding flow for a fintech app used by two million people.',
  ];

  it('uses the model scores when every quote is in the candidate turns', async () => {
    replies = () => modelAnswer(realQuotes, [4, 5, 4, 3]);
    const { interview } = await seedInterview(t.app.db);
    const a = await assessInterview(t.app.db, t.config, interview.id);
    expect(a!.method).toBe('model');
    expect(a!.model).toBe('fake-rater-1');
    expect(a!.rubric_version).toBe('rubric-v1');
    expect(a!.criteria.map((c) => c.score)).toEqual([4, 5, 4, 3]);
    expect(a!.overall_score).toBe(4);
    expect(a!.recommendation).toBe('advance');
    expect(a!.fallback_reason).toBeNull();
    // One call, structured JSON asked for, the transcript sent with speakers marked.
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.model).toBe('fake-rater-1');
    expect(model.requests[0]!.response_format).toEqual({ type: 'json_object' });
    expect(model.requests[0]!.messages[1]!.content).toContain('CANDIDATE: Sure. I have been a product designer');
    expect((await readInterview(t.app.db, interview.id)).status).toBe('under_review');
  });

  it('rejects a reply with an invented quote, retries with the reason, and accepts the corrected reply', async () => {
    const invented: [string, string, string, string] = [...realQuotes];
    invented[2] = 'I have led critique sessions at Pixar for ten years.';
    replies = (call) => (call === 0 ? modelAnswer(invented) : modelAnswer(realQuotes));
    const { interview } = await seedInterview(t.app.db);
    const a = await assessInterview(t.app.db, t.config, interview.id);
    expect(model.requests).toHaveLength(2);
    const retry = model.requests[1]!.messages.at(-1)!.content;
    expect(retry).toContain('rejected');
    expect(retry).toContain('I have led critique sessions at Pixar');
    expect(a!.method).toBe('model');
    expect(a!.criteria.flatMap((c) => c.quotes)).not.toContain(invented[2]);
  });

  it('falls back to the built-in assessment when every reply invents a quote', async () => {
    const invented: [string, string, string, string] = [...realQuotes];
    invented[0] = 'I am the best communicator in the world.';
    replies = () => modelAnswer(invented);
    const { interview } = await seedInterview(t.app.db);
    const a = await assessInterview(t.app.db, t.config, interview.id);
    expect(model.requests).toHaveLength(3);
    expect(a!.method).toBe('built_in');
    expect(a!.status).toBe('scored');
    expect(a!.fallback_reason).toMatch(/fake-rater-1 not used: these quotes are not in the candidate's words/);
    for (const q of a!.criteria.flatMap((c) => c.quotes)) expect(saidByCandidate(q), q).toBe(true);
  });

  it('retries on bad JSON and on a server error, then succeeds', async () => {
    replies = (call) =>
      call === 0 ? 'Sure! Here is my assessment: {' : call === 1 ? { status: 503 } : modelAnswer(realQuotes);
    const { interview } = await seedInterview(t.app.db);
    const a = await assessInterview(t.app.db, t.config, interview.id);
    expect(model.requests).toHaveLength(3);
    expect(a!.method).toBe('model');
  });

  it('does not call the model for a transcript too short to score', async () => {
    replies = () => modelAnswer(realQuotes);
    const { interview } = await seedInterview(t.app.db, { conversation: [['ai', 'Hello?']] });
    const a = await assessInterview(t.app.db, t.config, interview.id);
    expect(a!.status).toBe('needs_human_review');
    expect(model.requests).toHaveLength(0);
  });
});

describe('checkModelReply', () => {
  it('rejects schema problems and duplicate criteria with a reason', () => {
    expect(() => checkModelReply('{"criteria":[]}', candidateLines)).toThrow(ModelReplyRejected);
    const dup = JSON.parse(
      modelAnswer(['Figma for wireframes', 'Figma for wireframes', 'Figma for wireframes', 'Figma for wireframes']),
    );
    dup.criteria[1].key = 'communication';
    expect(() => checkModelReply(JSON.stringify(dup), candidateLines)).toThrow(/exactly once/);
    const fenced =
      '```json\n' +
      modelAnswer(['Figma for wireframes', 'Figma for wireframes', 'Figma for wireframes', 'Figma for wireframes']) +
      '\n```';
    expect(checkModelReply(fenced, candidateLines).criteria).toHaveLength(4);
  });
});
