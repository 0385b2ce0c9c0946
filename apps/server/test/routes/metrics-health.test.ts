import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/build';
import { recordRecognizerQueueWait, recordVoiceToVoice } from '../../src/cluster/metrics';

const METRICS_TOKEN = 'metrics-token-0123456789';
let t: TestContext;
beforeAll(async () => (t = await buildTestApp({ METRICS_TOKEN })));
afterAll(() => t.close());

const scrape = () =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

describe('GET /metrics', () => {
  it('needs the metrics token when one is configured', async () => {
    expect((await t.get('/metrics')).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toMatch(/metrics token/);
  });

  it('exposes request durations by route pattern and status, interview and queue series, memory and lag', async () => {
    const { user } = await t.signUp();
    await t.get(`/api/jobs/${user.id}`);
    await t.get('/api/health');
    recordVoiceToVoice(820);
    recordRecognizerQueueWait(40);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const body = res.body;
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    // The route pattern, never the raw URL with its id.
    expect(body).toMatch(/route="\/api\/jobs\/:id",status="404"/);
    expect(body).not.toContain(user.id);
    expect(body).toMatch(/^interview_live_sessions 0$/m);
    expect(body).toMatch(/^interview_voice_to_voice_seconds_bucket\{le="1"\} [1-9]/m);
    expect(body).toMatch(/^interview_recognizer_queue_wait_seconds_count [1-9]/m);
    expect(body).toMatch(/^jobs_queue_size\{queue="assess-interview"\} \d+$/m);
    expect(body).toMatch(/^jobs_queue_size\{queue="send-email"\} \d+$/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
  });
});

describe('GET /api/health/ready', () => {
  it('is ready when the database answers, and says which check failed while shutting down', async () => {
    const ready = await t.get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', instance: 'ok' } });

    t.app.draining = true;
    try {
      const draining = await t.get('/api/health/ready');
      expect(draining.statusCode).toBe(503);
      expect(draining.json().detail).toBe('Not ready: instance shutting down');
      // Liveness stays 200: the process is fine, it just takes no new work.
      expect((await t.get('/api/health')).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });
});
