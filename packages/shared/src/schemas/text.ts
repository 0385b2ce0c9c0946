/**
 * The rules every text input shares (decision 0083):
 * - no NUL character anywhere (PostgreSQL cannot store it in text, and no person types it);
 * - links are absolute http(s) URLs, or, where a field holds an uploaded file, this server's
 *   `/api/files/<id>` path. `javascript:`, `data:`, protocol-relative (`//x`, `/\x`) and other
 *   schemes are refused; a bare address such as `example.com/work` gets `https://` in front.
 */
import { z } from 'zod';
import { isUuid } from '../ids';

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';
export const LINK_MESSAGE = 'Must be an http(s) address such as https://example.com';
export const FILE_LINK_MESSAGE = 'Must be an http(s) address or an uploaded file (/api/files/...)';

export const hasNul = (value: string) => value.includes('\u0000');

/** A string schema with the NUL rule: the base every text field is built on. */
export const text = () => z.string().refine((v) => !hasNul(v), { message: NUL_MESSAGE });

/**
 * How deeply JSON input (a request body, a socket frame) may nest objects and arrays. The deepest
 * schema of the API needs fewer than ten levels; without a limit, a body of 10,000 nested brackets
 * costs a second of CPU to parse and overflows any recursive walk over it.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `Must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`;

/**
 * Whether JSON text nests objects and arrays more than `max` levels deep. One pass over the text
 * (brackets inside strings do not count), so a deep body is refused before anything parses it.
 * Malformed text is not judged here: the parser refuses it afterwards.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export type TextRuleIssue = {
  /** Where in the value: keys and array indexes. */
  path: (string | number)[];
  msg: string;
  type: 'nul_character' | 'too_deep';
};

/**
 * Whether the walk below looks inside `v`: arrays and plain objects only, what parsed JSON, a query
 * or params are made of. A raw body (a Buffer, any typed array, an ArrayBuffer, a stream) is bytes,
 * not text: walking a 16 MiB slice entry by entry ran the server out of memory (decision 0167).
 */
function isTextContainer(v: object): boolean {
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v) as object | null;
  // A null-rooted prototype too: Fastify's query parser makes its objects from one.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Where a parsed input (request body, query, params, a socket frame) breaks the text rules every
 * input shares: a string or an object key holding a NUL, or objects and arrays nested more than
 * MAX_JSON_DEPTH levels (reported where the limit is crossed, not walked into). Walked with an
 * explicit stack, not recursion, so no input can overflow it; at most `limit` issues. Anything but
 * arrays and plain objects (bytes, streams) is not looked into.
 */
export function textRuleIssues(value: unknown, limit = 20): TextRuleIssue[] {
  type Item = { value: unknown; path: (string | number)[]; nulKey?: true };
  const out: TextRuleIssue[] = [];
  const stack: Item[] = [{ value, path: [] }];
  while (stack.length && out.length < limit) {
    const { value: v, path, nulKey } = stack.pop()!;
    if (nulKey || (typeof v === 'string' && hasNul(v))) {
      out.push({ path, msg: NUL_MESSAGE, type: 'nul_character' });
      continue;
    }
    if (!v || typeof v !== 'object' || !isTextContainer(v)) continue;
    if (path.length >= MAX_JSON_DEPTH) {
      out.push({ path, msg: TOO_DEEP_MESSAGE, type: 'too_deep' });
      continue;
    }
    const children: Item[] = Array.isArray(v)
      ? v.map((item, i) => ({ value: item, path: [...path, i] }))
      : Object.entries(v).map(([key, item]) => ({
          value: item,
          path: [...path, key],
          ...(hasNul(key) && { nulKey: true as const }),
        }));
    // Reversed onto the stack, so issues come out in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

const FILE_PATH_PREFIX = '/api/files/';
/** This server's path of an uploaded file: `/api/files/<uuid>`. */
const isFilePath = (s: string) => s.startsWith(FILE_PATH_PREFIX) && isUuid(s.slice(FILE_PATH_PREFIX.length));
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** http(s)://[user@]host[:port][/path?query#fragment], host a name with a dot-free label or an IP. */
const HTTP_URL =
  /^https?:\/\/(?:[^\s/?#@]+@)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/**
 * The link as it will be stored, or null when it is not acceptable. Empty stays empty (the caller
 * decides whether empty means "clear").
 */
export function normalizeLink(raw: string, opts: { files?: boolean } = {}): string | null {
  const value = raw.trim();
  if (value === '') return '';
  // Control characters, spaces and backslashes have no place in a link we render.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return null;
  if (value.startsWith('/')) return opts.files && isFilePath(value) ? value : null;
  const absolute = SCHEME.test(value) ? value : `https://${value}`;
  return HTTP_URL.test(absolute) ? absolute : null;
}

/** An optional link field: absolute http(s), or (files: true) an uploaded file's path. */
export const linkText = (max: number, opts: { files?: boolean } = {}) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((v, ctx) => {
      const link = normalizeLink(v, opts);
      if (link === null) {
        ctx.addIssue({ code: 'custom', message: opts.files ? FILE_LINK_MESSAGE : LINK_MESSAGE });
        return z.NEVER;
      }
      return link;
    });
