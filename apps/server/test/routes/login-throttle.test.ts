import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/build';

let t: TestContext;
beforeAll(async () => (t = await buildTestApp({ LOGIN_LIMIT_PER_EMAIL: '5', LOGIN_LIMIT_PER_IP: '30' })));
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('login throttling (no lockout by strangers)', () => {
  it("lets the owner in from another address after a stranger's 50 failures, and slows the stranger", async () => {
    await t.signUp('owner@example.test', 'right-pass');
    const codes: number[] = [];
    for (let i = 0; i < 50; i++)
      codes.push((await login('owner@example.test', `guess-${i}`, '203.0.113.66')).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);

    const limited = await login('owner@example.test', 'guess', '203.0.113.66');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.json().detail).toMatch(/^Too many login attempts\. Please try again in \d+ seconds?\.$/);

    const owner = await login('owner@example.test', 'right-pass', '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe('owner@example.test');
  });

  it('makes each further failure from the same address wait longer', async () => {
    await t.signUp('slow@example.test', 'right-pass');
    const from = '203.0.113.70';
    for (let i = 0; i < 5; i++) expect((await login('slow@example.test', 'guess', from)).statusCode).toBe(401);
    const first = await login('slow@example.test', 'guess', from);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await login('slow@example.test', 'guess', from)).statusCode).toBe(401);
    const second = await login('slow@example.test', 'guess', from);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    // Once the wait is over the right password works from that address too, and resets the pair.
    await new Promise((r) => setTimeout(r, 2100));
    expect((await login('slow@example.test', 'right-pass', from)).statusCode).toBe(200);
    expect((await login('slow@example.test', 'guess', from)).statusCode).toBe(401);
  });

  it('limits one address spraying many e-mails, not the others', async () => {
    const from = '203.0.113.99';
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await login(`victim${i}@example.test`, 'guess', from)).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(30);
    expect(codes[30]).toBe(429);
    expect((await login('fresh@example.test', 'guess', from)).statusCode).toBe(429);
    expect((await login('fresh@example.test', 'guess', '198.51.100.8')).statusCode).toBe(401);
  });
});
