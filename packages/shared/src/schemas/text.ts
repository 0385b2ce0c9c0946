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
 * Where in a parsed request (body, query, params) a string or an object key holds a NUL; the server
 * applies this to every request so that a field declared with a plain z.string() is covered too.
 */
export function nulPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (out.length >= 20) return out;
  if (typeof value === 'string') {
    if (hasNul(value)) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulPaths(item, [...path, i], out));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasNul(key)) out.push([...path, key]);
      else nulPaths(item, [...path, key], out);
    }
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
