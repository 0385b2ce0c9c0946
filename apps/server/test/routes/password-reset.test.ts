import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/build';
import { readOutbox, resetLink } from '../helpers/outbox';
import { createResetToken, RESET_LINK_INVALID } from '../../src/accounts/password-reset';

let t: TestContext;
beforeAll(
  async () =>
    (t = await buildTestApp({ PUBLIC_URL: 'https://talent.example.com', PASSWORD_RESET_LIMIT_PER_HOUR: '100' })),
);
afterAll(() => t.close());

const requestReset = (email: string) => t.post('/api/auth/password-reset', null, { email });
const confirm = (token: string, password: string) =>
  t.post('/api/auth/password-reset/confirm', null, { token, password });
const login = (email: string, password: string) => t.post('/api/auth/login', null, { email, password });
const me = (token: string) => t.get('/api/profile/me', token);

async function mailedToken(email: string) {
  await t.app.queue.settle();
  const link = resetLink(t.config.dataDir, email);
  expect(link).toMatch(/^https:\/\/talent\.example\.com\/reset-password\?token=/);
  return new URL(link!).searchParams.get('token')!;
}

describe('POST /api/auth/password-reset', () => {
  it('answers the same for a registered and an unknown address, and mails only the registered one', async () => {
    await t.signUp('known@example.test');
    const before = readOutbox(t.config.dataDir).length;
    const known = await requestReset('Known@Example.test');
    const unknown = await requestReset('nobody@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await t.app.queue.settle();
    const mails = readOutbox(t.config.dataDir).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: known@example.test');
    expect(mails[0]).toContain('Subject: Reset your password');
  });

  it('stores only a hash of the token', async () => {
    await t.signUp('hashed@example.test');
    await requestReset('hashed@example.test');
    const token = await mailedToken('hashed@example.test');
    const { rows } = await t.database.query('SELECT token_hash FROM password_reset_tokens');
    const hashes = (rows as { token_hash: string }[]).map((r) => r.token_hash);
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('is rate limited per client address', async () => {
    const limited = await buildTestApp({ PASSWORD_RESET_LIMIT_PER_HOUR: '2' });
    try {
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'x@example.test' } });
      expect((await send()).statusCode).toBe(202);
      expect((await send()).statusCode).toBe(202);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().detail).toMatch(/Too many reset requests/);
    } finally {
      await limited.close();
    }
  });

  it('without PUBLIC_URL links to the address the server is bound to, never the request Host', async () => {
    const local = await buildTestApp({ HOST: '127.0.0.1', PORT: '3441' });
    try {
      await local.signUp('origin@example.test');
      await local.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        headers: { host: 'evil.test' },
        payload: { email: 'origin@example.test' },
      });
      await local.app.queue.settle();
      expect(resetLink(local.config.dataDir, 'origin@example.test')).toMatch(
        /^http:\/\/127\.0\.0\.1:3441\/reset-password\?token=[\w-]{43}$/,
      );
    } finally {
      await local.close();
    }
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  it('sets the new password, signs in afresh and ends every earlier session; the link works once', async () => {
    const { token: oldSession } = await t.signUp('reset@example.test', 'old-password');
    await requestReset('reset@example.test');
    const token = await mailedToken('reset@example.test');

    const res = await confirm(token, 'new-password');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('reset@example.test');
    expect((await me(res.json().token)).statusCode).toBe(200);
    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await login('reset@example.test', 'old-password')).statusCode).toBe(401);
    expect((await login('reset@example.test', 'new-password')).statusCode).toBe(200);

    const reuse = await confirm(token, 'third-password');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ detail: RESET_LINK_INVALID });
    expect((await login('reset@example.test', 'new-password')).statusCode).toBe(200);
  });

  it('refuses an expired or unknown token and changes nothing', async () => {
    await t.signUp('expired@example.test', 'kept-password');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const expired = await createResetToken(t.app.db, 'expired@example.test', twoHoursAgo);
    const res = await confirm(expired!.token, 'new-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(RESET_LINK_INVALID);
    expect((await confirm('made-up-token', 'new-password')).statusCode).toBe(400);
    expect((await login('expired@example.test', 'kept-password')).statusCode).toBe(200);
  });

  it('applies the sign-up password rule', async () => {
    await t.signUp('short@example.test');
    const reset = await createResetToken(t.app.db, 'short@example.test');
    const res = await confirm(reset!.token, '123');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'password']);
    // The token was not spent by the refused attempt.
    expect((await confirm(reset!.token, 'long-enough')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (token: string, current_password: string, new_password: string) =>
    t.post('/api/auth/change-password', token, { current_password, new_password });

  it('refuses a wrong current password and changes nothing', async () => {
    const { token } = await t.signUp('wrong-current@example.test', 'first-password');
    const res = await change(token, 'not-it', 'second-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The password is not correct');
    expect((await login('wrong-current@example.test', 'first-password')).statusCode).toBe(200);
  });

  it('changes the password, keeps the current session and ends the others', async () => {
    const { token: here } = await t.signUp('change@example.test', 'first-password');
    const elsewhere = (await login('change@example.test', 'first-password')).json().token;
    expect((await change(here, 'first-password', 'second-password')).statusCode).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login('change@example.test', 'first-password')).statusCode).toBe(401);
    expect((await login('change@example.test', 'second-password')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.post('/api/auth/change-password', null, { current_password: 'a', new_password: 'bbbbbbbb' });
    expect(res.statusCode).toBe(401);
  });
});
