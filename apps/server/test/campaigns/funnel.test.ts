import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import crypto from 'node:crypto';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { endAbandonedInterviews } from '../../src/interview/abandoned';
import { interviews } from '../../src/db/schema';
import { consents } from '../../src/db/schema-accounts';
import { invitationCampaigns, invitations, interviewSatisfaction } from '../../src/db/schema-hiring';

let t: TestContext;
let admin: string;

beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000);

async function campaign(jobId: string, name: string) {
  const [row] = await t.database.db
    .insert(invitationCampaigns)
    .values({ jobId, name, reminders: { after_invite_hours: [48], before_deadline_hours: [24] } })
    .returning();
  return row!.id;
}

async function invite(
  campaignId: string,
  jobId: string,
  email: string,
  o: { userId?: string; openedAt?: Date; signedUpAt?: Date } = {},
) {
  await t.database.db.insert(invitations).values({
    campaignId,
    jobId,
    email,
    tokenHash: crypto.randomBytes(16).toString('hex'),
    userId: o.userId ?? null,
    openedAt: o.openedAt ?? null,
    signedUpAt: o.signedUpAt ?? null,
    createdAt: at(0),
  });
}

const consent = (userId: string, jobId: string, s: number) =>
  t.database.db
    .insert(consents)
    .values({ userId, jobId, purpose: 'interview_recording', version: 'v1', givenAt: at(s) });

async function interview(jobId: string, candidateId: string, o: Partial<typeof interviews.$inferInsert>) {
  const [row] = await t.database.db
    .insert(interviews)
    .values({ jobId, candidateId, status: 'not_started', ...o })
    .returning({ id: interviews.id });
  return row!.id;
}

/**
 * One job, two campaigns and one applicant who came without an invitation:
 * A (C1): every step, decided; B (C1): stopped after starting, lost the connection; C (C1): never
 * opened; D (C2): an existing account matched by address, consented; E: uninvited, completed.
 */
async function seed() {
  const job = await insertJob(t.database.db, { title: 'Funnel Rater', status: 'active' });
  const [a, b, d, e] = [await t.signUp(), await t.signUp(), await t.signUp(), await t.signUp()];
  const c1 = await campaign(job.id, 'Spring');
  const c2 = await campaign(job.id, 'Summer');
  await invite(c1, job.id, a.user.email, { userId: a.user.id, openedAt: at(100), signedUpAt: at(300) });
  await invite(c1, job.id, b.user.email, { userId: b.user.id, openedAt: at(200), signedUpAt: at(500) });
  await invite(c1, job.id, 'never-opened@example.test');
  await invite(c2, job.id, d.user.email.toUpperCase(), { openedAt: at(50) });

  await consent(a.user.id, job.id, 400);
  await consent(b.user.id, job.id, 700);
  await consent(d.user.id, job.id, 1000);
  await consent(e.user.id, job.id, 0);
  const ivA = await interview(job.id, a.user.id, {
    status: 'approved',
    startedAt: at(500),
    completedAt: at(1500),
    assessedAt: at(1600),
    decidedAt: at(5000),
  });
  await interview(job.id, b.user.id, { status: 'in_progress', startedAt: at(800) });
  const ivE = await interview(job.id, e.user.id, { status: 'under_review', startedAt: at(60), completedAt: at(660) });
  await t.database.db.insert(interviewSatisfaction).values([
    { interviewId: ivA, userId: a.user.id, score: 2 },
    { interviewId: ivE, userId: e.user.id, score: 4, comment: 'Clear questions.' },
  ]);
  const failure = await t.post(`/api/jobs/${job.id}/technical-failures`, b.token, { kind: 'connection_lost' });
  expect(failure.statusCode).toBe(204);
  // Reported again: still one person.
  await t.post(`/api/jobs/${job.id}/technical-failures`, b.token, { kind: 'connection_lost' });
  return { job, c1, c2, a, b };
}

type StepRow = { step: string; count: number; conversion: number | null; median_seconds_from_previous: number | null };
const byStep = (body: { steps: StepRow[] }): Record<string, StepRow> =>
  Object.fromEntries(body.steps.map((s) => [s.step, s]));

describe('GET /api/admin/jobs/{id}/funnel', () => {
  it('counts each step, its conversion and the median time from the previous one', async () => {
    const { job } = await seed();
    const res = await t.get(`/api/admin/jobs/${job.id}/funnel`, admin);
    expect(res.statusCode).toBe(200);
    const f = res.json();
    expect(f.steps.map((s: { step: string; count: number }) => [s.step, s.count])).toEqual([
      ['invited', 4],
      ['opened', 3],
      ['signed_up', 3],
      ['consented', 4],
      ['started', 3],
      ['completed', 2],
      ['assessed', 1],
      ['decided', 1],
    ]);
    const s = byStep(f);
    expect(s.invited).toMatchObject({ conversion: null, median_seconds_from_previous: null });
    expect(s.opened).toMatchObject({ conversion: 0.75, median_seconds_from_previous: 100 });
    expect(s.signed_up).toMatchObject({ conversion: 1, median_seconds_from_previous: 250 });
    expect(s.consented).toMatchObject({ median_seconds_from_previous: 150 });
    expect(s.started).toMatchObject({ conversion: 0.75, median_seconds_from_previous: 100 });
    expect(s.completed).toMatchObject({ conversion: 0.67, median_seconds_from_previous: 800 });
    expect(s.decided).toMatchObject({ conversion: 1, median_seconds_from_previous: 3400 });
    expect(f.uninvited).toBe(1);
    expect(f.satisfaction).toEqual({ average: 3, count: 2, skipped: 0 });
    expect(f.stopped.filter((x: { count: number }) => x.count)).toEqual([
      { step: 'invited', count: 1 },
      { step: 'consented', count: 1 },
      { step: 'started', count: 1 },
      { step: 'completed', count: 1 },
    ]);
    expect(f.technical_failures).toEqual([
      { kind: 'no_microphone', count: 0 },
      { kind: 'connection_lost', count: 1 },
      { kind: 'ended_early', count: 0 },
      { kind: 'abandoned', count: 0 },
    ]);
  });

  it('narrows to one campaign: its invitations, their satisfaction and failures', async () => {
    const { job, c1, c2 } = await seed();
    const f = (await t.get(`/api/admin/jobs/${job.id}/funnel?campaign_id=${c1}`, admin)).json();
    expect(f.steps.map((s: { count: number }) => s.count)).toEqual([3, 2, 2, 2, 2, 1, 1, 1]);
    expect(f).toMatchObject({ campaign_id: c1, uninvited: 0, satisfaction: { average: 2, count: 1 } });
    expect(f.technical_failures[1]).toEqual({ kind: 'connection_lost', count: 1 });
    const f2 = (await t.get(`/api/admin/jobs/${job.id}/funnel?campaign_id=${c2}`, admin)).json();
    expect(f2.steps.map((s: { count: number }) => s.count)).toEqual([1, 1, 1, 1, 0, 0, 0, 0]);
    expect(f2.technical_failures[1].count).toBe(0);
  });

  it('without invitations counts the applicants from consented on', async () => {
    const job = await insertJob(t.database.db, { title: 'Direct only' });
    const e = await t.signUp();
    await consent(e.user.id, job.id, 0);
    await interview(job.id, e.user.id, { status: 'completed', startedAt: at(30), completedAt: at(90) });
    const f = (await t.get(`/api/admin/jobs/${job.id}/funnel`, admin)).json();
    expect(f.steps.map((s: { count: number }) => s.count)).toEqual([0, 0, 0, 1, 1, 1, 0, 0]);
    expect(byStep(f).consented!.conversion).toBeNull();
    expect(byStep(f).completed!.median_seconds_from_previous).toBe(60);
    expect(f.satisfaction).toEqual({ average: null, count: 0, skipped: 0 });
  });

  it('downloads as CSV', async () => {
    const { job } = await seed();
    const res = await t.get(`/api/admin/jobs/${job.id}/funnel?format=csv`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="funnel-${job.id}.csv"`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"section","item","count","conversion","median_seconds_from_previous","value"');
    expect(lines).toContain('"step","opened","3","0.75","100",""');
    expect(lines).toContain('"technical_failure","connection_lost","1","","",""');
    expect(lines).toContain('"satisfaction","average","2","","","3"');
  });

  it('is the provider’s: 403 for a candidate, 404 for an unknown job or another job’s campaign, 422 for bad ids', async () => {
    const { job } = await seed();
    const other = await seed();
    const cand = await t.signUp();
    expect((await t.get(`/api/admin/jobs/${job.id}/funnel`, cand.token)).statusCode).toBe(403);
    expect((await t.get(`/api/admin/jobs/${crypto.randomUUID()}/funnel`, admin)).statusCode).toBe(404);
    expect((await t.get(`/api/admin/jobs/${job.id}/funnel?campaign_id=${other.c1}`, admin)).statusCode).toBe(404);
    const bad = await t.get(`/api/admin/jobs/${job.id}/funnel?campaign_id=nope`, admin);
    expect(bad.statusCode).toBe(422);
    expect((await t.get(`/api/admin/jobs/${job.id}/funnel?format=xml`, admin)).statusCode).toBe(422);
  });
});

describe('POST /api/jobs/{id}/technical-failures', () => {
  it('takes the candidate’s own interview only, and a known kind', async () => {
    const { job, a, b } = await seed();
    const own = await t.get(`/api/interviews?job_id=${job.id}`, a.token);
    const aInterview = (own.json() as { id: string }[])[0]!.id;
    const url = `/api/jobs/${job.id}/technical-failures`;
    expect((await t.post(url, a.token, { kind: 'ended_early', interview_id: aInterview })).statusCode).toBe(204);
    expect((await t.post(url, b.token, { kind: 'ended_early', interview_id: aInterview })).statusCode).toBe(404);
    expect((await t.post(url, a.token, { kind: 'gremlins' })).statusCode).toBe(422);
    expect((await t.post(url, null, { kind: 'no_microphone' })).statusCode).toBe(401);
    expect(
      (await t.post(`/api/jobs/${crypto.randomUUID()}/technical-failures`, a.token, { kind: 'no_microphone' }))
        .statusCode,
    ).toBe(404);
    const f = (await t.get(`/api/admin/jobs/${job.id}/funnel`, admin)).json();
    expect(f.technical_failures).toContainEqual({ kind: 'ended_early', count: 1 });
  });
});

describe('an interview nobody came back to', () => {
  it('is counted among the technical failures once the sweep ends it', async () => {
    const job = await insertJob(t.database.db, { title: 'Abandoned', status: 'active' });
    const cand = await t.signUp();
    const held = new Date(Date.now() - 60 * 60_000);
    const id = await interview(job.id, cand.user.id, { status: 'in_progress', startedAt: held, lastActiveAt: held });
    const swept = await endAbandonedInterviews(t.app.db, t.app.events, { now: new Date(), abandonMinutes: 30 });
    expect(swept.ended.map((e) => e.interviewId)).toContain(id);
    await vi.waitFor(async () => {
      const f = (await t.get(`/api/admin/jobs/${job.id}/funnel`, admin)).json();
      expect(f.technical_failures).toContainEqual({ kind: 'abandoned', count: 1 });
    });
    // The page cannot claim it: only the server sees an abandoned interview.
    const res = await t.post(`/api/jobs/${job.id}/technical-failures`, cand.token, { kind: 'abandoned' });
    expect(res.statusCode).toBe(422);
  });
});
