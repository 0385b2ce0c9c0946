import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, postJsonText, type TestContext } from '../helpers/build';

let t: TestContext;
beforeAll(async () => (t = await buildTestApp({ LOGIN_LIMIT_PER_EMAIL: '5', LOGIN_LIMIT_PER_IP: '50' })));
afterAll(() => t.close());

describe('POST /api/auth/register', () => {
  it('creates a candidate, normalizes the e-mail and returns a token and user', async () => {
    const res = await t.post('/api/auth/register', null, { email: '  New.Person@Example.TEST ', password: 'secret1' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email: 'new.person@example.test',
      role: 'candidate',
      profile_completed: false,
      name: null,
    });
    expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('refuses a second sign-up with the same e-mail in another case with 409', async () => {
    await t.signUp('dup@example.test');
    const res = await t.post('/api/auth/register', null, { email: 'DUP@example.test', password: 'another1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'An account with this email already exists' });
  });

  it('rejects a short password with a 422 validation list', async () => {
    const res = await t.post('/api/auth/register', null, { email: 'short@example.test', password: '12345' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      { loc: ['body', 'password'], msg: 'Password must be at least 6 characters', type: 'too_small' },
    ]);
  });

  it.each([
    [{}, ['body', 'email']],
    [{ email: 'not-an-email', password: 'secret1' }, ['body', 'email']],
    [{ email: 'x@example.test', password: 42 }, ['body', 'password']],
  ])('rejects bad input %j with 422 pointing at the field', async (payload, loc) => {
    const res = await t.post('/api/auth/register', null, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
  });

  it('answers malformed JSON with 400 and a detail', async () => {
    const res = await postJsonText(t.app, '/api/auth/register', '{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Request body is not valid JSON' });
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with the right password, whatever the e-mail case', async () => {
    const { user } = await t.signUp('login@example.test', 'right-pass');
    const res = await t.post('/api/auth/login', null, { email: 'LOGIN@example.test', password: 'right-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    await t.signUp('known@example.test', 'right-pass');
    const wrong = await t.post('/api/auth/login', null, { email: 'known@example.test', password: 'wrong-pass' });
    const unknown = await t.post('/api/auth/login', null, { email: 'nobody@example.test', password: 'wrong-pass' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('limits login attempts per e-mail with 429 and a detail', async () => {
    await t.signUp('target@example.test', 'right-pass');
    const attempt = () => t.post('/api/auth/login', null, { email: 'target@example.test', password: 'guess' });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Too many login attempts/);
    // Another e-mail from the same address is still allowed.
    const other = await t.post('/api/auth/login', null, { email: 'someone-else@example.test', password: 'guess' });
    expect(other.statusCode).toBe(401);
  });
});

describe('errors and health', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.get('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/Not found/);
  });

  it('reports health', async () => {
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });
});
