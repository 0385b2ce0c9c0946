/**
 * Issue 35 items 1-5 through the API: the AI notice, the human-only alternative (201, 409, `human_only`
 * assessment), voluntary self-identification (422 on bad categories, in the account export, gone with the
 * account), the bias audit on a hand-computed example, and its publication.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AI_ASSESSMENT_NOTICE, RUBRIC_CRITERIA, type InterviewStatus } from '@app/shared';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { decisionLog, selfIdentifications } from '../../src/db/schema-ai-hiring';
import { createInterview } from '../../src/interview/interviews';
import { assessInterview } from '../../src/interview/assessment';
import { storedAssessment } from './fixtures';

let t: TestContext;
let admin: string;
// The arithmetic on a hand-worked example of ten people: the rule that hides small groups (decision 0222,
// test/ai-hiring/bias-audit-suppression.test.ts) is set to hide only empty ones here.
beforeAll(
  async () => ({ t, admin } = await buildTestAppWithAdmin({ BIAS_AUDIT_MIN_CELL: '1', BIAS_AUDIT_MIN_SAMPLE: '1' })),
);
afterAll(() => t.close());

/** A candidate with an assessed interview for the job, and their self-identification if given. */
async function assessed(
  jobId: string,
  overall: number,
  status: InterviewStatus,
  selfId?: { sex: string; race_ethnicity: string },
  assessedAt = new Date('2026-10-15T12:00:00Z'),
) {
  const c = await t.signUp();
  if (selfId) expect((await t.put('/api/self-identification', c.token, selfId)).statusCode).toBe(200);
  const interview = await createInterview(t.app.db, { jobId, candidateId: c.user.id, status, completedAt: assessedAt });
  await t.app.db
    .update(interviews)
    .set({ assessment: storedAssessment(overall), assessedAt })
    .where(eq(interviews.id, interview.id));
  return { ...c, interview };
}

describe('the AI notice', () => {
  it('is public like the job and lists content-only criteria, human review, retention and integrity signals', async () => {
    const job = await insertJob(t.app.db, { status: 'active' });
    const res = await t.get(`/api/jobs/${job.id}/ai-notice`);
    expect(res.statusCode).toBe(200);
    const notice = res.json();
    expect(notice).toMatchObject({
      version: AI_ASSESSMENT_NOTICE.version,
      human_review: true,
      alternative_available: true,
      retention_days: t.config.RECORDING_RETENTION_DAYS,
      criteria: RUBRIC_CRITERIA.map((c) => ({ name: c.label, description: c.description })),
    });
    expect(notice.text).toMatch(/AI interviewer/);
    expect(notice.text).toMatch(/never assesses your voice, tone, emotion, face, accent/);
    expect(notice.integrity_signals).toEqual(expect.arrayContaining(['tab_hidden', 'paste']));
    // Candidates can find the published bias audits from the notice (issue 43 item 17).
    expect(notice.bias_audit_url).toBe('/bias-audit');
    expect((await t.get(`/api/jobs/${crypto.randomUUID()}/ai-notice`)).statusCode).toBe(404);
    expect((await t.get('/api/jobs/nope/ai-notice')).statusCode).toBe(422);
  });
});

describe('the human-only alternative', () => {
  it('201 once per candidate and job, 409 again; the interview is then assessed human_only, not by the AI', async () => {
    const job = await insertJob(t.app.db, { status: 'active' });
    const c = await t.signUp();
    const url = `/api/jobs/${job.id}/alternative-assessment`;
    expect((await t.post(url, null, { reason: 'x' })).statusCode).toBe(401);
    expect((await t.post(url, c.token, { reason: '   ' })).statusCode).toBe(422);
    const first = await t.post(url, c.token, { reason: 'I stutter and prefer a person to assess me.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), status: 'requested' });
    const again = await t.post(url, c.token, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already asked/);
    expect((await t.get(url, c.token)).json()).toMatchObject({ id: first.json().id, status: 'requested' });
    expect(
      (await t.post(`/api/jobs/${crypto.randomUUID()}/alternative-assessment`, c.token, { reason: 'r' })).statusCode,
    ).toBe(404);

    // The candidate still interviews; the assessment job stores human_only with no scores and the reason.
    const interview = await createInterview(t.app.db, { jobId: job.id, candidateId: c.user.id, status: 'completed' });
    const assessment = await assessInterview(t.app.db, t.config, interview.id);
    expect(assessment).toMatchObject({ status: 'human_only', criteria: [], overall_score: null, recommendation: null });
    const detail = (await t.get(`/api/admin/interviews/${interview.id}`, admin)).json();
    expect(detail.status).toBe('under_review');
    expect(detail.assessment).toMatchObject({ status: 'human_only', overall_score: null });
    expect(detail.assessment.summary).toContain('I stutter and prefer a person to assess me.');

    // The provider lists and resolves it with a note; a candidate cannot.
    const list = await t.get('/api/admin/alternative-assessments?status=requested', admin);
    const row = list.json().find((a: { id: string }) => a.id === first.json().id);
    expect(row).toMatchObject({
      job_id: job.id,
      candidate_id: c.user.id,
      interview_id: interview.id,
      status: 'requested',
    });
    expect((await t.get('/api/admin/alternative-assessments', c.token)).statusCode).toBe(403);
    const resolveUrl = `/api/admin/alternative-assessments/${row.id}/resolve`;
    expect((await t.post(resolveUrl, admin, { note: '' })).statusCode).toBe(422);
    const resolved = await t.post(resolveUrl, admin, { note: 'Reviewed by two people from the recording.' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', note: 'Reviewed by two people from the recording.' });
    expect((await t.post(resolveUrl, admin, { note: 'again' })).statusCode).toBe(409);
  });

  it('an interview already scored and not decided loses its AI scores when the candidate asks', async () => {
    const job = await insertJob(t.app.db, { status: 'active' });
    const c = await assessed(job.id, 4.2, 'under_review');
    expect(
      (await t.post(`/api/jobs/${job.id}/alternative-assessment`, c.token, { reason: 'Prefer a person' })).statusCode,
    ).toBe(201);
    const detail = (await t.get(`/api/admin/interviews/${c.interview.id}`, admin)).json();
    expect(detail.assessment).toMatchObject({ status: 'human_only', overall_score: null, criteria: [] });
  });
});

describe('voluntary self-identification', () => {
  it('PUT/GET/DELETE the candidate’s own; 422 on anything but the EEO-1 categories', async () => {
    const c = await t.signUp();
    expect((await t.get('/api/self-identification', null)).statusCode).toBe(401);
    expect((await t.get('/api/self-identification', c.token)).json()).toBeNull();
    for (const bad of [
      { sex: 'other', race_ethnicity: 'white' },
      { sex: 'female', race_ethnicity: 'martian' },
      { sex: 'female' },
      { sex: 'FEMALE', race_ethnicity: 'white' },
    ]) {
      const res = await t.put('/api/self-identification', c.token, bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBeTruthy();
    }
    const put = await t.put('/api/self-identification', c.token, { sex: 'female', race_ethnicity: 'asian' });
    expect(put.json()).toMatchObject({ sex: 'female', race_ethnicity: 'asian' });
    await t.put('/api/self-identification', c.token, { sex: 'decline', race_ethnicity: 'two_or_more' });
    expect((await t.get('/api/self-identification', c.token)).json()).toMatchObject({
      sex: 'decline',
      race_ethnicity: 'two_or_more',
    });
    expect((await t.delete('/api/self-identification', c.token)).statusCode).toBe(204);
    expect((await t.get('/api/self-identification', c.token)).json()).toBeNull();
  });

  it('is in the candidate’s own account export and is deleted with the account', async () => {
    const c = await t.signUp();
    await t.put('/api/self-identification', c.token, { sex: 'male', race_ethnicity: 'hispanic_or_latino' });
    const exported = JSON.parse((await t.get('/api/account/export', c.token)).body);
    expect(exported.self_identification).toMatchObject({ sex: 'male', race_ethnicity: 'hispanic_or_latino' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { authorization: `Bearer ${c.token}` },
      payload: { password: 'secret123' },
    });
    expect(del.statusCode).toBe(204);
    expect(await t.app.db.select().from(selfIdentifications).where(eq(selfIdentifications.userId, c.user.id))).toEqual(
      [],
    );
  });
});

describe('the bias audit', () => {
  it('computes the hand-worked example: median 3.25, scoring and selection rates, ratios, unknowns', async () => {
    const job = await insertJob(t.app.db, { status: 'active' });
    const other = await insertJob(t.app.db, { status: 'active' });
    const mw = { sex: 'male', race_ethnicity: 'white' };
    const fw = { sex: 'female', race_ethnicity: 'white' };
    const fb = { sex: 'female', race_ethnicity: 'black_or_african_american' };
    await assessed(job.id, 4.5, 'approved', mw);
    await assessed(job.id, 4.0, 'approved', mw);
    await assessed(job.id, 3.5, 'rejected', mw);
    await assessed(job.id, 3.0, 'under_review', mw);
    await assessed(job.id, 4.0, 'approved', fw);
    await assessed(job.id, 2.0, 'rejected', fw);
    await assessed(job.id, 3.0, 'rejected', fb);
    await assessed(job.id, 2.5, 'under_review', fb);
    await assessed(job.id, 5.0, 'approved'); // never self-identified
    await assessed(job.id, 3.0, 'under_review', { sex: 'decline', race_ethnicity: 'decline' });
    // Not in the sample: another job, and an interview no AI scored.
    await assessed(other.id, 1.0, 'rejected', fw);
    const human = await t.signUp();
    const unscored = await createInterview(t.app.db, {
      jobId: job.id,
      candidateId: human.user.id,
      status: 'under_review',
    });
    await t.app.db
      .update(interviews)
      .set({ assessment: storedAssessment(null, 'human_only'), assessedAt: new Date('2026-10-15T12:00:00Z') })
      .where(eq(interviews.id, unscored.id));

    const res = await t.get(`/api/admin/bias-audit?job_id=${job.id}`, admin);
    expect(res.statusCode).toBe(200);
    const audit = res.json();
    expect(audit).toMatchObject({ sample_size: 10, unknown_count: 2, median_score: 3.25, decided: 7 });
    expect(audit.unknown).toEqual({ sex: 2, race_ethnicity: 2 });
    const by = (rows: { group: string }[], group: string) => rows.find((r) => r.group === group);
    expect(by(audit.scoring.sex, 'male')).toMatchObject({ n: 4, scoring_rate: 0.75, impact_ratio: 1, p_value: null });
    expect(by(audit.scoring.sex, 'female')).toMatchObject({
      n: 4,
      scoring_rate: 0.25,
      impact_ratio: 0.3333,
      below_four_fifths: true,
      p_value: 0.4857,
      significant: false,
      excluded: false,
    });
    expect(by(audit.scoring.race_ethnicity, 'white')).toMatchObject({ n: 6, scoring_rate: 0.6667, impact_ratio: 1 });
    expect(by(audit.scoring.race_ethnicity, 'black_or_african_american')).toMatchObject({
      n: 2,
      scoring_rate: 0,
      impact_ratio: 0,
      p_value: 0.4286,
    });
    expect(by(audit.scoring.race_ethnicity, 'asian')).toMatchObject({
      n: null,
      scoring_rate: null,
      suppressed: 'small',
    });
    expect(by(audit.scoring.intersectional, 'female|white')).toMatchObject({
      n: 2,
      scoring_rate: 0.5,
      impact_ratio: 0.6667,
    });
    expect(by(audit.selection.sex, 'male')).toMatchObject({ n: 3, selection_rate: 0.6667, impact_ratio: 1 });
    expect(by(audit.selection.sex, 'female')).toMatchObject({ n: 3, selection_rate: 0.3333, impact_ratio: 0.5 });
    expect(by(audit.selection.race_ethnicity, 'white')).toMatchObject({ n: 5, selection_rate: 0.6 });
    expect(by(audit.selection.race_ethnicity, 'black_or_african_american')).toMatchObject({ n: 1, selection_rate: 0 });
    expect(audit.notes.join(' ')).toMatch(/Fisher/);

    // The window is on the assessment date; all jobs by default.
    expect((await t.get(`/api/admin/bias-audit?job_id=${job.id}&from=2026-10-16`, admin)).json().sample_size).toBe(0);
    expect((await t.get(`/api/admin/bias-audit?job_id=${job.id}&to=2026-10-15`, admin)).json().sample_size).toBe(10);
    expect((await t.get('/api/admin/bias-audit', admin)).json().sample_size).toBeGreaterThanOrEqual(11);
    expect((await t.get('/api/admin/bias-audit?from=15-10-2026', admin)).statusCode).toBe(422);
    expect((await t.get('/api/admin/bias-audit', human.token)).statusCode).toBe(403);

    // Publishing stores a snapshot, listed publicly without a person in it.
    const publish = await t.post('/api/admin/bias-audit/publish', admin, {
      job_id: job.id,
      auditor: 'Example Audit LLP',
      audit_date: '2026-11-01',
    });
    expect(publish.statusCode).toBe(201);
    // The publication is in the append-only decision log, kept for years (decision 0198).
    const logged = await t.database.db.select().from(decisionLog).where(eq(decisionLog.kind, 'audit_published'));
    expect(logged.map((e) => e.details)).toContainEqual(expect.objectContaining({ auditor: 'Example Audit LLP' }));
    expect(
      (await t.post('/api/admin/bias-audit/publish', admin, { auditor: '', audit_date: '2026-11-01' })).statusCode,
    ).toBe(422);
    expect(
      (await t.post('/api/admin/bias-audit/publish', human.token, { auditor: 'x', audit_date: '2026-11-01' }))
        .statusCode,
    ).toBe(403);
    const pub = await t.get('/api/public/bias-audit');
    expect(pub.statusCode).toBe(200);
    const [summary] = pub.json();
    expect(summary).toMatchObject({
      job_id: job.id,
      auditor: 'Example Audit LLP',
      audit_date: '2026-11-01',
      distribution_date: '2026-10-15',
      sample_size: 10,
      unknown_count: 2,
      median_score: 3.25,
    });
    expect(by(summary.scoring.sex, 'female')).toMatchObject({ scoring_rate: 0.25, impact_ratio: 0.3333 });
    expect(pub.body).not.toMatch(/@example\.test|candidate_id|"email"/);
  });
});
