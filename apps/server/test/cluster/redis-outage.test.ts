import { describe, expect, it } from 'vitest';
import net from 'node:net';
import {
  clusterSkipReason,
  CuttableProxy,
  loginAt,
  redisPrefix,
  redisTarget,
  until,
  useClusterDatabase,
} from '../helpers/cluster';

/** A local port with nothing listening on it. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe.skipIf(Boolean(clusterSkipReason))('Redis unavailable: degraded, never down', () => {
  const startInstance = useClusterDatabase();

  it('starts and serves with Redis at a dead port, says so in the log, and limits per process', async () => {
    const port = await deadPort();
    const i = await startInstance({
      REDIS_URL: `redis://:hunter2@127.0.0.1:${port}`,
      LOGIN_LIMIT_PER_EMAIL: '3',
    });
    await until(() => i.logs.some((l) => l.includes('Redis unavailable')), 5000, 'the Redis log line');
    const line = i.logs.find((l) => l.includes('Redis unavailable'))!;
    expect(line).toContain('fall back to this process');
    expect(line).not.toContain('hunter2');

    expect((await i.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await i.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.database).toBe('ok');
    expect(ready.json().detail).toMatch(/^Not ready: redis failed: /);

    const reg = await i.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'dead-port@example.test', password: 'right-pass' },
    });
    expect(reg.statusCode).toBe(201);
    for (let n = 0; n < 3; n++) expect((await loginAt(i, 'dead-port@example.test', 'guess')).statusCode).toBe(401);
    expect((await loginAt(i, 'dead-port@example.test', 'guess')).statusCode).toBe(429);
    expect((await loginAt(i, 'dead-port@example.test', 'right-pass', '198.51.100.3')).statusCode).toBe(200);
  });

  it('keeps serving when Redis goes away mid-run, falls back to local limits, and shares again once it is back', async () => {
    const proxy = new CuttableProxy(redisTarget());
    await proxy.open();
    const i = await startInstance({
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_PREFIX: redisPrefix(),
      LOGIN_LIMIT_PER_EMAIL: '3',
    });
    await until(() => i.app.counters.shared, 5000, 'Redis');
    expect((await i.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    await i.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'outage@example.test', password: 'right-pass' },
    });

    // Traffic running while Redis disappears: every request still gets a real answer.
    const during = Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        loginAt(i, 'outage@example.test', n % 2 ? 'right-pass' : 'guess', `192.0.2.${n + 1}`),
      ),
    );
    await proxy.cut();
    const codes = (await during).map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 401)).toBe(true);
    await until(() => i.logs.some((l) => l.includes('Redis unavailable')), 5000, 'the Redis log line');

    // Degraded: limits still hold, counted in this process.
    for (let n = 0; n < 3; n++) expect((await loginAt(i, 'outage@example.test', 'guess')).statusCode).toBe(401);
    expect((await loginAt(i, 'outage@example.test', 'guess')).statusCode).toBe(429);
    expect((await loginAt(i, 'outage@example.test', 'right-pass', '198.51.100.4')).statusCode).toBe(200);
    expect((await i.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);

    await proxy.open(proxy.port);
    await until(() => i.app.counters.shared, 10000, 'Redis to come back');
    expect(i.logs.filter((l) => l.includes('Redis connected')).length).toBeGreaterThanOrEqual(2);
    expect((await i.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    await proxy.cut();
  });
});
