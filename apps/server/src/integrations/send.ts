/**
 * One webhook attempt on the wire: a signed POST to the address the guard checked, with a time
 * limit, never following a redirect (a 3xx is a failed attempt: following it would let an endpoint
 * point the server anywhere, past the guard).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget } from './ssrf';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, Stripe's convention. */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

export type AttemptOutcome = { ok: boolean; responseCode: number | null; durationMs: number; error: string | null };

export type SendOptions = { timeoutMs: number; allowPrivate: boolean; now: () => number };

/** Posts `body` to `url` with the webhook headers; never throws (the outcome says what went wrong). */
export async function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: SendOptions,
): Promise<AttemptOutcome> {
  // Durations are measured on the real clock: an injected test clock does not move while waiting.
  const began = performance.now();
  const took = () => Math.round(performance.now() - began);
  try {
    const target = new URL(url);
    const pinned = await resolveTarget(target, opts.allowPrivate);
    const status = await post(target, pinned, body, headers, opts.timeoutMs);
    if (status >= 200 && status < 300) return { ok: true, responseCode: status, durationMs: took(), error: null };
    const error =
      status >= 300 && status < 400 ? `Redirect (${status}) not followed` : `The endpoint answered ${status}`;
    return { ok: false, responseCode: status, durationMs: took(), error };
  } catch (err) {
    return { ok: false, responseCode: null, durationMs: took(), error: (err as Error).message.slice(0, 300) };
  }
}

function post(
  target: URL,
  pinned: { address: string; family: 4 | 6 },
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<number> {
  // Connect to the checked address only: resolving the name again could answer differently.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        lookup,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'TalentMarket-Webhooks/1.0',
        },
      },
      (response) => {
        // The answer's body is not wanted: drained and dropped, within the same time limit.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end(body);
  });
}
