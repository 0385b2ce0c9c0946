import { describe, expect, it } from 'vitest';
import { isNonPublicAddress, parseLinkedinUrl, scrapeLinkedinProfile } from '../../src/accounts/linkedin';
import { AppError } from '../../src/http/http-errors';

const BASE = 'https://www.linkedin.com';

describe('parseLinkedinUrl with the default LinkedIn site', () => {
  it.each([
    'https://www.linkedin.com/in/jane',
    'https://linkedin.com/in/jane',
    'https://uk.linkedin.com/in/jane',
    'linkedin.com/in/jane',
    'http://www.linkedin.com/in/jane',
  ])('accepts %s', (url) => {
    expect(parseLinkedinUrl(url, BASE).hostname).toMatch(/linkedin\.com$/);
  });

  it.each([
    'https://127.0.0.1/in/jane',
    'http://[::1]/in/jane',
    'https://linkedin.com.evil.example/in/jane',
    'https://evillinkedin.com/in/jane',
    'https://www.linkedin.com:8443/in/jane',
    'https://user:pw@www.linkedin.com/in/jane',
    'ftp://www.linkedin.com/in/jane',
    'not a url at all',
  ])('refuses %s with 422', (url) => {
    expect(() => parseLinkedinUrl(url, BASE)).toThrowError(
      expect.objectContaining({ statusCode: 422 }) as unknown as AppError,
    );
  });
});

describe('isNonPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '::1',
    'fd00::1',
    '::ffff:127.0.0.1',
  ])('%s is not public', (a) => expect(isNonPublicAddress(a)).toBe(true));
  it.each(['13.107.42.14', '2620:1ec:21::14'])('%s is public', (a) => expect(isNonPublicAddress(a)).toBe(false));
});

describe('scrapeLinkedinProfile', () => {
  it('never fetches a LinkedIn subdomain that resolves to a private address', async () => {
    const err = await scrapeLinkedinProfile('https://internal.linkedin.com/in/jane', {
      baseUrl: BASE,
      timeoutMs: 1000,
      lookup: async () => ['10.0.0.7'],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(422);
  });
});
