/**
 * API keys (issue 47, item 5): created and shown once, stored hashed, used as a bearer on the routes
 * that declare their scope only, revoked at once, last used kept to the minute; the OpenAPI document
 * marks the operations a key may call.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers/build';
import { postJob } from '../helpers/work-fixtures';
import { createOrResumeInterview } from '../../src/interview/interviews';
import { apiKeys } from '../../src/db/schema-hiring';

let t: TestContext;
let admin: string;
let interviewId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  const job = await postJob(t, admin, { title: 'Audio Rater' });
  const cand = await t.signUp();
  const iv = await createOrResumeInterview(t.database.db, {
    interviewId: crypto.randomUUID(),
    jobId: job.id,
    candidateId: cand.user.id,
    sessionId: 's',
  });
  interviewId = iv.id;
});
afterAll(() => t.close());

async function createKey(name: string, scopes: string[]) {
  const res = await t.post('/api/admin/api-keys', admin, { name, scopes });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; key: string };
}

it('creates a key shown once, stored as its hash, listed by name, prefix and scopes', async () => {
  const { id, key } = await createKey('Greenhouse sync', ['read:interviews', 'read:jobs']);
  expect(key).toMatch(/^tm_[A-Za-z0-9_-]{40}$/);
  const list = await t.get('/api/admin/api-keys', admin);
  expect(list.body).not.toContain(key);
  expect(list.json()).toEqual([
    {
      id,
      name: 'Greenhouse sync',
      prefix: key.slice(0, 9),
      scopes: ['read:interviews', 'read:jobs'],
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    },
  ]);
  const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
  expect(JSON.stringify(row)).not.toContain(key);
});

it('reads an interview and the jobs with the right scopes, and nothing else', async () => {
  const { key } = await createKey('Reader', ['read:interviews']);
  const one = await t.get(`/api/admin/interviews/${interviewId}`, key);
  expect(one.statusCode).toBe(200);
  expect(one.json().id).toBe(interviewId);
  expect((await t.get('/api/admin/interviews', key)).statusCode).toBe(200);

  // A scope it lacks, a route that takes no key (admin or candidate), a write: 403 with the reason.
  const jobs = await t.get('/api/admin/jobs', key);
  expect(jobs.statusCode).toBe(403);
  expect(jobs.json().detail).toBe('This API key does not have the scope read:jobs.');
  for (const [method, url] of [
    ['get', '/api/admin/api-keys'],
    ['get', '/api/admin/webhooks'],
    ['get', '/api/profile/me'],
    ['post', `/api/admin/interviews/${interviewId}/decision`],
  ] as const) {
    const res = await t[method](url, key, method === 'post' ? { decision: 'approved' } : undefined);
    expect(res.statusCode, url).toBe(403);
    expect(res.json().detail).toBe('This call does not take an API key; it needs a signed-in person.');
  }
  // A key cannot make keys.
  expect((await t.post('/api/admin/api-keys', key, { name: 'x', scopes: ['read:jobs'] })).statusCode).toBe(403);

  const jobsKey = await createKey('Jobs', ['read:jobs']);
  expect((await t.get('/api/admin/jobs', jobsKey.key)).statusCode).toBe(200);
});

it('stops at once when revoked; an unknown key is 401', async () => {
  const { id, key } = await createKey('Short-lived', ['read:interviews']);
  expect((await t.get(`/api/admin/interviews/${interviewId}`, key)).statusCode).toBe(200);
  expect((await t.delete(`/api/admin/api-keys/${id}`, admin)).statusCode).toBe(204);
  const after = await t.get(`/api/admin/interviews/${interviewId}`, key);
  expect(after.statusCode).toBe(401);
  expect(after.json().detail).toBe('Invalid or revoked API key');
  const listed = (await t.get('/api/admin/api-keys', admin)).json().find((k: { id: string }) => k.id === id);
  expect(listed.revoked_at).not.toBeNull();
  expect((await t.get(`/api/admin/interviews/${interviewId}`, 'tm_made-up-key')).statusCode).toBe(401);
  expect((await t.delete(`/api/admin/api-keys/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
});

it('keeps the last use, written at most once a minute', async () => {
  const { id, key } = await createKey('Poller', ['read:jobs']);
  const lastUsed = async () => (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!.lastUsedAt;
  await t.get('/api/admin/jobs', key);
  const first = await lastUsed();
  expect(first).not.toBeNull();
  // Used again within the minute: unchanged.
  await t.database.db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now() - interval '30 seconds'` })
    .where(eq(apiKeys.id, id));
  const thirty = await lastUsed();
  await t.get('/api/admin/jobs', key);
  expect((await lastUsed())!.getTime()).toBe(thirty!.getTime());
  // Over a minute since: written again.
  await t.database.db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
    .where(eq(apiKeys.id, id));
  await t.get('/api/admin/jobs', key);
  expect(Date.now() - (await lastUsed())!.getTime()).toBeLessThan(10_000);
  const listed = (await t.get('/api/admin/api-keys', admin)).json().find((k: { id: string }) => k.id === id);
  expect(listed.last_used_at).not.toBeNull();
});

it('is the provider’s: candidates cannot make or list keys; bad input is 422', async () => {
  const cand = await t.signUp();
  expect((await t.post('/api/admin/api-keys', cand.token, { name: 'x', scopes: ['read:jobs'] })).statusCode).toBe(403);
  expect((await t.get('/api/admin/api-keys', cand.token)).statusCode).toBe(403);
  expect((await t.post('/api/admin/api-keys', admin, { name: '', scopes: ['read:jobs'] })).statusCode).toBe(422);
  expect((await t.post('/api/admin/api-keys', admin, { name: 'x', scopes: [] })).statusCode).toBe(422);
  expect((await t.post('/api/admin/api-keys', admin, { name: 'x', scopes: ['admin:everything'] })).statusCode).toBe(
    422,
  );
});

it('marks the operations that take a key, with their scope, in the OpenAPI document', async () => {
  const doc = (await t.get('/api/openapi.json')).json();
  expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(doc.paths['/api/admin/interviews/{id}'].get.security).toEqual([
    { session: [] },
    { apiKey: ['read:interviews'] },
  ]);
  expect(doc.paths['/api/admin/jobs'].get['x-api-key-scope']).toBe('read:jobs');
  expect(doc.paths['/api/admin/api-keys'].get.security).toBeUndefined();
});
