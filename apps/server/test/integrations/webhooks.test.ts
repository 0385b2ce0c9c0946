/**
 * Webhooks (issue 47, item 4): registration with the secret shown once, signed deliveries of real
 * events to a receiver on 127.0.0.1 (allowed by WEBHOOKS_ALLOW_PRIVATE), the delivery log, replay,
 * and refusals of private addresses without the setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers/build';
import { postJob } from '../helpers/work-fixtures';
import { startReceiver, verifySignature } from '../helpers/webhook-receiver';
import { createOrResumeInterview } from '../../src/interview/interviews';
import { appendTurn } from '../../src/interview/store';
import { webhookEndpoints } from '../../src/db/schema-hiring';

let t: TestContext;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  t = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  admin = await t.adminToken();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

/** A candidate completes an interview of a new job: the app emits interview.completed. */
async function completedInterview() {
  const job = await postJob(t, admin, { title: 'Podcast Rater' });
  const cand = await t.signUp();
  const iv = await createOrResumeInterview(t.database.db, {
    interviewId: crypto.randomUUID(),
    jobId: job.id,
    candidateId: cand.user.id,
    sessionId: 'live',
  });
  const now = new Date();
  await appendTurn(t.database.db, iv.id, {
    seq: 1,
    speaker: 'user',
    text: 'I review podcasts weekly.',
    startedAt: now,
    endedAt: now,
    offsetSeconds: 1,
  });
  expect((await t.post(`/api/interviews/${iv.id}/complete`, cand.token)).statusCode).toBe(200);
  return { iv, job, cand };
}

describe('a registered endpoint', () => {
  let endpoint: { id: string; secret: string };

  it('is registered with its events and shows its secret once', async () => {
    const res = await t.post('/api/admin/webhooks', admin, {
      url: receiver.url(),
      events: ['interview.completed', 'decision.made'],
    });
    expect(res.statusCode).toBe(201);
    endpoint = res.json();
    expect(endpoint.secret).toMatch(/^whsec_/);
    const list = await t.get('/api/admin/webhooks', admin);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        url: receiver.url(),
        events: ['interview.completed', 'decision.made'],
        disabled_at: null,
      }),
    ]);
    expect(list.body).not.toContain(endpoint.secret);
    // At rest the secret is encrypted, not kept as given.
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secretEncrypted).not.toContain(endpoint.secret);
  });

  it('receives signed interview.completed and decision.made events with ids and figures only', async () => {
    const before = receiver.received.length;
    const { iv, job, cand } = await completedInterview();
    await t.app.queue.settle();
    const decided = await t.post(`/api/admin/interviews/${iv.id}/decision`, admin, {
      decision: 'approved',
      note: 'Sharp ears',
    });
    expect(decided.statusCode).toBe(200);
    await t.app.queue.settle();

    const got = receiver.received.slice(before);
    // assessment.ready also happened, but this endpoint did not subscribe to it.
    expect(got.map((r) => JSON.parse(r.body).type)).toEqual(['interview.completed', 'decision.made']);
    for (const r of got) {
      const sig = verifySignature(endpoint.secret, String(r.headers['webhook-signature']), r.body);
      expect(sig.ok).toBe(true);
      expect(Math.abs(sig.t - Date.now() / 1000)).toBeLessThan(60);
      expect(verifySignature('whsec_wrong', String(r.headers['webhook-signature']), r.body).ok).toBe(false);
      const event = JSON.parse(r.body);
      expect(Object.keys(event)).toEqual(['id', 'type', 'created', 'data']);
      expect(r.headers['webhook-id']).toBe(event.id);
      expect(r.headers['content-type']).toBe('application/json');
      // No name, e-mail, transcript, recording or note: ids and figures.
      expect(r.body).not.toContain(cand.user.email);
      expect(r.body).not.toContain('podcasts weekly');
      expect(r.body).not.toContain('Sharp ears');
    }
    expect(JSON.parse(got[0]!.body).data).toEqual({
      interview_id: iv.id,
      job_id: job.id,
      candidate_id: cand.user.id,
      status: 'completed',
    });
    expect(JSON.parse(got[1]!.body).data).toMatchObject({ interview_id: iv.id, decision: 'approved' });

    const log = await t.get(`/api/admin/webhooks/${endpoint.id}/deliveries`, admin);
    expect(log.statusCode).toBe(200);
    const deliveries = log.json() as {
      status: string;
      response_code: number;
      attempts: number;
      duration_ms: number;
      attempt_log: unknown[];
    }[];
    expect(deliveries.slice(0, 2)).toEqual([
      expect.objectContaining({ status: 'succeeded', response_code: 200, attempts: 1, event_type: 'decision.made' }),
      expect.objectContaining({
        status: 'succeeded',
        response_code: 200,
        attempts: 1,
        event_type: 'interview.completed',
      }),
    ]);
    expect(deliveries[0]!.attempt_log).toEqual([expect.objectContaining({ response_code: 200, error: null })]);
    expect(deliveries[0]!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('replays a delivery: the same event id, signed again, logged as a new delivery', async () => {
    const log = (await t.get(`/api/admin/webhooks/${endpoint.id}/deliveries`, admin)).json();
    const original = log[0];
    const before = receiver.received.length;
    const res = await t.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${original.id}/replay`, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ replay_of: original.id, event_id: original.event_id, status: 'pending' });
    await t.app.queue.settle();
    const again = receiver.received[before]!;
    expect(again.headers['webhook-id']).toBe(original.event_id);
    expect(verifySignature(endpoint.secret, String(again.headers['webhook-signature']), again.body).ok).toBe(true);
    const after = (await t.get(`/api/admin/webhooks/${endpoint.id}/deliveries`, admin)).json();
    expect(after[0]).toMatchObject({ replay_of: original.id, status: 'succeeded' });
    // An unknown delivery, or one of another endpoint, is 404.
    const other = await t.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${crypto.randomUUID()}/replay`, admin);
    expect(other.statusCode).toBe(404);
  });

  it('is the provider’s: candidates get 403, bad input 422, unknown ids 404; deleting stops deliveries', async () => {
    const cand = await t.signUp();
    expect((await t.get('/api/admin/webhooks', cand.token)).statusCode).toBe(403);
    expect(
      (await t.post('/api/admin/webhooks', cand.token, { url: receiver.url(), events: ['payout.paid'] })).statusCode,
    ).toBe(403);
    expect((await t.post('/api/admin/webhooks', admin, { url: receiver.url(), events: [] })).statusCode).toBe(422);
    expect((await t.post('/api/admin/webhooks', admin, { url: receiver.url(), events: ['nope'] })).statusCode).toBe(
      422,
    );
    expect((await t.post('/api/admin/webhooks', admin, { url: 'not a url', events: ['payout.paid'] })).statusCode).toBe(
      422,
    );
    expect(
      (await t.post('/api/admin/webhooks', admin, { url: 'ftp://127.0.0.1/x', events: ['payout.paid'] })).statusCode,
    ).toBe(422);
    expect((await t.delete(`/api/admin/webhooks/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await t.get(`/api/admin/webhooks/${crypto.randomUUID()}/deliveries`, admin)).statusCode).toBe(404);

    expect((await t.delete(`/api/admin/webhooks/${endpoint.id}`, admin)).statusCode).toBe(204);
    expect((await t.get('/api/admin/webhooks', admin)).json()).toEqual([]);
    const before = receiver.received.length;
    await completedInterview();
    await t.app.queue.settle();
    expect(receiver.received.length).toBe(before);
  });
});

describe('without WEBHOOKS_ALLOW_PRIVATE', () => {
  let strict: TestContext;
  beforeAll(async () => (strict = await buildTestApp()));
  afterAll(() => strict.close());

  it.each([
    'https://127.0.0.1/hooks',
    'https://10.1.2.3/hooks',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hooks',
    'https://[::ffff:127.0.0.1]/hooks',
    'https://192.168.0.10/hooks',
    'https://localhost/hooks',
  ])('refuses %s at registration', async (url) => {
    const res = await strict.post('/api/admin/webhooks', await strict.adminToken(), { url, events: ['payout.paid'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/private, loopback or link-local/);
    expect((await strict.get('/api/admin/webhooks', await strict.adminToken())).json()).toEqual([]);
  });

  it('refuses plain http', async () => {
    const res = await strict.post('/api/admin/webhooks', await strict.adminToken(), {
      url: 'http://example.com/hooks',
      events: ['payout.paid'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/https/);
  });
});
