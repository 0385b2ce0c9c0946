import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob, type Candidate } from '../helpers/work-fixtures';
import { interviewDecisions, interviews } from '../../src/db/schema';
import { createInterview } from '../../src/interview/interviews';
import type { InterviewStatus } from '@app/shared';

let t: TestContext;
let admin: string;
let adminId: string;
let cand: Candidate;

beforeAll(async () => {
  ({ t, admin, adminId } = await buildTestAppWithAdmin());
  cand = await t.signUp();
});
afterAll(() => t.close());

/** An interview of `cand` for a job of its own (one application per candidate and job, decision 0169). */
const interviewIn = async (status: InterviewStatus) =>
  createInterview(t.database.db, {
    jobId: (await postJob(t, admin, { title: 'Motion Design Critic', position_type: 'Contract' })).id,
    candidateId: cand.user.id,
    status,
    completedAt: new Date(),
  });
const decide = (token: string | null, id: string, payload: unknown) =>
  t.post(`/api/admin/interviews/${id}/decision`, token, payload as object);

describe('POST /api/admin/interviews/{id}/decision', () => {
  it('is for admins only: 401 without a token, 403 for a candidate', async () => {
    const iv = await interviewIn('completed');
    expect((await decide(null, iv.id, { decision: 'approved' })).statusCode).toBe(401);
    const asCandidate = await decide(cand.token, iv.id, { decision: 'approved' });
    expect(asCandidate.statusCode).toBe(403);
    expect(asCandidate.json()).toEqual({ detail: 'Admin access required' });
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(row!.status).toBe('completed');
  });

  it('approves a completed interview, accepts the candidate and keeps an audit record', async () => {
    const iv = await interviewIn('completed');
    const res = await decide(admin, iv.id, { decision: 'approved', note: '  Strong portfolio  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: iv.id,
      status: 'approved',
      acceptance_status: 'accepted',
      candidate_email: cand.user.email,
      decision_note: 'Strong portfolio',
      decided_by: adminId,
      decided_at: expect.any(String),
      job_title: 'Motion Design Critic',
    });
    const audit = await t.database.db
      .select()
      .from(interviewDecisions)
      .where(eq(interviewDecisions.interviewId, iv.id));
    expect(audit).toEqual([
      expect.objectContaining({ decision: 'approved', note: 'Strong portfolio', decidedBy: adminId }),
    ]);
    // The candidate sees the outcome in their own list.
    const mine = (await t.get('/api/interviews', cand.token)).json();
    expect(mine.find((i: { id: string }) => i.id === iv.id)).toMatchObject({
      status: 'approved',
      acceptance_status: 'accepted',
    });
  });

  it('rejects an interview under review without accepting the candidate', async () => {
    const iv = await interviewIn('under_review');
    const res = await decide(admin, iv.id, { decision: 'rejected' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', acceptance_status: null, decision_note: null });
  });

  it.each(['not_started', 'scheduled', 'in_progress', 'approved', 'rejected'] as const)(
    'refuses to decide an interview that is %s (409) and changes nothing',
    async (status) => {
      const iv = await interviewIn(status);
      const res = await decide(admin, iv.id, { decision: 'approved' });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/^Only a completed interview can be decided/);
      const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
      expect(row!.status).toBe(status);
      expect(row!.decidedAt).toBeNull();
      const audit = await t.database.db
        .select()
        .from(interviewDecisions)
        .where(eq(interviewDecisions.interviewId, iv.id));
      expect(audit).toEqual([]);
    },
  );

  it('decides only once', async () => {
    const iv = await interviewIn('completed');
    expect((await decide(admin, iv.id, { decision: 'rejected' })).statusCode).toBe(200);
    expect((await decide(admin, iv.id, { decision: 'approved' })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown interview and 422 for a bad decision', async () => {
    expect((await decide(admin, crypto.randomUUID(), { decision: 'approved' })).statusCode).toBe(404);
    const iv = await interviewIn('completed');
    const bad = await decide(admin, iv.id, { decision: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'decision'] });
    expect((await decide(admin, iv.id, { decision: 'approved', note: 'x'.repeat(2001) })).statusCode).toBe(422);
  });
});
