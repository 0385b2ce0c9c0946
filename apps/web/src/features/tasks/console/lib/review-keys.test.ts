import { describe, expect, it } from 'vitest';
import { reviewKeyAction } from './review-keys';

const key = (k: string, extra: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...extra,
  target,
});

describe('reviewKeyAction', () => {
  it('maps the listed keys, in either case', () => {
    expect(['a', 'A', 'r', 'j', 'N', 'k', 'p', 'x'].map((k) => reviewKeyAction(key(k)))).toEqual([
      'approve',
      'approve',
      'reject',
      'next',
      'next',
      'previous',
      'previous',
      null,
    ]);
  });

  it("leaves the browser's shortcuts and typing in a field alone", () => {
    // Ctrl+R reloads the page and Cmd+A selects: neither may reject or approve.
    expect(reviewKeyAction(key('r', { ctrlKey: true }))).toBeNull();
    expect(reviewKeyAction(key('a', { metaKey: true }))).toBeNull();
    expect(reviewKeyAction(key('j', { altKey: true }))).toBeNull();
    for (const tag of ['input', 'textarea', 'select']) {
      expect(reviewKeyAction(key('a', {}, document.createElement(tag)))).toBeNull();
    }
    expect(reviewKeyAction(key('a', {}, document.createElement('button')))).toBe('approve');
  });
});
