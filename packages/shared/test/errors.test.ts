import { describe, expect, it } from 'vitest';
import { describeErrorDetail } from '../src';

describe('describeErrorDetail', () => {
  it.each([
    [
      { detail: [{ msg: 'Name is required' }, { msg: 'Bio is required' }] },
      'Validation error: Name is required, Bio is required',
    ],
    [{ detail: [] }, 'Validation error'],
    [{ detail: [{ loc: ['body'] }] }, 'Validation error'],
    [{ detail: 'Email taken' }, 'Email taken'],
    [{ message: 'Gateway down' }, 'Gateway down'],
    [{ detail: '' }, 'fallback'],
    [null, 'fallback'],
    ['plain text', 'fallback'],
  ])('%j → %s', (body, expected) => {
    expect(describeErrorDetail(body, 'fallback')).toBe(expected);
  });
});
