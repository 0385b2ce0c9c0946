import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob, type Candidate } from '../helpers/work-fixtures';
import { interviews, users } from '../../src/db/schema';
import { decisionLog } from '../../src/db/schema-ai-hiring';
import { assessedInterview, scoredAssessment, scoresOf } from './fixtures';
import { purgeDecisionLog } from '../../src/compliance/decision-log';
import { loadConfig } from '../../src/config/env';

let t: TestContext;
let admin: string;
let adminId: string;

beforeAll(async () => {
  ({ t, admin, adminId } = await buildTestAppWithAdmin());
});
afterAll(() => t.close());

const decide = (id: string, payload: object) => t.post(`/api/admin/interviews/${id}/decision`, admin, payload);
const detail = async (id: string) => (await t.get(`/api/admin/interviews/${id}`, admin)).json();
const logOf = (id: string) =>
  t.database.db.select().from(decisionLog).where(eq(decisionLog.interviewId, id)).orderBy(asc(decisionLog.seq));

describe('a decision against the AI needs a reason', () => {
  let cand: Candidate;
  beforeAll(async () => (cand = await t.signUp()));
  const interview = async (recommendation: 'advance' | 'consider' | 'do_not_advance') =>
    assessedInterview(t, {
      jobId: (await postJob(t, admin)).id,
      candidateId: cand.user.id,
      assessment: scoredAssessment([2, 2, 2, 2], recommendation),
    });

  it('approving a "do not advance" without a reason is refused (422) and nothing changes; with one it goes through and is logged as an override', async () => {
    const iv = await interview('do_not_advance');
    for (const body of [{ decision: 'approved' }, { decision: 'approved', reason: '   ' }]) {
      const res = await decide(iv.id, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatch(/against the AI's recommendation \(do not advance\); give the internal reason/);
    }
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(row!.status).toBe('under_review');
    expect(await logOf(iv.id)).toEqual([]);

    const ok = await decide(iv.id, { decision: 'approved', reason: 'Portfolio shows the craft the answers missed.' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', decision_note: null });
    const log = await logOf(iv.id);
    expect(log.map((e) => e.kind)).toEqual(['decision', 'override']);
    expect(log[1]).toMatchObject({
      actorId: adminId,
      details: { decision: 'approved', recommendation: 'do_not_advance', reason: expect.any(String), via: 'review' },
    });
  });

  it('rejecting an "advance" without a reason is refused too; decisions that follow the AI (or "consider") need none', async () => {
    const adv = await interview('advance');
    expect((await decide(adv.id, { decision: 'rejected' })).statusCode).toBe(422);
    expect((await decide(adv.id, { decision: 'approved' })).statusCode).toBe(200);
    expect((await logOf(adv.id)).map((e) => e.kind)).toEqual(['decision']);
    const consider = await interview('consider');
    expect((await decide(consider.id, { decision: 'rejected' })).statusCode).toBe(200);
  });

  it('the decision log refuses changes and early deletions', async () => {
    const [entry] = await t.database.db.select().from(decisionLog).limit(1);
    await expect(
      t.database.db.update(decisionLog).set({ kind: 'appeal' }).where(eq(decisionLog.seq, entry!.seq)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(decisionLog).where(eq(decisionLog.seq, entry!.seq))).rejects.toThrow();
    expect(await t.database.db.$count(decisionLog, eq(decisionLog.seq, entry!.seq))).toBe(1);
  });

  it('outlives the interview (and its recording), and the retention job removes only entries past the setting', async () => {
    const iv = await interview('advance');
    expect((await decide(iv.id, { decision: 'approved' })).statusCode).toBe(200);
    await t.database.db.delete(interviews).where(eq(interviews.id, iv.id));
    expect((await logOf(iv.id)).map((e) => e.kind)).toEqual(['decision']);

    const old = new Date(Date.now() - 4 * 365 * 86_400_000);
    const [kept] = await t.database.db
      .insert(decisionLog)
      .values({
        kind: 'audit_published',
        details: { test: 'two years' },
        createdAt: new Date(Date.now() - 730 * 86_400_000),
      })
      .returning();
    const [expired] = await t.database.db
      .insert(decisionLog)
      .values({ kind: 'audit_published', details: { test: 'four years' }, createdAt: old })
      .returning();
    expect(t.config.DECISION_LOG_RETENTION_DAYS).toBe(1095);
    expect(await purgeDecisionLog(t.database.db, t.config.DECISION_LOG_RETENTION_DAYS)).toBe(1);
    expect(await t.database.db.$count(decisionLog, eq(decisionLog.seq, expired!.seq))).toBe(0);
    expect(await t.database.db.$count(decisionLog, eq(decisionLog.seq, kept!.seq))).toBe(1);
    // A shorter retention is refused by the database itself.
    await expect(purgeDecisionLog(t.database.db, 365)).rejects.toThrow();
    expect(await t.database.db.$count(decisionLog, eq(decisionLog.seq, kept!.seq))).toBe(1);
    expect(() => loadConfig({ DECISION_LOG_RETENTION_DAYS: '365' })).toThrow(/DECISION_LOG_RETENTION_DAYS/);
  });
});

describe('blind review', () => {
  it('hides the assessment until the reviewer posts their own scores, then shows it', async () => {
    const job = await postJob(t, admin, { blind_review_share: 1 });
    const cand = await t.signUp();
    const iv = await assessedInterview(t, {
      jobId: job.id,
      candidateId: cand.user.id,
      assessment: scoredAssessment([4, 4, 3, 5], 'advance'),
    });
    const before = await detail(iv.id);
    expect(before).toMatchObject({ assessment: null, assessment_hidden: true, provenance: null, human_scores: null });
    const listed = (await t.get(`/api/admin/interviews?job_id=${job.id}`, admin)).json().items[0];
    expect(listed.assessment).toBeNull();
    // Deciding first is refused: the reviewer scores before deciding.
    const early = await decide(iv.id, { decision: 'approved' });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/post your own rubric scores/);

    const url = `/api/admin/interviews/${iv.id}/human-scores`;
    expect((await t.post(url, admin, { scores: scoresOf([3, 3, 3]) })).statusCode).toBe(422);
    expect((await t.post(url, admin, { scores: scoresOf([3, 3, 3, 6]) })).statusCode).toBe(422);
    expect((await t.post(url, cand.token, { scores: scoresOf([3, 3, 3, 3]) })).statusCode).toBe(403);
    expect((await detail(iv.id)).assessment_hidden).toBe(true);

    const posted = await t.post(url, admin, { scores: scoresOf([3, 4, 3, 4]) });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      assessment_hidden: false,
      assessment: { overall_score: 4, recommendation: 'advance' },
      human_scores: scoresOf([3, 4, 3, 4]),
    });
    expect((await t.get(`/api/admin/interviews?job_id=${job.id}`, admin)).json().items[0].assessment).toMatchObject({
      recommendation: 'advance',
    });
    // Scores are final once the AI's assessment has been seen.
    expect((await t.post(url, admin, { scores: scoresOf([5, 5, 5, 5]) })).statusCode).toBe(409);
    expect((await decide(iv.id, { decision: 'approved' })).statusCode).toBe(200);
  });

  it('a job without blind review shows every assessment and takes no blind scores', async () => {
    const job = await postJob(t, admin);
    const cand = await t.signUp();
    const iv = await assessedInterview(t, {
      jobId: job.id,
      candidateId: cand.user.id,
      assessment: scoredAssessment([4, 4, 3, 5], 'advance'),
    });
    expect(await detail(iv.id)).toMatchObject({ assessment_hidden: false, assessment: { recommendation: 'advance' } });
    expect(
      (await t.post(`/api/admin/interviews/${iv.id}/human-scores`, admin, { scores: scoresOf([3, 3, 3, 3]) }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a share outside 0-1', async () => {
    const res = await t.post('/api/admin/jobs', admin, {
      title: 'Share Test',
      description: 'x',
      position_type: 'Contract',
      blind_review_share: 1.5,
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('GET /api/admin/oversight', () => {
  it('counts decisions, overrides and the agreement per criterion on a hand-computed example', async () => {
    const job = await postJob(t, admin, { blind_review_share: 1 });
    // Four blind interviews. AI communication 3,4,2,5 vs human 3,5,2,4: mean |d| = 2/4 = 0.5; interval
    // alpha = 1 - (n-1) D_o / D_e = 1 - 7 * 4 / (2 * 8 * 10) = 0.825 (values 3,3,4,5,2,2,5,4, mean 3.5,
    // squared deviations summing to 10). Role fit: human equals AI on all four: |d| = 0, alpha 1.
    const ai = [
      [3, 3, 3, 3],
      [4, 4, 4, 4],
      [2, 2, 2, 2],
      [5, 5, 5, 5],
    ];
    const human = [
      [3, 3, 3, 3],
      [5, 4, 4, 4],
      [2, 2, 2, 2],
      [4, 5, 5, 5],
    ];
    const recs = ['advance', 'advance', 'do_not_advance', 'do_not_advance'] as const;
    const decisions = [
      { decision: 'approved' }, // follows
      { decision: 'rejected', reason: 'Missed the brief.' }, // override
      { decision: 'rejected' }, // follows
      { decision: 'approved', reason: 'Strong portfolio.' }, // override
    ];
    for (let i = 0; i < 4; i++) {
      const cand = await t.signUp();
      const iv = await assessedInterview(t, {
        jobId: job.id,
        candidateId: cand.user.id,
        assessment: scoredAssessment(ai[i]!, recs[i]!),
      });
      const posted = await t.post(`/api/admin/interviews/${iv.id}/human-scores`, admin, {
        scores: scoresOf(human[i]!),
      });
      expect(posted.statusCode).toBe(201);
      expect((await decide(iv.id, decisions[i]!)).statusCode).toBe(200);
    }
    // A "consider" decided either way is never an override; an unscored one is not counted.
    const c5 = await t.signUp();
    const consider = await assessedInterview(t, {
      jobId: job.id,
      candidateId: c5.user.id,
      assessment: scoredAssessment([3, 3, 3, 3], 'consider'),
    });
    await t.post(`/api/admin/interviews/${consider.id}/human-scores`, admin, { scores: scoresOf([3, 3, 3, 3]) });
    expect((await decide(consider.id, { decision: 'rejected' })).statusCode).toBe(200);

    const res = await t.get(`/api/admin/oversight?job_id=${job.id}`, admin);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ decided: 5, overrides: 2, override_rate: 0.4, alerts: [] });
    expect(report.blind.reviewed).toBe(5);
    const byKey = Object.fromEntries(report.blind.agreement.map((a: { criterion: string }) => [a.criterion, a]));
    // The "consider" interview adds the pair (3, 3) to every criterion: n = 5. Communication: |d| 2/5 = 0.4;
    // values 3,3,4,5,2,2,5,4,3,3 (mean 3.4, squared deviations 10.4): alpha = 1 - 9 * 4 / (2 * 10 * 10.4).
    expect(byKey.communication).toEqual({
      criterion: 'communication',
      n: 5,
      mean_abs_difference: 0.4,
      krippendorff_alpha: Math.round((1 - 36 / 208) * 1000) / 1000,
    });
    expect(byKey.role_fit).toEqual({ criterion: 'role_fit', n: 5, mean_abs_difference: 0, krippendorff_alpha: 1 });
    expect(report.blind.agreement).toHaveLength(4);
    expect((await t.get('/api/admin/oversight?job_id=nope', admin)).statusCode).toBe(422);
    expect((await t.get('/api/admin/oversight', (await t.signUp()).token)).statusCode).toBe(403);
  });

  it('alerts when 20 or more decisions have no override at all', async () => {
    const job = await postJob(t, admin);
    const cand = await t.signUp();
    // Rejected interviews do not block another application to the same job (decision 0169).
    for (let i = 0; i < 19; i++) {
      await assessedInterview(t, {
        jobId: job.id,
        candidateId: cand.user.id,
        assessment: scoredAssessment([1, 1, 1, 1], 'do_not_advance'),
        status: 'rejected',
      });
    }
    const url = `/api/admin/oversight?job_id=${job.id}`;
    expect((await t.get(url, admin)).json()).toMatchObject({ decided: 19, overrides: 0, alerts: [] });
    await assessedInterview(t, {
      jobId: job.id,
      candidateId: cand.user.id,
      assessment: scoredAssessment([1, 1, 1, 1], 'do_not_advance'),
      status: 'rejected',
    });
    const report = (await t.get(url, admin)).json();
    expect(report).toMatchObject({ decided: 20, overrides: 0, override_rate: 0 });
    expect(report.alerts).toEqual([{ kind: 'rubber_stamping', message: expect.stringContaining('20 decisions') }]);
  });
});

describe('GET /api/admin/oversight: the agreement alert', () => {
  /**
   * One blind-reviewed interview: the AI scored `ai` on communication, the reviewer `human`; on the
   * other criteria both gave `ai`, so they agree perfectly and only communication can raise an alert.
   */
  async function blindReview(jobId: string, ai: number, human: number) {
    // A candidate of its own, made in the database: sign-ups are rate-limited.
    const [cand] = await t.database.db
      .insert(users)
      .values({ email: `blind-${crypto.randomUUID()}@example.com`, passwordHash: 'x' })
      .returning({ id: users.id });
    const iv = await assessedInterview(t, {
      jobId,
      candidateId: cand!.id,
      assessment: scoredAssessment([ai, ai, ai, ai], 'consider'),
    });
    const posted = await t.post(`/api/admin/interviews/${iv.id}/human-scores`, admin, {
      scores: scoresOf([human, ai, ai, ai]),
    });
    expect(posted.statusCode).toBe(201);
  }
  const report = async (jobId: string) => {
    const res = await t.get(`/api/admin/oversight?job_id=${jobId}`, admin);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      blind: { reviewed: number; agreement: { criterion: string; n: number; krippendorff_alpha: number | null }[] };
      alerts: { kind: string; message: string }[];
    };
  };
  const alphaOf = (r: Awaited<ReturnType<typeof report>>, criterion: string) =>
    r.blind.agreement.find((a) => a.criterion === criterion)!.krippendorff_alpha;
  const AI = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5];

  it('alerts when the last 10 blind reviews agree much less than the earlier ones, not while agreement holds', async () => {
    const job = await postJob(t, admin, { blind_review_share: 1 });
    // Ten reviews in full agreement, then ten with one score a point off: agreement holds (alpha
    // 1 before, 0.974 over the last ten: a fall of 0.026), so no alert.
    for (const ai of AI) await blindReview(job.id, ai, ai);
    const wobble = [1, 2, 3, 4, 4, 1, 2, 3, 4, 5];
    for (let i = 0; i < 10; i++) await blindReview(job.id, AI[i]!, wobble[i]!);
    const holding = await report(job.id);
    expect(holding.blind.reviewed).toBe(20);
    expect(alphaOf(holding, 'communication')).toBe(0.987);
    expect(holding.alerts).toEqual([]);

    // Ten more where the reviewers part from the AI: alpha over the last ten is 0.719 (still above
    // 0.667, and 0.902 over all 30), but it fell from 0.987 over the twenty before: more than 0.2.
    const apart = [2, 1, 4, 3, 4, 2, 1, 4, 3, 4];
    for (let i = 0; i < 10; i++) await blindReview(job.id, AI[i]!, apart[i]!);
    const dropped = await report(job.id);
    expect(dropped.blind.reviewed).toBe(30);
    expect(alphaOf(dropped, 'communication')).toBe(0.902);
    expect(dropped.alerts).toEqual([
      {
        kind: 'agreement_drop',
        message: 'Communication: agreement fell from alpha 0.99 to 0.72 over the last 10 blind reviews.',
      },
    ]);
    // The criteria where people and the AI still agree raise nothing, and other jobs are not affected.
    expect(alphaOf(dropped, 'role_fit')).toBe(1);
    const other = await postJob(t, admin, { blind_review_share: 1 });
    for (const ai of AI.slice(0, 5)) await blindReview(other.id, ai, ai);
    expect((await report(other.id)).alerts).toEqual([]);
  });

  it('alerts when agreement is below 0.667 once there are 5 blind reviews, not before', async () => {
    const job = await postJob(t, admin, { blind_review_share: 1 });
    const ai = [1, 2, 3, 4, 5];
    const human = [3, 4, 1, 2, 4];
    for (let i = 0; i < 4; i++) await blindReview(job.id, ai[i]!, human[i]!);
    // Four pairs disagree badly (alpha -0.4), but four are too few to call it a finding.
    const few = await report(job.id);
    expect(alphaOf(few, 'communication')).toBe(-0.4);
    expect(few.alerts).toEqual([]);

    await blindReview(job.id, ai[4]!, human[4]!);
    const five = await report(job.id);
    expect(alphaOf(five, 'communication')).toBe(0.095);
    expect(five.alerts).toEqual([
      {
        kind: 'agreement_drop',
        message: 'Communication: the AI agrees with blind human scores at alpha 0.09, below 0.667.',
      },
    ]);
  });
});
