import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import type { InterviewStatus } from '@app/shared';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { createInterview } from '../../src/interview/interviews';

let t: TestContext;
let admin: string;

beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

async function endedInterview(status: InterviewStatus = 'under_review') {
  const job = await insertJob(t.database.db, { title: 'Satisfaction Rater' });
  const cand = await t.signUp();
  const iv = await createInterview(t.database.db, {
    jobId: job.id,
    candidateId: cand.user.id,
    status,
    startedAt: new Date(Date.now() - 600_000),
    completedAt: status === 'in_progress' ? null : new Date(),
  });
  return { job, cand, url: `/api/interviews/${iv.id}/satisfaction` };
}

describe('POST /api/interviews/{id}/satisfaction', () => {
  it('takes one answer from the interview’s candidate; a second is 409', async () => {
    const { cand, url } = await endedInterview();
    const first = await t.post(url, cand.token, { score: 5, comment: '  Felt fair.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ score: 5, comment: 'Felt fair.', skipped: false });
    const again = await t.post(url, cand.token, { score: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You have already answered this question for this interview.');
    expect((await t.post(url, cand.token, { skipped: true })).statusCode).toBe(409);
  });

  it('keeps a skip, so the question is never asked again for that interview', async () => {
    const { cand, url } = await endedInterview('approved');
    const skip = await t.post(url, cand.token, { skipped: true });
    expect(skip.statusCode).toBe(201);
    expect(skip.json()).toMatchObject({ score: null, skipped: true });
    expect((await t.post(url, cand.token, { score: 4 })).statusCode).toBe(409);
  });

  it('is 404 for anyone else’s interview or none, 401 without a session, 409 before it ended', async () => {
    const { url } = await endedInterview();
    const stranger = await t.signUp();
    expect((await t.post(url, stranger.token, { score: 3 })).statusCode).toBe(404);
    expect((await t.post(url, admin, { score: 3 })).statusCode).toBe(404);
    expect(
      (await t.post(`/api/interviews/${crypto.randomUUID()}/satisfaction`, stranger.token, { score: 3 })).statusCode,
    ).toBe(404);
    expect((await t.post(url, null, { score: 3 })).statusCode).toBe(401);
    const live = await endedInterview('in_progress');
    const early = await t.post(live.url, live.cand.token, { score: 3 });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('You can rate your interview once it has ended.');
  });

  it('refuses a score outside 1-5, a fraction, a score with a skip, and a long comment (422), keeping nothing', async () => {
    const { cand, url } = await endedInterview();
    for (const body of [
      { score: 0 },
      { score: 6 },
      { score: 2.5 },
      { score: '4' },
      { score: 3, skipped: true },
      {},
      { skipped: false },
      { score: 3, comment: 'x'.repeat(2001) },
    ]) {
      const res = await t.post(url, cand.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail).toBeTruthy();
    }
    expect((await t.post(url, cand.token, { score: 3 })).statusCode).toBe(201);
  });
});

describe('POST /api/practice-satisfaction', () => {
  it('takes one answer per practice run, for a job or none', async () => {
    const job = await insertJob(t.database.db, { title: 'Practice Rater' });
    const cand = await t.signUp();
    const session = crypto.randomUUID();
    const res = await t.post('/api/practice-satisfaction', cand.token, {
      session_id: session,
      job_id: job.id,
      score: 4,
      comment: 'Good warm-up.',
    });
    expect(res.statusCode).toBe(201);
    expect(
      (await t.post('/api/practice-satisfaction', cand.token, { session_id: session, skipped: true })).statusCode,
    ).toBe(409);
    expect(
      (await t.post('/api/practice-satisfaction', cand.token, { session_id: crypto.randomUUID(), skipped: true }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await t.post('/api/practice-satisfaction', cand.token, {
          session_id: crypto.randomUUID(),
          job_id: crypto.randomUUID(),
          score: 3,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.post('/api/practice-satisfaction', cand.token, { session_id: 'x', score: 3 })).statusCode).toBe(
      422,
    );
    expect(
      (await t.post('/api/practice-satisfaction', cand.token, { session_id: crypto.randomUUID(), score: 9 }))
        .statusCode,
    ).toBe(422);
    expect(
      (await t.post('/api/practice-satisfaction', null, { session_id: crypto.randomUUID(), score: 3 })).statusCode,
    ).toBe(401);

    const console = await t.get(`/api/admin/jobs/${job.id}/satisfaction`, admin);
    expect(console.json().practice).toEqual({ average: 4, count: 1, skipped: 0 });
  });
});

describe('GET /api/admin/jobs/{id}/satisfaction', () => {
  it('shows the job’s average and its comments without names; the provider’s only', async () => {
    const a = await endedInterview();
    const job = a.job;
    const cand2 = await t.signUp();
    const iv2 = await createInterview(t.database.db, {
      jobId: job.id,
      candidateId: cand2.user.id,
      status: 'completed',
      completedAt: new Date(),
    });
    await t.post(a.url, a.cand.token, { score: 2, comment: 'The audio cut out.' });
    await t.post(`/api/interviews/${iv2.id}/satisfaction`, cand2.token, { score: 5 });
    const res = await t.get(`/api/admin/jobs/${job.id}/satisfaction`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.interviews).toEqual({ average: 3.5, count: 2, skipped: 0 });
    expect(body.comments).toEqual([
      { source: 'interview', score: 2, comment: 'The audio cut out.', created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(body)).not.toContain(a.cand.user.email);
    const funnel = (await t.get(`/api/admin/jobs/${job.id}/funnel`, admin)).json();
    expect(funnel.satisfaction).toEqual({ average: 3.5, count: 2, skipped: 0 });
    expect((await t.get(`/api/admin/jobs/${job.id}/satisfaction`, a.cand.token)).statusCode).toBe(403);
    expect((await t.get(`/api/admin/jobs/${crypto.randomUUID()}/satisfaction`, admin)).statusCode).toBe(404);
  });
});
