/** What a key does on the review screen (the shortcuts are listed on the screen). */
export type ReviewKeyAction = 'approve' | 'reject' | 'next' | 'previous' | 'undo';

/** The shortcuts as the screen lists them: keys, then what they do. */
export const REVIEW_SHORTCUTS: [keys: string[], action: string][] = [
  [['A'], 'approve'],
  [['U'], 'undo the last approval (a few seconds)'],
  [['R'], 'reject (type the reason, Enter)'],
  [['J', 'N'], 'next item'],
  [['K', 'P'], 'previous item'],
  [['Esc'], 'cancel the rejection'],
];

const KEYS: Record<string, ReviewKeyAction> = {
  a: 'approve',
  r: 'reject',
  j: 'next',
  n: 'next',
  k: 'previous',
  p: 'previous',
  u: 'undo',
};

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'> & { target: EventTarget | null };

/**
 * The action of a key pressed on the page, or null: keys typed into a field (the rejection reason)
 * and shortcuts with Ctrl, Cmd or Alt (the browser's own) are left alone.
 */
export function reviewKeyAction(e: KeyLike): ReviewKeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const el = e.target as HTMLElement | null;
  if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return null;
  return KEYS[e.key.toLowerCase()] ?? null;
}
