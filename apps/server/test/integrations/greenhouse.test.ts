/**
 * The Greenhouse assessment-partner adapter (issue 47, item 6): the three calls Greenhouse makes,
 * with the provider's API key as the HTTP Basic user name, each needing its own scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers/build';
import { postJob } from '../helpers/work-fixtures';
import { readOutbox } from '../helpers/outbox';
import { interviews } from '../../src/db/schema';
import { createInterview } from '../../src/interview/interviews';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://app.test' });
  admin = await t.adminToken();
});
afterAll(() => t.close());

async function keyWith(scopes: string[]) {
  const res = await t.post('/api/admin/api-keys', admin, { name: 'Greenhouse', scopes });
  expect(res.statusCode).toBe(201);
  return (res.json() as { key: string }).key;
}
const basic = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });
const call = (method: 'GET' | 'POST', url: string, key: string, payload?: object) =>
  t.app.inject({ method, url: `/api/ats/greenhouse/${url}`, headers: basic(key), ...(payload && { payload }) });

describe('Greenhouse assessment partner', () => {
  it('lists active jobs as tests, sends a test as an invitation, and reports its status with the score once decided', async () => {
    const key = await keyWith(['read:jobs', 'write:invitations', 'read:interviews']);
    const job = await postJob(t, admin, { title: 'Poster Critic' });
    const archived = await postJob(t, admin, { title: 'Old Rater' });
    await t.patch(`/api/admin/jobs/${archived.id}`, admin, { status: 'archived' });

    const tests = await call('GET', 'list_tests', key);
    expect(tests.statusCode).toBe(200);
    const list = tests.json() as { partner_test_id: string; partner_test_name: string }[];
    expect(list).toContainEqual({ partner_test_id: job.id, partner_test_name: 'AI interview: Poster Critic' });
    expect(list.map((x) => x.partner_test_id)).not.toContain(archived.id);

    const candidate = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@gh.test' };
    const sent = await call('POST', 'send_test', key, {
      partner_test_id: job.id,
      candidate,
      url: 'https://gh.test/cb',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { partner_interview_id: id } = sent.json() as { partner_interview_id: string };
    // Greenhouse may send the same test twice: the same invitation answers, no second e-mail.
    const again = await call('POST', 'send_test', key, { partner_test_id: job.id, candidate });
    expect(again.json()).toEqual({ partner_interview_id: id });
    await t.app.queue.settle();
    const mails = readOutbox(t.config.dataDir).filter(
      (m) => m.includes('To: Grace Hopper <grace@gh.test>') || m.includes('To: grace@gh.test'),
    );
    expect(mails).toHaveLength(1);

    let status = await call('GET', `test_status?partner_interview_id=${id}`, key);
    expect(status.json()).toMatchObject({
      partner_status: 'incomplete',
      partner_score: null,
      metadata: { interview_status: 'not_started' },
    });

    // The candidate signs up with the invited address, interviews, and the provider decides.
    const person = await t.signUp('grace@gh.test');
    const interview = await createInterview(t.database.db, {
      jobId: job.id,
      candidateId: person.user.id,
      status: 'completed',
      completedAt: new Date(),
    });
    status = await call('GET', `test_status?partner_interview_id=${id}`, key);
    expect(status.json()).toMatchObject({ partner_status: 'incomplete', metadata: { interview_status: 'completed' } });
    await t.database.db
      .update(interviews)
      .set({ assessment: { overall_score: 3.6 } })
      .where(eq(interviews.id, interview.id));
    const decided = await t.post(`/api/admin/interviews/${interview.id}/decision`, admin, { decision: 'approved' });
    expect(decided.statusCode).toBe(200);
    status = await call('GET', `test_status?partner_interview_id=${id}`, key);
    expect(status.json()).toMatchObject({
      partner_status: 'complete',
      partner_score: 72,
      partner_profile_url: `http://app.test/admin/interviews/${interview.id}`,
      metadata: { decision: 'approved' },
    });
  });

  it('refuses calls without the key, with a key lacking the scope, a bearer-less password, and unknown ids', async () => {
    const readOnly = await keyWith(['read:jobs']);
    const job = await postJob(t, admin, { title: 'Scope Rater' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ats/greenhouse/list_tests' })).statusCode).toBe(401);
    expect((await call('GET', 'list_tests', readOnly)).statusCode).toBe(200);
    const refused = await call('POST', 'send_test', readOnly, {
      partner_test_id: job.id,
      candidate: { email: 'x@gh.test' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/scope write:invitations/);
    // A person's password is no key.
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/ats/greenhouse/list_tests',
      headers: { authorization: `Basic ${Buffer.from('admin@example.test:admin-password-1').toString('base64')}` },
    });
    expect(wrong.statusCode).toBe(401);
    // Basic is taken on these routes only.
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: basic(readOnly) });
    expect(elsewhere.statusCode).toBe(401);

    const full = await keyWith(['read:jobs', 'write:invitations', 'read:interviews']);
    expect(
      (await call('POST', 'send_test', full, { partner_test_id: 'nope', candidate: { email: 'x@gh.test' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', 'send_test', full, { partner_test_id: job.id, candidate: { email: 'not-mail' } })).statusCode,
    ).toBe(422);
    expect((await call('GET', `test_status?partner_interview_id=${crypto.randomUUID()}`, full)).statusCode).toBe(404);
  });
});
