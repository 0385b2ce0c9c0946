import { describe, expect, it } from 'vitest';
import { formatMoney, isUuid } from '../src';

describe('formatMoney: one formatter for every screen', () => {
  it.each([
    [1200, '$1,200.00'],
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [0.1 + 0.2, '$0.30'],
    ['7', '$7.00'],
    [null, '$0.00'],
    ['not a number', '$0.00'],
    [Number.NaN, '$0.00'],
  ])('%j → %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it.each([
    [25, '$25'],
    [1200, '$1,200'],
    [25.5, '$25.50'],
    [1200.75, '$1,200.75'],
  ])("cents: 'auto' drops .00 from whole amounts: %j → %s", (amount, text) => {
    expect(formatMoney(amount, { cents: 'auto' })).toBe(text);
  });

  it.each([
    [1234.5, '+$1,234.50'],
    [12.5, '+$12.50'],
    [0, '+$0.00'],
    ['7', '+$7.00'],
  ])('signs earnings with a plus: %j → %s', (amount, text) => {
    expect(formatMoney(amount, { sign: true })).toBe(text);
  });
});

describe('isUuid', () => {
  it('accepts canonical UUIDs in either case and nothing else', () => {
    expect(isUuid('123e4567-e89b-42d3-a456-426614174000')).toBe(true);
    expect(isUuid('123E4567-E89B-42D3-A456-426614174000')).toBe(true);
    expect(isUuid('123e4567e89b42d3a456426614174000')).toBe(false);
    expect(isUuid('123e4567-e89b-42d3-a456-426614174000 ')).toBe(false);
    expect(isUuid('x')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
