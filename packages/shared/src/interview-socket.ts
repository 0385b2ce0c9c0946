/**
 * The handshake and close codes of the live interview socket (`/ws/session`), for the browser and the
 * server alike (docs/product/socket-protocol.md).
 */

/**
 * The subprotocol that carries the session token: the browser offers `bearer, <token>` in
 * `Sec-WebSocket-Protocol` (the only header a page may set on a WebSocket, so the token never sits
 * in a URL or an access log) and the server answers `bearer`.
 */
export const SOCKET_BEARER_PROTOCOL = 'bearer';

/** The subprotocols a client offers for `token` (none without a token). */
export function socketTokenProtocols(token: string): string[] {
  return token ? [SOCKET_BEARER_PROTOCOL, token] : [];
}

/** The token in an offered `Sec-WebSocket-Protocol` header (`bearer, <token>`), or undefined. */
export function tokenFromSocketProtocols(header: string | undefined): string | undefined {
  const offered = (header ?? '').split(',').map((p) => p.trim());
  return offered[0] === SOCKET_BEARER_PROTOCOL && offered[1] ? offered[1] : undefined;
}

/** Why the server closes an interview socket. */
/**
 * The fatal `error` a socket gets before it is closed with `replaced` because a newer tab or device
 * took its interview over (decision 0225).
 */
export const INTERVIEW_CONTINUED_ELSEWHERE = 'This interview continues in another tab or device.';

export const SOCKET_CLOSE = {
  /** A newer connection took this session over (another tab, a reconnect). */
  replaced: 4000,
  /** No valid session token. */
  notAuthenticated: 4401,
  /** Policy violation (RFC 6455): microphone audio kept arriving faster than real time. */
  policy: 1008,
  /** Service restart (RFC 6455 registry): the server is draining; reconnect at once, elsewhere. */
  serviceRestart: 1012,
} as const;
