/**
 * The work sample on the candidate's side (issue 46): the debrief's count within one point and tip, the
 * explanation's work sample, the account export, and the rule that no reply a candidate can reach holds a
 * gold rating; and the bias audit's scoring rate covering the work_sample criterion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { jobs } from '../../src/db/schema';
import { assessInterview } from '../../src/interview/assessment';
import { GOOD_CONVERSATION, seedInterview } from '../assessment/fixtures';
import { REASONED, UNREASONED, giveSample, type SampleItem } from '../assessment/work-sample-fixtures';

let t: TestContext;
let admin: string;
beforeAll(
  async () => ({ t, admin } = await buildTestAppWithAdmin({ BIAS_AUDIT_MIN_CELL: '1', BIAS_AUDIT_MIN_SAMPLE: '1' })),
);
afterAll(() => t.close());

const AT = new Date('2026-11-20T10:10:00Z');

/** A signed-up candidate's interview with this sample, assessed and decided. */
async function decidedWith(items: SampleItem[], decision: 'approved' | 'rejected' = 'rejected') {
  const cand = await t.signUp();
  const { interview, job } = await seedInterview(t.app.db, { status: 'in_progress', candidateId: cand.user.id });
  await t.app.db.update(jobs).set({ shareFeedback: true }).where(eq(jobs.id, job.id));
  await giveSample(t.app.db, interview.id, job.id, items, AT);
  await assessInterview(t.app.db, t.config, interview.id);
  // A reason in every case: a decision against the AI's recommendation needs one.
  const res = await t.post(`/api/admin/interviews/${interview.id}/decision`, admin, {
    decision,
    reason: 'Reviewed the work sample.',
  });
  expect(res.statusCode).toBe(200);
  return { cand, interview, job };
}

/** Every key of a JSON document, at any depth. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  return out;
}

describe('the work sample in the debrief and the explanation', () => {
  it('says how many items were within one point, with one tip; never the reference ratings', async () => {
    const { cand, interview } = await decidedWith([
      { gold: 1, rating: 4, said: REASONED },
      { gold: 3, rating: 3, said: REASONED },
      { gold: 5, rating: 4, said: REASONED },
    ]);
    const debrief = (await t.get(`/api/interviews/${interview.id}/debrief`, cand.token)).json();
    expect(debrief.work_sample).toEqual({
      rated: 3,
      within_one: 2,
      summary: '2 of 3 items within one point of the reference rating.',
      tip: expect.stringMatching(/^Read the instructions' scale again/),
      tip_key: 'scale',
    });
    // The think-aloud is not an answer to a question: the debrief's answers are the conversation's.
    expect(debrief.answers).toHaveLength(GOOD_CONVERSATION.filter(([s]) => s === 'user').length);

    const explanation = (await t.get(`/api/interviews/${interview.id}/explanation`, cand.token)).json();
    expect(explanation.work_sample).toMatchObject({ rated: 3, within_one: 2, score: expect.any(Number) });
    expect(explanation.work_sample.rationale).toMatch(/^2 of 3 rated items within one point of the reference rating/);
    expect(explanation.criteria.map((c: { name: string }) => c.name)).toContain('Work sample');
  });

  it('tips on the reasoning when the ratings were close but little was said why, and on the time when late', async () => {
    const quiet = await decidedWith([
      { gold: 2, rating: 2, said: UNREASONED },
      { gold: 4, rating: 4, said: [] },
    ]);
    const a = (await t.get(`/api/interviews/${quiet.interview.id}/debrief`, quiet.cand.token)).json();
    expect(a.work_sample).toMatchObject({ within_one: 2, tip_key: 'reason', tip: /^Say why as you rate/ });
    const slow = await decidedWith([
      { gold: 2, rating: 2, said: REASONED, seconds: 80 },
      { gold: 4, rating: 4, said: REASONED },
    ]);
    const b = (await t.get(`/api/interviews/${slow.interview.id}/debrief`, slow.cand.token)).json();
    expect(b.work_sample).toMatchObject({ tip_key: 'time' });
  });
});

describe('never the gold rating in what a candidate can reach', () => {
  it('the interview, transcript, debrief, explanation, appeal and account export hold no gold field', async () => {
    const { cand, interview } = await decidedWith([
      { gold: 1, rating: 3, said: REASONED },
      { gold: 5, rating: 5, said: REASONED },
      { gold: 2, rating: 2, said: REASONED },
    ]);
    const appeal = await t.post(`/api/interviews/${interview.id}/appeal`, cand.token, { reason: 'Please look again.' });
    expect(appeal.statusCode).toBe(201);
    const replies = {
      interview: await t.get(`/api/interviews/${interview.id}`, cand.token),
      interviews: await t.get('/api/interviews', cand.token),
      transcript: await t.get(`/api/interviews/${interview.id}/transcript`, cand.token),
      debrief: await t.get(`/api/interviews/${interview.id}/debrief`, cand.token),
      explanation: await t.get(`/api/interviews/${interview.id}/explanation`, cand.token),
      appeal,
      export: await t.get('/api/account/export', cand.token),
    };
    for (const [name, res] of Object.entries(replies)) {
      expect(res.statusCode, name).toBeLessThan(300);
      const keys = keysOf(res.json());
      for (const forbidden of ['gold', 'gold_rating', 'reference_rating', 'goldRating', 'distance'])
        expect(keys.has(forbidden), `${name} has ${forbidden}`).toBe(false);
    }
    // The export holds the candidate's own ratings, and nothing of the references.
    const exported = replies.export.json().interviews.find((i: { id: string }) => i.id === interview.id);
    expect(exported.work_sample).toMatchObject({ rated: 3, within_one: 2 });
    expect(exported.work_sample.items.map((i: { rating: number }) => i.rating).sort()).toEqual([2, 3, 5]);
    // The provider's review does show gold beside the rating.
    const review = (await t.get(`/api/admin/interviews/${interview.id}`, admin)).json();
    expect(review.work_sample.items.map((i: { gold_rating: number }) => i.gold_rating).sort()).toEqual([1, 2, 5]);
  });
});

describe('the bias audit covers the work_sample criterion', () => {
  it('two groups with the same conversation differ in scoring rate only through their work samples', async () => {
    const job = (
      await t.post('/api/admin/jobs', admin, {
        title: 'Poster Rater',
        description: 'Rate posters.',
        position_type: 'Freelance',
      })
    ).json();
    const good: SampleItem[] = [
      { gold: 2, rating: 2, said: REASONED },
      { gold: 4, rating: 4, said: REASONED },
    ];
    const bad: SampleItem[] = [
      { gold: 1, rating: 5, said: UNREASONED },
      { gold: 5, rating: 1, said: UNREASONED },
    ];
    const overall: Record<string, number> = {};
    for (const [sex, items] of [
      ['male', good],
      ['male', good],
      ['female', bad],
      ['female', bad],
    ] as const) {
      const cand = await t.signUp();
      await t.put('/api/self-identification', cand.token, { sex, race_ethnicity: 'white' });
      const { interview } = await seedInterview(t.app.db, {
        status: 'in_progress',
        candidateId: cand.user.id,
        jobId: job.id,
      });
      await giveSample(t.app.db, interview.id, job.id, items, AT);
      overall[sex] = (await assessInterview(t.app.db, t.config, interview.id))!.overall_score!;
    }
    expect(overall.male).toBeGreaterThan(overall.female!);
    const audit = (await t.get(`/api/admin/bias-audit?job_id=${job.id}`, admin)).json();
    const by = (group: string) => audit.scoring.sex.find((r: { group: string }) => r.group === group);
    expect(audit.sample_size).toBe(4);
    expect(by('male')).toMatchObject({ n: 2, scoring_rate: 1 });
    expect(by('female')).toMatchObject({ n: 2, scoring_rate: 0, impact_ratio: 0, below_four_fifths: true });
    expect(audit.notes.join(' ')).toMatch(/work sample/);
  });
});
