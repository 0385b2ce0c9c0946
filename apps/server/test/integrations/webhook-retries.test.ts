/**
 * Webhook failures (issue 47): exponential backoff through the job queue, on an injected clock; a
 * redirect is never followed; a slow endpoint times out; an endpoint failing for a day is switched
 * off and the provider e-mailed; the address guard runs again at every delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/build';
import { readOutbox } from '../helpers/outbox';
import { startReceiver } from '../helpers/webhook-receiver';
import { ManualClock } from '../interview/manual-clock';
import { systemClock } from '../../src/lib/clock';
import { retryDelayMs } from '../../src/integrations/deliveries';
import { sendWebhook } from '../../src/integrations/send';
import { isPrivateAddress } from '../../src/integrations/ssrf';

const HOUR = 3_600_000;
const item = {
  request_id: crypto.randomUUID(),
  user_id: crypto.randomUUID(),
  email: 'payee@example.test',
  amount: 12.5,
  status: 'paid' as const,
  rail: 'nacha' as const,
  failure_reason: null,
};

/** Registers an endpoint for payout.paid at `url` and fires one payout.paid event. */
async function oneDelivery(t: TestContext, url: string) {
  const admin = await t.adminToken();
  const res = await t.post('/api/admin/webhooks', admin, { url, events: ['payout.paid'] });
  expect(res.statusCode).toBe(201);
  const { id } = res.json();
  await emitPaid(t);
  const log = async () => (await t.get(`/api/admin/webhooks/${id}/deliveries`, admin)).json();
  return { id, admin, log };
}

/** Emits payout.paid and waits for its deliveries (the listener starts on the next tick; settle then waits for it). */
async function emitPaid(t: TestContext) {
  t.app.events.emit('payout.paid', { item });
  await new Promise((r) => setImmediate(r));
  await t.app.queue.settle();
}

const deliveryJobs = (t: TestContext) =>
  t.database.query(
    `SELECT start_after FROM pgboss.job WHERE name = 'deliver-webhook' AND state = 'created' ORDER BY created_on`,
  ) as Promise<{ rows: { start_after: Date }[] }>;

describe('a failing endpoint, on a clock that stands at the real time', () => {
  const clock = new ManualClock();
  let t: TestContext;
  const receiver = startReceiver((r, res) => {
    if (r.path === '/redirect') res.writeHead(302, { location: '/elsewhere' }).end();
    else if (r.path === '/slow')
      return; // never answers
    else res.writeHead(503).end('down');
  });
  beforeAll(async () => {
    await clock.advance(Date.now() - clock.now());
    t = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '300' }, { clock });
  });
  afterAll(async () => {
    await (await receiver).close();
    await t.close();
  });

  it('is retried with exponential backoff through the queue, each attempt logged', async () => {
    const r = await receiver;
    const { log } = await oneDelivery(t, r.url('/down'));
    const first = (await log())[0];
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_code: 503,
      error: 'The endpoint answered 503',
    });
    const firstAt = Date.parse(first.last_attempt_at);
    expect(Date.parse(first.next_attempt_at) - firstAt).toBe(30_000);
    expect((await deliveryJobs(t)).rows.map((j) => j.start_after.getTime())).toEqual([firstAt + 30_000]);

    // The retry falls due (time moves on, and the queue is told so), fails again: twice the wait.
    await clock.advance(30_000);
    await t.database.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'deliver-webhook' AND state = 'created'`,
    );
    await t.app.queue.settle();
    const second = (await log())[0];
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Date.parse(second.next_attempt_at) - Date.parse(second.last_attempt_at)).toBe(60_000);
    expect(second.attempt_log).toEqual([
      expect.objectContaining({ response_code: 503, at: first.last_attempt_at }),
      expect.objectContaining({ response_code: 503, at: second.last_attempt_at }),
    ]);
    expect(r.received.filter((x) => x.path === '/down')).toHaveLength(2);
  });

  it('waits 30 s doubling, at most 4 hours', () => {
    expect([1, 2, 3, 4, 9, 10, 20].map((n) => retryDelayMs(n) / 1000)).toEqual([30, 60, 120, 240, 7680, 14400, 14400]);
  });

  it('never follows a redirect', async () => {
    const r = await receiver;
    const { log } = await oneDelivery(t, r.url('/redirect'));
    expect((await log())[0]).toMatchObject({
      response_code: 302,
      error: 'Redirect (302) not followed',
      status: 'pending',
    });
    expect(r.received.some((x) => x.path === '/elsewhere')).toBe(false);
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    const r = await receiver;
    const { log } = await oneDelivery(t, r.url('/slow'));
    expect((await log())[0]).toMatchObject({
      response_code: null,
      error: 'No answer within 300 ms',
      status: 'pending',
    });
  });
});

describe('an endpoint failing for a day', () => {
  // The clock stands in the past, so every retry is due at once; each attempt moves it on 3 hours.
  let now = Date.parse('2024-01-01T00:00:00Z');
  const clock = { now: () => now, setTimeout: systemClock.setTimeout };
  let t: TestContext;
  const receiver = startReceiver((_r, res) => {
    now += 3 * HOUR;
    res.writeHead(500).end();
  });
  beforeAll(async () => (t = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' }, { clock })));
  afterAll(async () => {
    await (await receiver).close();
    await t.close();
  });

  it('is switched off after 24 hours of failures and the provider is e-mailed', async () => {
    const r = await receiver;
    const { id, admin, log } = await oneDelivery(t, r.url());
    const [delivery] = await log();
    // Attempts at 0, 3, ..., 24 hours: the ninth finds the endpoint failing for a day.
    expect(delivery).toMatchObject({ status: 'failed', attempts: 9, next_attempt_at: null });
    const [endpoint] = (await t.get('/api/admin/webhooks', admin)).json();
    expect(endpoint).toMatchObject({ id, disabled_reason: 'Deliveries failed for 24 hours' });
    expect(endpoint.disabled_at).not.toBeNull();
    const mail = readOutbox(t.config.dataDir).filter((m) => m.includes('A webhook endpoint was switched off'));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('To: admin@example.test');
    expect(mail[0]).toContain(r.url());

    // Switched off: no more events, and no replay.
    const before = r.received.length;
    await emitPaid(t);
    expect(r.received.length).toBe(before);
    const replay = await t.post(`/api/admin/webhooks/${id}/deliveries/${delivery.id}/replay`, admin);
    expect(replay.statusCode).toBe(409);
  });
});

describe('the address guard', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.0.0.1', true],
    ['172.20.1.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00:ec2::254', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['93.184.216.34', false],
    ['8.8.8.8', false],
    ['2606:4700:4700::1111', false],
    ['::ffff:8.8.8.8', false],
  ])('%s private: %s', (address, blocked) => {
    expect(isPrivateAddress(address)).toBe(blocked);
  });

  it('runs again at each delivery: a private address is not called without the setting', async () => {
    const receiver = await startReceiver();
    const url = receiver.url().replace('http:', 'https:');
    const outcome = await sendWebhook(url, '{}', {}, { timeoutMs: 1000, allowPrivate: false, now: Date.now });
    expect(outcome).toMatchObject({ ok: false, responseCode: null });
    expect(outcome.error).toMatch(/private, loopback or link-local/);
    expect(receiver.received).toHaveLength(0);
    await receiver.close();
  });
});
