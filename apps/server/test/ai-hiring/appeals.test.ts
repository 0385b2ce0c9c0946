import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob, type Candidate } from '../helpers/work-fixtures';
import { interviews, transcriptTurns } from '../../src/db/schema';
import { decisionLog } from '../../src/db/schema-ai-hiring';
import { assessedInterview, scoredAssessment } from './fixtures';

let t: TestContext;
let admin: string;

// Tokens outlive the 31 days the clock jumps below.
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin({ JWT_EXPIRES_IN: '90d' })));
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;

/** A decided interview of a new candidate: rejected (following the AI) unless told otherwise. */
async function decided(decision: 'approved' | 'rejected' = 'rejected') {
  const cand = await t.signUp();
  const job = await postJob(t, admin, { title: 'Storyboard Critic' });
  const iv = await assessedInterview(t, {
    jobId: job.id,
    candidateId: cand.user.id,
    assessment: scoredAssessment([2, 2, 2, 2], 'do_not_advance'),
  });
  const res = await t.post(`/api/admin/interviews/${iv.id}/decision`, admin, {
    decision,
    ...(decision === 'approved' && { reason: 'Reviewed the portfolio.' }),
  });
  expect(res.statusCode).toBe(200);
  return { cand, iv, decidedAt: new Date(res.json().decided_at as string) };
}

const subjects = () => {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => {
    const raw = fs.readFileSync(path.join(dir, f), 'utf8');
    return `${/^To: (.*)$/m.exec(raw)?.[1]} | ${/^Subject: (.*)$/m.exec(raw)?.[1]}`;
  });
};

describe('GET /api/interviews/{id}/explanation', () => {
  it('is the candidate’s own, after a decision: 409 before, 404 for anyone else', async () => {
    const cand = await t.signUp();
    const job = await postJob(t, admin, { title: 'Color Grader' });
    const iv = await assessedInterview(t, {
      jobId: job.id,
      candidateId: cand.user.id,
      assessment: scoredAssessment([4, 4, 4, 4], 'advance'),
    });
    const url = `/api/interviews/${iv.id}/explanation`;
    expect((await t.get(url, cand.token)).statusCode).toBe(409);
    await t.post(`/api/admin/interviews/${iv.id}/decision`, admin, { decision: 'approved' });
    expect((await t.get(url, (await t.signUp()).token)).statusCode).toBe(404);
    expect((await t.get(url, null)).statusCode).toBe(401);
    const res = await t.get(url, cand.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ai_used: true,
      ai_scored: true,
      role: 'Color Grader',
      decision: 'approved',
      human_review: true,
      appeal: null,
    });
    expect(body.criteria).toHaveLength(4);
    expect(body.criteria[0]).toEqual({ name: 'Communication', description: expect.any(String) });
    expect(new Date(body.appeal_until).getTime() - new Date(body.decided_at).getTime()).toBe(30 * DAY);
  });

  it('says the AI gave no score when its assessment could not score the interview', async () => {
    const cand = await t.signUp();
    const job = await postJob(t, admin, { title: 'Color Grader' });
    const iv = await assessedInterview(t, {
      jobId: job.id,
      candidateId: cand.user.id,
      assessment: scoredAssessment([], null),
    });
    await t.post(`/api/admin/interviews/${iv.id}/decision`, admin, { decision: 'rejected' });
    const body = (await t.get(`/api/interviews/${iv.id}/explanation`, cand.token)).json();
    expect(body).toMatchObject({ ai_used: true, ai_scored: false, decision: 'rejected', human_review: true });
  });
});

describe('POST /api/interviews/{id}/appeal', () => {
  it('takes one appeal within 30 days (a second is 409) and logs it', async () => {
    const { cand, iv, decidedAt } = await decided();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(decidedAt.getTime() + 29 * DAY);
    const url = `/api/interviews/${iv.id}/appeal`;
    expect((await t.post(url, cand.token, { reason: '' })).statusCode).toBe(422);
    expect((await t.post(url, (await t.signUp()).token, { reason: 'Not mine' })).statusCode).toBe(404);
    const first = await t.post(url, cand.token, { reason: 'My microphone failed during the second answer.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id: expect.any(String), status: 'open' });
    const again = await t.post(url, cand.token, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already appealed/);
    expect((await t.get(`/api/interviews/${iv.id}/explanation`, cand.token)).json().appeal).toMatchObject({
      status: 'open',
    });
    const log = await t.database.db.select().from(decisionLog).where(eq(decisionLog.interviewId, iv.id));
    expect(log.map((e) => e.kind)).toContain('appeal');
  });

  it('refuses to appeal an approval (409) and records nothing', async () => {
    const { cand, iv } = await decided('approved');
    const res = await t.post(`/api/interviews/${iv.id}/appeal`, cand.token, { reason: 'I would like a review.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Only a rejection can be appealed; this interview was approved.');
    expect((await t.get(`/api/interviews/${iv.id}/explanation`, cand.token)).json().appeal).toBeNull();
  });

  it('refuses an appeal 31 days after the decision', async () => {
    const { cand, iv, decidedAt } = await decided();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(decidedAt.getTime() + 31 * DAY);
    const late = await t.post(`/api/interviews/${iv.id}/appeal`, cand.token, { reason: 'Please look again.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/time to appeal ended/);
    vi.useRealTimers();
    expect(
      (await t.get('/api/admin/appeals', admin)).json().some((a: { interview_id: string }) => a.interview_id === iv.id),
    ).toBe(false);
  });
});

describe('the provider resolves appeals', () => {
  it('upheld keeps the decision; overturned changes it, e-mails the candidate and both are logged', async () => {
    const kept = await decided();
    const turned = await decided();
    for (const d of [kept, turned]) {
      expect(
        (await t.post(`/api/interviews/${d.iv.id}/appeal`, d.cand.token, { reason: 'Please review.' })).statusCode,
      ).toBe(201);
    }
    const list = await t.get('/api/admin/appeals?status=open', admin);
    expect(list.statusCode).toBe(200);
    const byInterview = new Map(list.json().map((a: { interview_id: string; id: string }) => [a.interview_id, a]));
    const keptAppeal = byInterview.get(kept.iv.id) as { id: string; status: string; reason: string };
    const turnedAppeal = byInterview.get(turned.iv.id) as { id: string };
    expect(keptAppeal).toMatchObject({ status: 'open', reason: 'Please review.', decision_appealed: 'rejected' });
    expect((await t.get('/api/admin/appeals', kept.cand.token)).statusCode).toBe(403);

    const resolve = (id: string, body: object) => t.post(`/api/admin/appeals/${id}/resolve`, admin, body);
    expect((await resolve(keptAppeal.id, { outcome: 'upheld' })).statusCode).toBe(422);
    expect((await resolve(keptAppeal.id, { outcome: 'maybe', note: 'x' })).statusCode).toBe(422);
    const upheld = await resolve(keptAppeal.id, { outcome: 'upheld', note: 'The answers were reviewed again.' });
    expect(upheld.statusCode).toBe(200);
    expect(upheld.json()).toMatchObject({ status: 'upheld', resolution_note: 'The answers were reviewed again.' });
    expect((await resolve(keptAppeal.id, { outcome: 'overturned', note: 'x' })).statusCode).toBe(409);
    const [keptRow] = await t.database.db.select().from(interviews).where(eq(interviews.id, kept.iv.id));
    expect(keptRow!.status).toBe('rejected');

    const overturned = await resolve(turnedAppeal.id, {
      outcome: 'overturned',
      note: 'The recording shows a microphone fault.',
    });
    expect(overturned.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, turned.iv.id));
    expect(row).toMatchObject({
      status: 'approved',
      acceptanceStatus: 'accepted',
      decisionNote: 'The recording shows a microphone fault.',
    });
    const explanation = (await t.get(`/api/interviews/${turned.iv.id}/explanation`, turned.cand.token)).json();
    expect(explanation).toMatchObject({ decision: 'approved', appeal: { status: 'overturned' } });

    await t.app.queue.settle();
    const mail = subjects().filter((s) => s.includes(turned.cand.user.email));
    // The first decision, then the overturned one.
    expect(mail.sort()).toEqual([
      `${turned.cand.user.email} | An update on your application for Storyboard Critic`,
      `${turned.cand.user.email} | Congratulations! You've been approved for Storyboard Critic`,
    ]);
    expect(subjects().filter((s) => s.includes(kept.cand.user.email))).toHaveLength(1);

    const log = await t.database.db
      .select()
      .from(decisionLog)
      .where(eq(decisionLog.interviewId, turned.iv.id))
      .orderBy(asc(decisionLog.seq));
    expect(log.map((e) => e.kind)).toEqual(['decision', 'appeal', 'appeal_resolved', 'decision', 'override']);
    expect(log[3]!.details).toMatchObject({ decision: 'approved', via: 'appeal' });
  });
});

describe('POST /api/interviews/{id}/transcript-corrections', () => {
  let cand: Candidate;
  it('keeps the correction beside the turn and never overwrites the text', async () => {
    const d = await decided();
    cand = d.cand;
    const now = new Date();
    await t.database.db.insert(transcriptTurns).values([
      { interviewId: d.iv.id, seq: 0, speaker: 'ai', text: 'Which tools do you use?', startedAt: now, endedAt: now },
      {
        interviewId: d.iv.id,
        seq: 1,
        speaker: 'user',
        text: 'I use after affects daily.',
        startedAt: now,
        endedAt: now,
      },
    ]);
    const url = `/api/interviews/${d.iv.id}/transcript-corrections`;
    expect((await t.post(url, cand.token, { corrections: [{ seq: 0, text: 'Not my turn' }] })).statusCode).toBe(422);
    expect((await t.post(url, cand.token, { corrections: [{ seq: 9, text: 'No such turn' }] })).statusCode).toBe(422);
    expect((await t.post(url, cand.token, { corrections: [] })).statusCode).toBe(422);
    expect((await t.post(url, (await t.signUp()).token, { corrections: [{ seq: 1, text: 'x' }] })).statusCode).toBe(
      404,
    );
    const res = await t.post(url, cand.token, { corrections: [{ seq: 1, text: 'I use After Effects daily.' }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().corrections).toEqual([
      { seq: 1, text: 'I use After Effects daily.', created_at: expect.any(String) },
    ]);

    const [turn] = await t.database.db.select().from(transcriptTurns).where(eq(transcriptTurns.seq, 1));
    expect(turn!.text).toBe('I use after affects daily.');
    const detail = (await t.get(`/api/admin/interviews/${d.iv.id}`, admin)).json();
    expect(detail.transcript.find((x: { seq: number }) => x.seq === 1)).toMatchObject({
      text: 'I use after affects daily.',
      candidate_correction: 'I use After Effects daily.',
    });
    // The candidate's own export carries the correction (and says there is no appeal).
    const exported = (await t.get('/api/account/export', cand.token)).json();
    expect(exported.interviews.find((i: { id: string }) => i.id === d.iv.id)).toMatchObject({
      appeal: null,
      transcript_corrections: [{ seq: 1, text: 'I use After Effects daily.', created_at: expect.any(String) }],
      integrity_events: [],
    });
    const own = (await t.get(`/api/interviews/${d.iv.id}/transcript`, cand.token)).json();
    expect(own.turns[1]).toMatchObject({
      text: 'I use after affects daily.',
      candidate_correction: 'I use After Effects daily.',
    });
  });
});
