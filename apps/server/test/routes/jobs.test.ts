import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { seedSampleJobs, SAMPLE_JOBS } from '../../src/jobs/sample-jobs';
import { fullJobForm } from '../helpers/work-fixtures';

let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

describe('jobs', () => {
  it('lets an admin post a job that anyone can then read', async () => {
    const created = await t.post('/api/admin/jobs', admin, fullJobForm);
    expect(created.statusCode).toBe(201);
    const job = created.json();
    expect(job).toMatchObject({ ...fullJobForm, status: 'active' });

    const one = await t.get(`/api/jobs/${job.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(job);

    const list = await t.get('/api/jobs');
    expect(list.json().map((j: { id: string }) => j.id)).toContain(job.id);
  });

  it('patches only the fields sent', async () => {
    const job = (await t.post('/api/admin/jobs', admin, fullJobForm)).json();
    const res = await t.patch(`/api/admin/jobs/${job.id}`, admin, { status: 'archived' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...fullJobForm, status: 'archived' });
    const filtered = await t.get('/api/jobs?status=active,pending');
    expect(filtered.json().map((j: { id: string }) => j.id)).not.toContain(job.id);
  });

  it('refuses candidates (403) and anonymous callers (401) on the admin side', async () => {
    const { token } = await t.signUp();
    const asCandidate = await t.post('/api/admin/jobs', token, fullJobForm);
    expect(asCandidate.statusCode).toBe(403);
    expect(asCandidate.json()).toEqual({ detail: 'Admin access required' });
    const anonymous = await t.post('/api/admin/jobs', null, fullJobForm);
    expect(anonymous.statusCode).toBe(401);
  });

  it('validates job input with field-level messages', async () => {
    const res = await t.post('/api/admin/jobs', admin, {
      ...fullJobForm,
      title: 'ab',
      pay_per_hour: -3,
      interview_type: 'chat',
    });
    expect(res.statusCode).toBe(422);
    const locs = res.json().detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.title', 'body.pay_per_hour', 'body.interview_type']));
    const empty = await t.patch(`/api/admin/jobs/${crypto.randomUUID()}`, admin, {});
    expect(empty.statusCode).toBe(422);
  });

  it('answers unknown and malformed ids with 404 and 422', async () => {
    expect((await t.get(`/api/jobs/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const bad = await t.get('/api/jobs/not-a-uuid');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['params', 'id']);
    const patchMissing = await t.patch(`/api/admin/jobs/${crypto.randomUUID()}`, admin, { status: 'active' });
    expect(patchMissing.statusCode).toBe(404);
  });

  it('seeds sample jobs only into an empty table', async () => {
    const fresh = await buildTestApp();
    try {
      expect(await seedSampleJobs(fresh.database.db)).toBe(SAMPLE_JOBS.length);
      expect(await seedSampleJobs(fresh.database.db)).toBe(0);
      const list = (await fresh.app.inject({ method: 'GET', url: '/api/jobs' })).json();
      expect(list).toHaveLength(SAMPLE_JOBS.length);
      expect(new Set(list.map((j: { interview_type: string }) => j.interview_type)).size).toBeGreaterThan(2);
    } finally {
      await fresh.close();
    }
  });
});
