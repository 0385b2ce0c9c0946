/**
 * Where links in security e-mails (password reset) point. Never the request's Host header: anyone
 * can send any Host, and a reset link to their host hands them the token (decision 0140).
 */
import type { AddressInfo } from 'node:net';
import type { Config } from '../config/env';

/** Addresses that mean "every interface": a server bound to one of them has no single address to name. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]', '::0', '0:0:0:0:0:0:0:0']);

/**
 * PUBLIC_URL, or else the address the server is bound to (HOST, and the port it listens on: the
 * bound one once listening, PORT before), or null when HOST is an any-address and no link can be made.
 */
export function linkOrigin(
  config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>,
  bound: AddressInfo | string | null = null,
): string | null {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = config.HOST.trim().toLowerCase();
  if (ANY_ADDRESS.has(host)) return null;
  const port = bound && typeof bound === 'object' ? bound.port : config.PORT;
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The operator's line when a reset mail is dropped for want of an address (no token, no e-mail in it). */
export const NO_LINK_ORIGIN_WARNING =
  'password reset e-mail not sent: PUBLIC_URL is not set and HOST listens on every interface, so there is no address for the link; set PUBLIC_URL';
