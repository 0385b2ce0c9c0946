import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE } from '@app/shared';
import { eq } from 'drizzle-orm';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { InterviewClient } from '../interview/ws-client';
import { sessions } from '../../src/db/schema-accounts';
import { invalidateSessionCache } from '../../src/accounts/sessions';

let t: TestContext;
let ws: string;
beforeAll(async () => ({ t, ws } = await buildSocketTestApp()));
afterAll(() => t.close());

const me = (token: string) => t.get('/api/profile/me', token);
const logout = (token: string) => t.post('/api/auth/logout', token);
const login = async (email: string, password = 'secret123') =>
  (await t.post('/api/auth/login', null, { email, password })).json().token as string;

/** Connects and proves the socket accepted the token: an authenticated socket asks for a start message. */
async function socketAccepts(token: string): Promise<boolean> {
  const client = await InterviewClient.connect(`${ws}?token=${token}`);
  client.send({ event: 'barge_in' });
  const first = await client.event('error');
  client.close();
  return (first as { message: string }).message !== 'Not authenticated';
}

describe('POST /api/auth/logout', () => {
  it('ends that session: the token gets 401 on HTTP and is refused by the socket', async () => {
    const { token } = await t.signUp();
    expect((await me(token)).statusCode).toBe(200);
    expect(await socketAccepts(token)).toBe(true);

    expect((await logout(token)).statusCode).toBe(204);

    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/sign in again/);
    const client = await InterviewClient.connect(`${ws}?token=${token}`);
    await client.event('error');
    expect(client.messages[0]).toMatchObject({ event: 'error', message: 'Not authenticated' });
    if (!client.closed) await once(client.ws, 'close');
    expect(client.closeCode).toBe(SOCKET_CLOSE.notAuthenticated);
    // Logging out twice is an unauthenticated request, not a success.
    expect((await logout(token)).statusCode).toBe(401);
  });

  it('leaves the same user’s other sessions signed in', async () => {
    const { token: first, user } = await t.signUp();
    const second = await login(user.email);
    expect((await logout(first)).statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(200);
    expect(await socketAccepts(second)).toBe(true);
    expect((await me(first)).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    expect((await t.post('/api/auth/logout')).statusCode).toBe(401);
  });
});

describe('server-side session check', () => {
  it('refuses a correctly signed token that names no session (issued before sessions existed)', async () => {
    const { user } = await t.signUp();
    const legacy = t.app.jwt.sign({ sub: user.id, role: 'candidate' } as never);
    expect((await me(legacy)).statusCode).toBe(401);
    expect(await socketAccepts(legacy)).toBe(false);
  });

  it('refuses a session id that belongs to another user', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const { sid } = t.app.jwt.decode<{ sid: string }>(a.token)!;
    const forged = t.app.jwt.sign({ sub: b.user.id, role: 'candidate', sid });
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('caches the answer briefly; invalidating the cache makes a revocation elsewhere take effect at once', async () => {
    const { token } = await t.signUp();
    expect((await me(token)).statusCode).toBe(200);
    const { sid } = t.app.jwt.decode<{ sid: string }>(token)!;
    // Another instance revoked it in the shared database; this one still has the cached answer.
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
    expect((await me(token)).statusCode).toBe(200);
    invalidateSessionCache({ sid });
    expect((await me(token)).statusCode).toBe(401);
  });
});
