import { describeErrorDetail } from '@app/shared';
import { authStorage } from './auth-storage';
import { sendWhenOnline } from './pending-saves';

/** The API lives on the same origin as the app unless VITE_API_ORIGIN says otherwise. */
export const API_ORIGIN: string = import.meta.env.VITE_API_ORIGIN ?? '';
export const API_BASE = `${API_ORIGIN}/api`;

/** An HTTP error with the reply body, so callers can read `detail` (docs/product/errors.md). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(describeErrorDetail(body, `Request failed with status ${status}`));
  }
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
};

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const token = opts.auth === false ? null : authStorage.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body instanceof Blob) {
    // A file sent as it is (an invitation CSV), labelled with its own type.
    headers['content-type'] = opts.body.type || 'application/octet-stream';
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const method = opts.method ?? (body ? 'POST' : 'GET');
  const send = () => fetch(`${API_BASE}${path}`, { method, headers, body, signal: opts.signal });
  // A save that cannot reach the server waits for the network and goes out again by itself.
  const res = method === 'GET' ? await send() : await sendWhenOnline(send, opts.signal);
  const text = await res.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { detail: text };
    }
  }
  if (!res.ok) throw new ApiError(res.status, parsed);
  return parsed as T;
}

/** Makes a server-relative URL (e.g. /api/files/...) absolute against the API origin. */
export function absoluteUrl(url: string | null | undefined): string {
  if (!url) return '';
  if (/^(https?:|blob:|data:)/.test(url)) return url;
  return `${API_ORIGIN}${url.startsWith('/') ? '' : '/'}${url}`;
}
