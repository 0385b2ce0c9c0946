/**
 * Issue 24 row 5: JSON nested thousands of levels deep (any route, anonymous included) is refused
 * with a 4xx and a `detail`, cheaply, and leaves no stack trace in the log.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@app/shared';
import { buildTestApp, postJsonText, type TestContext } from '../helpers/build';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestContext;
beforeAll(async () => (t = await buildTestApp({}, { logger: { level: 'info', stream: capture } })));
afterAll(() => t.close());

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('deeply nested JSON', () => {
  it('is refused with a detail on anonymous and signed-in routes, never a 500, and logs no stack', async () => {
    const { token } = await t.signUp();
    const cases: [string, string, string | undefined][] = [
      ['/api/auth/login', arrays(10_000), undefined],
      ['/api/auth/register', objects(10_000), undefined],
      ['/api/consents', objects(20_000), token],
      ['/api/profile/complete', `{"skills":${arrays(50_000)}}`, token],
      // A body route that does not exist: the body is still read first.
      ['/api/nothing-here', arrays(10_000), undefined],
    ];
    for (const [url, body, who] of cases) {
      const res = await postJsonText(t.app, url, body, who);
      expect([400, 422, 404], `${url}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(res.json().detail, url).toBeTruthy();
      if (url !== '/api/nothing-here') expect([400, 422]).toContain(res.statusCode);
    }
    const log = lines.join('');
    expect(log).not.toContain('Maximum call stack');
    expect(log).not.toContain('RangeError');
    expect(log).not.toMatch(/"level":50/);
  });

  it('spends little CPU on a 1 MB body of brackets', async () => {
    const body = arrays(512 * 1024); // 1 MiB, 524,288 levels
    const before = process.cpuUsage();
    const res = await postJsonText(t.app, '/api/auth/login', body);
    const used = process.cpuUsage(before);
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().detail).toBeTruthy();
    // Parsing this body alone takes well over a second of CPU; refusing it before parsing is a few ms.
    expect((used.user + used.system) / 1000).toBeLessThan(250);
  });

  it(`keeps accepting ${MAX_JSON_DEPTH} levels, and refuses one more`, async () => {
    // A login body with a nested (ignored) field: at the limit it reaches the route (401), past it not.
    const nested = (depth: number) => `{"email":"a@example.test","password":"x","extra":${arrays(depth - 1)}}`;
    const ok = await postJsonText(t.app, '/api/auth/login', nested(MAX_JSON_DEPTH));
    expect(ok.statusCode, ok.body).not.toBe(400);
    expect(ok.statusCode, ok.body).toBeLessThan(500);
    const tooDeep = await postJsonText(t.app, '/api/auth/login', nested(MAX_JSON_DEPTH + 1));
    expect([400, 422]).toContain(tooDeep.statusCode);
    expect(JSON.stringify(tooDeep.json().detail)).toContain(`${MAX_JSON_DEPTH} levels`);
    // Brackets inside strings are text, not nesting.
    const inText = await postJsonText(
      t.app,
      '/api/auth/login',
      JSON.stringify({ email: 'a@example.test', password: '[{'.repeat(60) + '\\"' }),
    );
    expect(inText.statusCode, inText.body).toBe(401);
  });
});
