import { describe, expect, it } from 'vitest';
import {
  dataToAnnotateSchema,
  normalizeLink,
  nulPaths,
  profileCompleteRequestSchema,
  serverMessageSchema,
} from '../src';

describe('the NUL rule', () => {
  it('finds NUL in nested strings and keys', () => {
    expect(nulPaths({ a: ['ok', 'b\u0000'], 'k\u0000': 1, n: 3 })).toEqual([['a', 1], ['k\u0000']]);
    expect(nulPaths({ a: 'fine', b: [{ c: 'also' }] })).toEqual([]);
  });

  it('is part of the profile schema (422 with the field path)', () => {
    const r = profileCompleteRequestSchema.safeParse({
      name: 'A\u0000',
      bio: 'b',
      expertise: ['x\u0000'],
      city: 'Pa\u0000ris',
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path)).toEqual(expect.arrayContaining([['name'], ['expertise', 0], ['city']]));
  });
});

describe('links', () => {
  it('accept only http(s), or an uploaded file where the field allows it', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:x',
      'data:text/html,x',
      '/\\evil.example/x',
      '//evil.example',
      'https://',
      'vbscript:x',
      'https://a b.com',
    ]) {
      expect(normalizeLink(bad, { files: true }), bad).toBeNull();
    }
    expect(normalizeLink('/api/files/00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(normalizeLink('/api/files/00000000-0000-4000-8000-000000000000', { files: true })).toBe(
      '/api/files/00000000-0000-4000-8000-000000000000',
    );
    expect(normalizeLink('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    // A bare address keeps working: it gets https:// in front.
    expect(normalizeLink('example.com/portfolio')).toBe('https://example.com/portfolio');
  });

  it('apply to task data_url', () => {
    expect(dataToAnnotateSchema.safeParse({ data_url: 'javascript:alert(1)' }).success).toBe(false);
    expect(
      dataToAnnotateSchema.safeParse({ data_url: '/api/files/00000000-0000-4000-8000-000000000000' }).success,
    ).toBe(true);
  });
});

describe('transcript messages', () => {
  it('accept the spec speaker "assistant"', () => {
    expect(
      serverMessageSchema.safeParse({ event: 'transcript', speaker: 'assistant', text: 'Hi', final: true }).success,
    ).toBe(true);
  });
});
