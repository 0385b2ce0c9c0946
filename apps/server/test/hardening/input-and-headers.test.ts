/**
 * Issue rows 4, 8 and 9 plus the API contract: NUL refused with 422 and a loc on several endpoints
 * (nothing saved, no 500), security headers on API and web responses, unsafe links refused, an
 * empty JSON body accepted where the spec says "empty body".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, postJsonText, type TestContext } from '../helpers/build';
import { saveFile } from '../../src/storage';

let t: TestContext;
beforeAll(async () => (t = await buildTestApp()));
afterAll(() => t.close());

const profile = (extra: object = {}) => ({ name: 'Ada Lovelace', bio: 'Engines.', expertise: ['Math'], ...extra });

describe('NUL in text fields', () => {
  it('is refused with 422 and its loc on register, profile, admin job and query strings', async () => {
    const reg = await t.post('/api/auth/register', null, {
      email: 'nul@example.test',
      password: 'secret\u0000123',
      name: 'A\u0000',
    });
    expect(reg.statusCode).toBe(422);
    const locs = reg.json().detail.map((d: { loc: unknown[] }) => d.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        ['body', 'password'],
        ['body', 'name'],
      ]),
    );
    // Nothing was created.
    const login = await t.post('/api/auth/login', null, { email: 'nul@example.test', password: 'secret\u0000123' });
    expect(login.statusCode).toBe(422);

    const { token } = await t.signUp();
    const saved = await t.put('/api/profile/complete', token, profile());
    expect(saved.statusCode).toBe(200);
    const put = await t.put(
      '/api/profile/complete',
      token,
      profile({ bio: 'bad\u0000bio', projects: [{ name: 'x', description: 'y\u0000' }] }),
    );
    expect(put.statusCode).toBe(422);
    expect(put.json().detail.map((d: { loc: unknown[] }) => d.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'bio'],
        ['body', 'projects', 0, 'description'],
      ]),
    );
    const me = await t.get('/api/profile/me', token);
    expect(me.json().bio).toBe('Engines.');

    const admin = await t.adminToken();
    const job = await t.post('/api/admin/jobs', admin, {
      title: 'Poster\u0000 designer',
      description: 'x',
      status: 'active',
    });
    expect(job.statusCode).toBe(422);
    expect(job.json().detail[0].loc).toEqual(['body', 'title']);

    const search = await t.get('/api/jobs?q=a%00b');
    expect(search.statusCode).toBe(422);
    expect(search.json().detail[0].loc).toEqual(['query', 'q']);
  });
});

describe('links', () => {
  it('refuses javascript:, data: and protocol-relative links; keeps http(s) and uploaded files', async () => {
    const { token, user } = await t.signUp();
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/\\evil.example/x',
      '//evil.example/x',
    ]) {
      for (const payload of [
        profile({ projects: [{ name: 'p', url: bad }] }),
        profile({ publications: [{ title: 'p', url: bad }] }),
        profile({ resume_url: bad }),
        profile({ linkedin_url: bad }),
      ]) {
        const res = await t.put('/api/profile/complete', token, payload);
        expect(res.statusCode, `${bad} in ${JSON.stringify(payload)}`).toBe(422);
      }
    }
    // A file path is accepted when it is a résumé the caller uploaded (issue 24 row 1).
    const resume = await saveFile(t.app.db, t.app.storage, {
      ownerId: user.id,
      purpose: 'resume',
      contentType: 'application/pdf',
      body: [Buffer.from('%PDF-1.4')],
      maxBytes: 1e6,
    });
    const ok = await t.put(
      '/api/profile/complete',
      token,
      profile({
        projects: [{ name: 'p', url: 'https://example.com/work' }],
        publications: [{ title: 'q', url: 'example.org/paper' }],
        resume_url: `/api/files/${resume.id}`,
        linkedin_url: 'https://www.linkedin.com/in/ada',
      }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      projects: [{ url: 'https://example.com/work' }],
      publications: [{ url: 'https://example.org/paper' }],
      resume_url: `/api/files/${resume.id}`,
    });
  });
});

describe('security headers', () => {
  it('are on API responses, errors and the web app fallback', async () => {
    for (const url of ['/api/health', '/api/nope', '/some/page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'app.example.test' } });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/connect-src 'self' ws:\/\/app\.example\.test wss:\/\/app\.example\.test/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // PUBLIC_URL is not https here: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS when PUBLIC_URL is https', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://talent.example.com' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toContain('wss://talent.example.com');
    } finally {
      await secure.close();
    }
  });
});

describe('empty JSON bodies', () => {
  it('are accepted on POST /interviews/:id/complete with Content-Type: application/json', async () => {
    const { token } = await t.signUp();
    const res = await postJsonText(t.app, '/api/interviews/00000000-0000-4000-8000-000000000000/complete', '', token);
    // Parsed fine: the route itself answers (no such interview), not the body parser's 400.
    expect(res.statusCode).toBe(404);
    const bad = await postJsonText(t.app, '/api/auth/login', '{"email": ');
    expect(bad.statusCode).toBe(400);
  });
});
