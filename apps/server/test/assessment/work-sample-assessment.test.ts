import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUBRIC_CRITERIA, assessmentSchema, humanScoresRequestSchema, type Assessment } from '@app/shared';
import { buildTestApp, type TestContext } from '../helpers/build';
import { assessInterview } from '../../src/interview/assessment';
import { accuracyScore, combinedScore } from '../../src/interview/assessment/work-sample';
import { normalize } from '../../src/interview/assessment/text';
import { GOOD_CONVERSATION, seedInterview } from './fixtures';
import { modelAnswer, startFakeModel } from './fake-model';
import { REASONED, UNREASONED, giveSample, type SampleItem } from './work-sample-fixtures';

const SAMPLE_AT = new Date('2026-11-20T10:10:00Z');
const criterionOf = (a: Assessment | null) => a!.criteria.find((c) => c.key === 'work_sample');

describe('the work_sample criterion of an assessment', () => {
  let t: TestContext;
  beforeAll(async () => (t = await buildTestApp()));
  afterAll(async () => t.close());

  async function assessWith(items: SampleItem[], conversation = GOOD_CONVERSATION) {
    const { interview, job } = await seedInterview(t.app.db, { status: 'in_progress', conversation });
    await giveSample(t.app.db, interview.id, job.id, items, SAMPLE_AT);
    return assessInterview(t.app.db, t.config, interview.id);
  }

  it('scores accuracy and the reasoning heard, quotes only the think-aloud, and counts in the overall score', async () => {
    const a = await assessWith([
      { gold: 2, rating: 2, said: REASONED },
      { gold: 4, rating: 5, said: REASONED },
      { gold: 3, rating: 3, said: REASONED, seconds: 75 },
    ]);
    const stored = assessmentSchema.parse(a);
    expect(stored.rubric_version).toBe('rubric-v2');
    expect(stored.criteria.map((c) => c.key)).toEqual([...RUBRIC_CRITERIA.map((c) => c.key), 'work_sample']);
    const ws = criterionOf(stored)!;
    expect(ws).toMatchObject({ score: 5, reasoning: 'heard' });
    expect(stored.work_sample).toMatchObject({
      rated: 3,
      count: 3,
      within_one: 3,
      within_one_share: 1,
      mean_abs_distance: 0.33,
      late: 1,
      accuracy_score: 5,
      reasoning_score: 5,
    });
    expect(ws.rationale).toMatch(/^3 of 3 rated items within one point of the reference rating/);
    expect(ws.rationale).toMatch(/1 rated after the time allowed/);
    // Quotes are verbatim from what was said while rating; the core criteria quote the conversation only.
    expect(ws.quotes.length).toBeGreaterThan(0);
    for (const q of ws.quotes) expect(REASONED.some((s) => normalize(s).includes(normalize(q)))).toBe(true);
    for (const c of stored.criteria.filter((c) => c.key !== 'work_sample'))
      for (const q of c.quotes) expect(REASONED.some((s) => normalize(s).includes(normalize(q)))).toBe(false);
    const mean = stored.criteria.reduce((s, c) => s + c.score, 0) / stored.criteria.length;
    expect(stored.overall_score).toBe(Math.round(mean * 10) / 10);
    // Never a reference rating in what the candidate may read (the explanation shows the rationale).
    expect(JSON.stringify(ws)).not.toMatch(/gold|reference_rating|above|below/);
  });

  it('far-off ratings and no reasoning score low', async () => {
    const a = await assessWith([
      { gold: 1, rating: 5, said: UNREASONED },
      { gold: 5, rating: 2, said: UNREASONED },
      { gold: 2, rating: 2, said: [] },
    ]);
    expect(a!.work_sample).toMatchObject({ within_one: 1, mean_abs_distance: 2.33, accuracy_score: 1 });
    expect(a!.work_sample!.reasoning_score).toBe(1);
    expect(criterionOf(a)!.score).toBe(1);
  });

  it('without enough audio for the reasoning, reports insufficient_audio and the accuracy stands', async () => {
    const a = await assessWith([
      { gold: 3, rating: 3, said: REASONED, confidence: 0.1 },
      { gold: 4, rating: 3, said: REASONED, confidence: 0.1 },
    ]);
    expect(a!.status).toBe('scored');
    const ws = criterionOf(a)!;
    expect(ws).toMatchObject({ reasoning: 'insufficient_audio', score: 5, quotes: [] });
    expect(a!.work_sample).toMatchObject({ accuracy_score: 5, reasoning_score: null });
    expect(ws.rationale).toMatch(/Reasoning not judged: Too little of what the candidate said was heard surely/);
  });

  it('an unscored conversation keeps the work sample’s accuracy, without an overall score', async () => {
    const a = await assessWith(
      [{ gold: 3, rating: 4, said: REASONED }],
      [
        ['ai', 'Hello, tell me about you.'],
        ['user', 'Hi.'],
      ],
    );
    expect(a!.status).toBe('needs_human_review');
    expect(a!.overall_score).toBeNull();
    expect(a!.criteria.map((c) => c.key)).toEqual(['work_sample']);
    expect(criterionOf(a)!.score).toBeGreaterThanOrEqual(4);
  });

  it('no rating, no criterion: the assessment is rubric-v1 as before', async () => {
    const a = await assessWith([{ gold: 3, rating: null, said: REASONED }]);
    expect(a!.rubric_version).toBe('rubric-v1');
    expect(criterionOf(a)).toBeUndefined();
    expect(a!.work_sample).toBeUndefined();
  });

  it('the model judges only the reasoning: it is shown the figures, never a gold, and cannot change the accuracy', async () => {
    const lines = GOOD_CONVERSATION.filter(([s]) => s === 'user').map(([, l]) => l.split('.')[0]!);
    const model = await startFakeModel(() => {
      const reply = JSON.parse(modelAnswer(lines as [string, string, string, string]));
      reply.work_sample = { reasoning_score: 1, rationale: 'Names the contrast.', quotes: [REASONED[0]!.slice(0, 40)] };
      return JSON.stringify(reply);
    });
    try {
      const { interview, job } = await seedInterview(t.app.db, { status: 'in_progress' });
      await giveSample(
        t.app.db,
        interview.id,
        job.id,
        [
          { gold: 2, rating: 2, said: REASONED },
          { gold: 5, rating: 5, said: REASONED },
        ],
        SAMPLE_AT,
      );
      const config = { ...t.config, ASSESSMENT_LLM_BASE_URL: model.baseUrl, ASSESSMENT_LLM_MODEL: 'fake' };
      const a = await assessInterview(t.app.db, config, interview.id);
      expect(a!.method).toBe('model');
      expect(a!.work_sample).toMatchObject({ accuracy_score: 5, reasoning_score: 1 });
      // 3 × accuracy 5 + reasoning 1, over 4: the model's low reasoning moves the score by one point at most.
      expect(criterionOf(a)).toMatchObject({ score: 4, reasoning: 'heard' });
      expect(criterionOf(a)!.rationale).toMatch(/^2 of 2 rated items within one point.*Names the contrast\.$/);
      const prompt = model.requests[0]!.messages.map((m) => m.content).join('\n');
      expect(prompt).toMatch(/CANDIDATE WHILE RATING: The typography is hard to read/);
      expect(prompt).toMatch(/2 of 2 rated items within one point/);
      expect(prompt).not.toMatch(/gold/i);
    } finally {
      await model.close();
    }
  });

  it('accuracy bands and the combination, as documented', () => {
    expect([0, 0.5, 0.67, 1, 1.2, 1.5, 2, 2.4, 2.5, 4].map((m) => accuracyScore(m, 1))).toEqual([
      5, 5, 4, 4, 3, 3, 2, 2, 1, 1,
    ]);
    expect(accuracyScore(1.6, 0.4)).toBe(1);
    expect(combinedScore(5, null)).toBe(5);
    expect(combinedScore(2, 5)).toBe(3);
    expect(combinedScore(4, 1)).toBe(3);
  });
});

describe('a reviewer’s blind scores', () => {
  it('need the four core criteria; the work sample’s is optional, once', () => {
    const core = RUBRIC_CRITERIA.map((c) => ({ criterion: c.key, score: 3 }));
    const ws = { criterion: 'work_sample' as const, score: 4 };
    expect(humanScoresRequestSchema.safeParse({ scores: core }).success).toBe(true);
    expect(humanScoresRequestSchema.safeParse({ scores: [...core, ws] }).success).toBe(true);
    expect(humanScoresRequestSchema.safeParse({ scores: [...core.slice(1), ws] }).success).toBe(false);
    expect(humanScoresRequestSchema.safeParse({ scores: [...core.slice(1), core[1]!, ws] }).success).toBe(false);
  });
});
