import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { fullJobForm } from '../helpers/work-fixtures';
import { jobs } from '../../src/db/schema';
import { invalidateJobsCache, onJobsChanged } from '../../src/jobs/job-cache';

let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const ids = (body: string) => (JSON.parse(body) as { id: string }[]).map((j) => j.id);
async function post(payload: object = fullJobForm) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/jobs', headers: bearer(admin), payload });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; title: string };
}
const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/jobs/${id}`, headers: bearer(admin), payload });

describe('job list and detail cache', () => {
  it('answers a repeat request with the same ETag by 304 and no body', async () => {
    const job = await post();
    for (const url of ['/api/jobs', '/api/jobs?status=active', `/api/jobs/${job.id}`]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    }
  });

  it('shows an admin create, update and archive at once, with a new ETag each time', async () => {
    const before = await get('/api/jobs'); // warms the cache
    const job = await post({ ...fullJobForm, title: 'Texture Rater' });
    const afterCreate = await get('/api/jobs', { 'if-none-match': before.headers.etag as string });
    expect(afterCreate.statusCode).toBe(200);
    expect(ids(afterCreate.body)).toContain(job.id);

    const detail = await get(`/api/jobs/${job.id}`);
    expect(detail.json().title).toBe('Texture Rater');
    expect((await patch(job.id, { title: 'Texture Reviewer' })).statusCode).toBe(200);
    const renamed = await get(`/api/jobs/${job.id}`, { 'if-none-match': detail.headers.etag as string });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('Texture Reviewer');
    expect(JSON.parse((await get('/api/jobs')).body).find((j: { id: string }) => j.id === job.id).title).toBe(
      'Texture Reviewer',
    );

    const active = await get('/api/jobs?status=active');
    expect(ids(active.body)).toContain(job.id);
    expect((await patch(job.id, { status: 'archived' })).statusCode).toBe(200);
    expect(ids((await get('/api/jobs?status=active')).body)).not.toContain(job.id);
    expect(ids((await get('/api/jobs?status=archived')).body)).toContain(job.id);
    expect((await get(`/api/jobs/${job.id}`)).json().status).toBe('archived');
  });

  it('gives every caller the same reply: nothing in it depends on who asks', async () => {
    await post();
    const { token } = await t.signUp();
    const anonymous = await get('/api/jobs');
    const candidate = await get('/api/jobs', bearer(token));
    const asAdmin = await get('/api/jobs', bearer(admin));
    expect(candidate.body).toBe(anonymous.body);
    expect(asAdmin.body).toBe(anonymous.body);
    expect(candidate.headers.etag).toBe(anonymous.headers.etag);
    // Only the encoding varies, never the caller.
    expect(anonymous.headers.vary).toBe('accept-encoding');
  });

  it('tells listeners about local writes, and drops the cache when another instance says so', async () => {
    let told = 0;
    const stop = onJobsChanged(() => told++);
    const job = await post();
    await patch(job.id, { pay_per_hour: 45 });
    stop();
    expect(told).toBe(2);

    // A job written by another instance (straight into the shared database) shows after the
    // invalidation message, not before.
    expect(ids((await get('/api/jobs')).body)).toContain(job.id);
    const [other] = await t.database.db
      .insert(jobs)
      .values({
        title: 'Written Elsewhere',
        description: 'By another instance.',
        positionType: 'Freelance',
        availability: 'Remote',
      })
      .returning();
    expect(ids((await get('/api/jobs')).body)).not.toContain(other!.id);
    // The detail of a job missing from the cached list is read from the database.
    expect((await get(`/api/jobs/${other!.id}`)).json().title).toBe('Written Elsewhere');
    invalidateJobsCache();
    expect(ids((await get('/api/jobs')).body)).toContain(other!.id);
  });

  it('sends the list compressed to clients that accept it, the same JSON once decoded', async () => {
    for (let i = 0; i < 3; i++) await post(); // enough jobs for a body worth compressing
    const plain = await get('/api/jobs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/jobs', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/api/jobs', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('keeps validation and 404 on the cached routes', async () => {
    expect((await get('/api/jobs?status=bogus')).statusCode).toBe(422);
    const missing = await get(`/api/jobs/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Job not found' });
  });
});
