import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from '../helpers/build';
import { startStubServer } from '../helpers/stub-server';

/** A stand-in for LinkedIn on this machine: public profile pages, a hanging page, an empty page. */
const person = {
  '@context': 'http://schema.org',
  '@graph': [
    { '@type': 'WebPage', name: 'Jane Doe | LinkedIn' },
    {
      '@type': 'Person',
      name: 'Jane Q. Doe',
      givenName: 'Jane',
      familyName: 'Doe',
      description: 'Illustrator &amp; art director working on picture books.',
      address: { '@type': 'PostalAddress', addressLocality: 'Toronto, Ontario', addressCountry: 'CA' },
      jobTitle: ['Art Director'],
      knowsAbout: ['Illustration', 'Procreate', 'illustration'],
      worksFor: [
        {
          '@type': 'Organization',
          name: 'Maple Books',
          member: { '@type': 'OrganizationRole', startDate: '2019-03', description: 'Leads the art team' },
        },
      ],
      alumniOf: [
        {
          '@type': 'EducationalOrganization',
          name: 'OCAD University',
          member: { '@type': 'OrganizationRole', endDate: 2014, roleName: 'BFA Illustration' },
        },
        { '@type': 'Organization', name: 'Some Club' },
      ],
    },
  ],
};

const pages: Record<string, (res: http.ServerResponse) => void> = {
  '/in/jane': (res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<html><head><meta property="og:title" content="ignored"><script type="application/ld+json">${JSON.stringify(person)}</script></head><body></body></html>`,
      ),
  '/in/og-only': (res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        '<html><head><meta property="og:title" content="Sam Rivera - Sound Designer - Foley Co | LinkedIn"><meta property="og:description" content="Sound designer &amp; mixer."></head></html>',
      ),
  '/in/moved': (res) => res.writeHead(302, { location: '/in/jane' }).end(),
  '/in/escape': (res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end(),
  '/in/empty': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>'),
  '/in/missing': (res) => res.writeHead(404).end(),
  '/in/huge': (res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html>' + 'x'.repeat(2 * 1024 * 1024 + 10) + '</html>');
  },
  '/in/hang': () => {
    // Never answers; the server must give up after its timeout.
  },
};

let fixture: Awaited<ReturnType<typeof startStubServer>>;
let base: string;
let t: TestContext;
let token: string;

beforeAll(async () => {
  fixture = await startStubServer((req, _body, res) => {
    const page = pages[(req.url ?? '').split('?')[0]!];
    if (page) page(res);
    else res.writeHead(404).end();
  });
  base = fixture.url;
  t = await buildTestApp({ LINKEDIN_BASE_URL: base, LINKEDIN_TIMEOUT_MS: '1500' });
  token = (await t.signUp()).token;
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});

const scrape = (linkedin_url: unknown, auth = true) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/scrape-linkedin',
    headers: auth ? bearer(token) : {},
    payload: { linkedin_url },
  });

describe('POST /api/profile/scrape-linkedin', () => {
  it('maps a JSON-LD Person to the import fields', async () => {
    const res = await scrape(`${base}/in/jane`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      city: 'Toronto',
      country: 'Canada',
      bio: 'Illustrator & art director working on picture books.',
      expertise: ['Illustration', 'Procreate'],
      education: [{ school: 'OCAD University', degree: 'BFA Illustration', field: '', year: '2014' }],
      work_experience: [
        {
          company: 'Maple Books',
          title: 'Art Director',
          startDate: '2019-03',
          endDate: 'Present',
          description: 'Leads the art team',
        },
      ],
    });
  });

  it('follows a redirect on the same site', async () => {
    const res = await scrape(`${base}/in/moved`);
    expect(res.statusCode).toBe(200);
    expect(res.json().firstName).toBe('Jane');
  });

  it('falls back to Open Graph tags', async () => {
    const res = await scrape(`${base}/in/og-only`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Sam', lastName: 'Rivera', bio: 'Sound designer & mixer.' });
  });

  it.each([
    ['https://example.com/in/jane'],
    ['http://169.254.169.254/latest/meta-data'],
    ['http://localhost/in/jane'],
    ['file:///etc/passwd'],
    ['http://127.0.0.1:1/in/jane'],
  ])('refuses %s with 422 and a detail', async (url) => {
    const res = await scrape(url);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/LinkedIn profile address/);
  });

  it('refuses a missing address with a 422 list', async () => {
    const res = await scrape('');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'linkedin_url'], msg: 'LinkedIn URL is required' });
  });

  it.each([
    ['/in/hang', /did not answer in time/],
    ['/in/empty', /No public profile data/],
    ['/in/missing', /status 404/],
    ['/in/huge', /too large/],
    ['/in/escape', /redirected elsewhere/],
  ])('answers %s with 502 and a detail', async (path, detail) => {
    const started = Date.now();
    const res = await scrape(`${base}${path}`);
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toMatch(detail);
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('requires a bearer token', async () => {
    const res = await scrape(`${base}/in/jane`, false);
    expect(res.statusCode).toBe(401);
  });
});
