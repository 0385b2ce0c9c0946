/**
 * LinkedIn import: fetches a public profile page server-side and maps its JSON-LD `Person` (with
 * Open Graph tags as a fallback) to the onboarding fields.
 *
 * The fetch is the dangerous part (server-side request forgery): only http(s) addresses on the
 * configured LinkedIn host or its subdomains are fetched, every redirect hop is checked again, the
 * host's addresses must be public unless it is exactly the configured host (tests point that at a
 * local fixture), and the whole exchange is bounded in time and size.
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import { matchCountry, normalizeExpertise, type LinkedinImport } from '@app/shared';
import { AppError, unprocessable } from '../http/http-errors';

export const LINKEDIN_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export type LinkedinOptions = {
  baseUrl: string;
  timeoutMs: number;
  maxBytes?: number;
  /** DNS lookup, replaceable in tests. */
  lookup?: (host: string) => Promise<string[]>;
};

const upstreamError = (msg: string) => new AppError(502, msg);
const NOT_LINKEDIN = 'Enter a LinkedIn profile address, e.g. https://www.linkedin.com/in/your-name';

/* ------------------------------------------------------------------------------------------------ */
/* Which addresses may be fetched                                                                    */
/* ------------------------------------------------------------------------------------------------ */

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** True for loopback, private, link-local, multicast and other non-public addresses. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isNonPublicAddress(mapped[1]!);
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

const siteDomain = (base: URL) => base.hostname.replace(/^www\./, '').toLowerCase();

/**
 * Parses what the user typed ("linkedin.com/in/x" is accepted) and checks that it is on the
 * configured LinkedIn site; throws 422 otherwise.
 */
export function parseLinkedinUrl(input: string, baseUrl: string): URL {
  const base = new URL(baseUrl);
  const raw = input.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw unprocessable(NOT_LINKEDIN);
  }
  checkAllowedUrl(url, base);
  return url;
}

function checkAllowedUrl(url: URL, base: URL) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw unprocessable(NOT_LINKEDIN);
  if (url.username || url.password) throw unprocessable(NOT_LINKEDIN);
  const host = url.hostname.toLowerCase();
  const domain = siteDomain(base);
  const exactBase = host === base.hostname.toLowerCase();
  const onSite = exactBase || host === domain || (!net.isIP(domain) && host.endsWith(`.${domain}`));
  if (!onSite) throw unprocessable(NOT_LINKEDIN);
  // No other ports than the site's own: its explicit port, or else the scheme's default (80/443).
  if (url.port !== base.port) throw unprocessable(NOT_LINKEDIN);
}

async function defaultLookup(host: string): Promise<string[]> {
  const found = await dns.lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

async function checkPublicHost(url: URL, base: URL, lookup: (host: string) => Promise<string[]>) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // The configured host is trusted as configured (tests run a local fixture there).
  if (host.toLowerCase() === base.hostname.replace(/^\[|\]$/g, '').toLowerCase()) return;
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : await lookup(host);
  } catch {
    throw upstreamError('Could not reach LinkedIn. Please try again later.');
  }
  if (!addresses.length || addresses.some(isNonPublicAddress)) throw unprocessable(NOT_LINKEDIN);
}

/* ------------------------------------------------------------------------------------------------ */
/* Fetching                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw upstreamError('The LinkedIn page is too large to read.');
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw upstreamError('The LinkedIn page is too large to read.');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function fetchPage(start: URL, opts: LinkedinOptions): Promise<string> {
  const base = new URL(opts.baseUrl);
  const lookup = opts.lookup ?? defaultLookup;
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let url = start;
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      checkAllowedUrl(url, base);
      await checkPublicHost(url, base, lookup);
      const response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: {
          accept: 'text/html,application/xhtml+xml',
          'accept-language': 'en-US,en;q=0.8',
          'user-agent': 'Mozilla/5.0 (compatible; ProfileImport/1.0)',
        },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
        await response.body?.cancel();
        url = new URL(response.headers.get('location')!, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw upstreamError(`LinkedIn answered with status ${response.status}.`);
      }
      return await readCapped(response, opts.maxBytes ?? LINKEDIN_MAX_BYTES);
    }
    throw upstreamError('LinkedIn redirected too many times.');
  } catch (err) {
    if (err instanceof AppError) {
      // A redirect to somewhere not allowed is LinkedIn's doing, not the user's input.
      throw err.statusCode === 422 && url !== start ? upstreamError('LinkedIn redirected elsewhere.') : err;
    }
    if (signal.aborted) throw upstreamError('LinkedIn did not answer in time.');
    throw upstreamError('Could not reach LinkedIn. Please try again later.');
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Parsing                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

type Json = Record<string, unknown>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** Every object in the JSON-LD blocks of the page whose @type is (or includes) Person. */
export function findJsonLdPersons(html: string): Json[] {
  const persons: Json[] = [];
  const blocks = html.matchAll(/<script[^>]*type=["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi);
  const visit = (node: unknown, depth: number) => {
    if (depth > 6 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, depth + 1));
    const obj = node as Json;
    const type = obj['@type'];
    if (type === 'Person' || (Array.isArray(type) && type.includes('Person'))) persons.push(obj);
    else if (obj['@graph']) visit(obj['@graph'], depth + 1);
  };
  for (const block of blocks) {
    try {
      visit(JSON.parse(block[1]!.trim()), 0);
    } catch {
      // A broken block is skipped; others may still hold the profile.
    }
  }
  return persons;
}

function metaContent(html: string, property: string): string {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const name = /\b(?:property|name)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (name?.toLowerCase() !== property) continue;
    const content = /\bcontent\s*=\s*"([^"]*)"|\bcontent\s*=\s*'([^']*)'/i.exec(tag);
    return decodeEntities(content?.[1] ?? content?.[2] ?? '').trim();
  }
  return '';
}

const str = (v: unknown): string => {
  if (typeof v === 'string') return decodeEntities(v).trim();
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && 'name' in v) return str((v as Json).name);
  return '';
};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const year = (v: unknown) => /\d{4}/.exec(str(v))?.[0] ?? str(v);

/** "US" or "United States" → the country name of the shared list, when it is one of them. */
function countryName(value: string): string {
  if (!value) return '';
  const codes: Record<string, string> = {
    gb: 'United Kingdom',
    ca: 'Canada',
    de: 'Germany',
    fr: 'France',
    in: 'India',
    au: 'Australia',
    es: 'Spain',
    it: 'Italy',
    nl: 'Netherlands',
    br: 'Brazil',
    mx: 'Mexico',
    ie: 'Ireland',
  };
  return matchCountry(value) ?? codes[value.toLowerCase()] ?? value;
}

function splitName(full: string): { firstName: string; lastName: string } {
  const parts = full.split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** Maps a LinkedIn page (JSON-LD Person, Open Graph fallback) to the import fields; null when it holds none. */
export function parseLinkedinPage(html: string): LinkedinImport | null {
  const person = findJsonLdPersons(html)[0];
  const ogTitle = metaContent(html, 'og:title');
  const ogDescription = metaContent(html, 'og:description') || metaContent(html, 'description');
  if (!person && !ogTitle) return null;

  const result: LinkedinImport = {
    firstName: '',
    lastName: '',
    city: '',
    country: '',
    bio: '',
    expertise: [],
    education: [],
    work_experience: [],
  };

  if (person) {
    const given = str(person.givenName);
    const family = str(person.familyName);
    const names = given || family ? { firstName: given, lastName: family } : splitName(str(person.name));
    Object.assign(result, names);

    const address = list(person.address)[0];
    if (address && typeof address === 'object') {
      const a = address as Json;
      result.city = str(a.addressLocality).split(',')[0]!.trim();
      result.country = countryName(str(a.addressCountry));
    } else if (typeof address === 'string') {
      const parts = address.split(',').map((p) => p.trim());
      result.city = parts[0] ?? '';
      result.country = parts.length > 1 ? countryName(parts[parts.length - 1]!) : '';
    }

    result.bio = str(person.description);
    result.expertise = normalizeExpertise(
      [...list(person.knowsAbout), ...list(person.skills)].map(str).filter(Boolean).slice(0, 50),
    );

    const jobTitles = list(person.jobTitle).map(str);
    result.work_experience = list(person.worksFor)
      .filter((o): o is Json => !!o && typeof o === 'object')
      .slice(0, 50)
      .map((org, i) => {
        const role = (org.member && typeof org.member === 'object' ? org.member : {}) as Json;
        return {
          company: str(org.name),
          title: str(role.roleName) || str(role.jobTitle) || jobTitles[i] || '',
          startDate: str(role.startDate),
          endDate: str(role.endDate) || (role.startDate ? 'Present' : ''),
          description: str(role.description),
        };
      })
      .filter((w) => w.company || w.title);

    result.education = list(person.alumniOf)
      .filter((o): o is Json => !!o && typeof o === 'object')
      .filter((o) => list(o['@type']).some((t) => /Educational|College|University|School/i.test(String(t))))
      .slice(0, 50)
      .map((school) => {
        const role = (school.member && typeof school.member === 'object' ? school.member : {}) as Json;
        return {
          school: str(school.name),
          degree: str(role.roleName) || str(role.description),
          field: '',
          year: year(role.endDate),
        };
      })
      .filter((e) => e.school);
  }

  // Open Graph fallbacks: "Jane Doe - Senior Designer - Acme | LinkedIn".
  if (!result.firstName && !result.lastName && ogTitle) {
    const name = ogTitle.split(/\s+[-–|]\s+/)[0] ?? '';
    Object.assign(result, splitName(name.replace(/\s*\|\s*LinkedIn\s*$/i, '')));
  }
  if (!result.bio && ogDescription) result.bio = ogDescription;

  const hasAnything =
    result.firstName || result.lastName || result.bio || result.expertise.length || result.work_experience.length;
  return hasAnything ? result : null;
}

/** POST /api/profile/scrape-linkedin: validate the address, fetch the page, map it. */
export async function scrapeLinkedinProfile(input: string, opts: LinkedinOptions): Promise<LinkedinImport> {
  const url = parseLinkedinUrl(input, opts.baseUrl);
  const html = await fetchPage(url, opts);
  const result = parseLinkedinPage(html);
  if (!result) throw upstreamError('No public profile data was found at this LinkedIn address.');
  return result;
}
