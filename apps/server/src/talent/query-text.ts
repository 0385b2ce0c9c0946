/**
 * Reads a talent search the way websearch_to_tsquery does (words, "quoted phrases", -excluded, or)
 * and derives the three queries the search runs (decision 0165):
 * - `all`: the search as typed (every term must match, `or` as written);
 * - `any`: the positive terms joined by `or`, so that people matching some terms are found too and
 *   ranked after those matching all;
 * - `excluded`: the excluded terms joined by `or`: a person matching any of them is left out.
 * `plain` is the positive words without syntax, for the typo-tolerant name match; `terms` counts
 * the positive terms (a phrase is one).
 */
export type SearchText = { all: string; any: string; excluded: string; plain: string; terms: number };

const TOKEN = /(-?)"([^"]*)"?|(\S+)/g;

export function parseSearchText(q: string): SearchText {
  const positive: string[] = [];
  const excluded: string[] = [];
  for (const m of q.matchAll(TOKEN)) {
    const negated = m[1] === '-' || (m[3]?.startsWith('-') ?? false);
    const phrase = m[2] !== undefined;
    const raw = phrase ? m[2]! : m[3]!.replace(/^-+/, '');
    const words = raw.replace(/["\\]/g, ' ').trim();
    if (!words) continue;
    if (!phrase && /^or$/i.test(words)) continue;
    const term = phrase ? `"${words}"` : words;
    (negated ? excluded : positive).push(term);
  }
  return {
    all: q,
    any: positive.join(' or '),
    excluded: excluded.join(' or '),
    plain: positive.map((t) => t.replace(/"/g, '')).join(' '),
    terms: positive.length,
  };
}

/** The paging cursor: an opaque offset into the ranked results. */
export const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');

export function decodeCursor(cursor: string | undefined): number | null {
  if (!cursor) return 0;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown };
    return Number.isInteger(value.o) && (value.o as number) >= 0 && (value.o as number) <= 100_000
      ? (value.o as number)
      : null;
  } catch {
    return null;
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** ts_headline marks matches with these control characters (stripped from the source text first). */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';
/** Stand-ins for < and > while the highlighter reads the text (private-use characters). */
export const LT = '\uE000';
export const GT = '\uE001';

/** A highlighted fragment as the API sends it: HTML-escaped, matched words in <mark>…</mark>. */
export function markSnippet(headline: string): string {
  return headline
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>')
    .replaceAll(LT, '&lt;')
    .replaceAll(GT, '&gt;')
    .replace(/\s+/g, ' ')
    .trim();
}
