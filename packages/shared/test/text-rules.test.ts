import { describe, expect, it } from 'vitest';
import {
  dataToAnnotateSchema,
  normalizeLink,
  jsonTooDeep,
  MAX_JSON_DEPTH,
  textRuleIssues,
  profileCompleteRequestSchema,
  serverMessageSchema,
} from '../src';

describe('the NUL rule', () => {
  it('finds NUL in nested strings and keys', () => {
    const paths = (v: unknown) => textRuleIssues(v).map((i) => i.path);
    expect(paths({ a: ['ok', 'b\u0000'], 'k\u0000': 1, n: 3 })).toEqual([['a', 1], ['k\u0000']]);
    expect(paths({ a: 'fine', b: [{ c: 'also' }] })).toEqual([]);
    expect(textRuleIssues({ a: 'b\u0000' })[0]).toMatchObject({ type: 'nul_character' });
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

describe('raw bodies (decision 0167)', () => {
  // A probe: an enumerable own property that the walk would report if it looked inside the value.
  const probed = <T extends object>(value: T) => Object.assign(value, { probe: 'x\u0000' });

  it('never walks bytes or streams, only arrays and plain objects', () => {
    const bytes = [
      probed(new Uint8Array(16)),
      probed(new Float64Array(4)),
      probed(new DataView(new ArrayBuffer(8))),
      probed(new ArrayBuffer(8)),
      // What a stream is to the walk: an object of a class, here with an async iterator.
      probed({ [Symbol.asyncIterator]: async function* () {}, pipe: () => {} } as object),
    ];
    Object.setPrototypeOf(bytes[4]!, { stream: true });
    for (const value of bytes) {
      expect(textRuleIssues(value)).toEqual([]);
      expect(textRuleIssues({ body: value })).toEqual([]);
    }
    // Plain objects (also without a prototype, as parsed query strings are) are still walked.
    expect(textRuleIssues(probed({}))).toHaveLength(1);
    expect(textRuleIssues(probed(Object.create(null) as object))).toHaveLength(1);
    // Fastify's query parser: an object whose prototype has none.
    expect(textRuleIssues(probed(Object.create(Object.create(null) as object) as object))).toHaveLength(1);
  });
});

describe('the nesting rule', () => {
  const nest = (depth: number): unknown => {
    let v: unknown = 'leaf';
    for (let i = 0; i < depth; i++) v = i % 2 ? { k: v } : [v];
    return v;
  };

  it('refuses values nested past the limit where the limit is crossed, without recursion', () => {
    expect(textRuleIssues(nest(MAX_JSON_DEPTH))).toEqual([]);
    const [issue, ...more] = textRuleIssues(nest(MAX_JSON_DEPTH + 1));
    expect(more).toEqual([]);
    expect(issue).toMatchObject({ type: 'too_deep' });
    expect(issue!.path).toHaveLength(MAX_JSON_DEPTH);
    // 100,000 levels: a recursive walk overflows the stack here.
    expect(textRuleIssues(nest(100_000))).toHaveLength(1);
  });

  it('counts brackets in JSON text, not those inside strings', () => {
    const text = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(jsonTooDeep(text(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(text(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ a: '[{'.repeat(100) + '"\\' }))).toBe(false);
    // Four levels, with closing brackets inside a string that must not end them early.
    const four = JSON.stringify([{ a: [1, { b: '\\"]]]' }] }]);
    expect(jsonTooDeep(four, 4)).toBe(false);
    expect(jsonTooDeep(four, 3)).toBe(true);
    expect(jsonTooDeep('{"a":[[{"b":1}]]}', 3)).toBe(true);
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
