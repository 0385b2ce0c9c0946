/**
 * The live interview socket: one WebSocket to /ws/session with the rules of docs/product/rules.md
 * and 8 — sending while closed fails with 'WebSocket not connected', a second connect while one is in
 * progress is rejected, and an unexpected drop reconnects up to 5 times with a delay starting at 1 s
 * and doubling each attempt (the counter resets on a successful open). A server restarting for a
 * rolling deploy closes with 1012 ("service restart") after a `notice`: the first reconnect then goes
 * out at once (a short random spread so every candidate does not arrive in the same millisecond) and
 * the load balancer sends it to an instance that is still up. A socket closed because another tab or
 * device took the interview over (4000) does not reconnect (decision 0225).
 */
import { RECONNECT_BASE_DELAY_MS, RECONNECT_MAX_ATTEMPTS, SOCKET_CLOSE } from '@app/shared';

export const NOT_CONNECTED = 'WebSocket not connected';
export const CONNECT_IN_PROGRESS = 'A connection is already in progress';

/** Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s, 8 s, 16 s. */
export const reconnectDelay = (attempt: number, base = RECONNECT_BASE_DELAY_MS) => base * 2 ** attempt;

/** The first reconnect after a restart waits up to this long (random), instead of 1 s. */
export const RESTART_RECONNECT_SPREAD_MS = 300;

/** The WebSocket URL on the page's own origin (ws: or wss: by the page's protocol). No token: see below. */
export function sessionSocketUrl(location: { protocol: string; host: string }, apiOrigin = ''): string {
  const origin = apiOrigin || `${location.protocol}//${location.host}`;
  const wsOrigin = origin.replace(/^http/, 'ws');
  return `${wsOrigin}/ws/session`;
}

/** The token travels in the `Sec-WebSocket-Protocol` header (`bearer, <token>`), never in the URL. */
export { socketTokenProtocols as sessionSocketProtocols } from '@app/shared';

/** Where to connect: the URL and the subprotocols to offer. */
export type SocketTarget = { url: string; protocols: string[] };

type SocketLike = {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

export type SocketHandlers = {
  /** Every parsed JSON message from the server. */
  onMessage: (message: unknown) => void;
  /** The socket opened; `reconnected` is true for an automatic reconnect. */
  onOpen?: (reconnected: boolean) => void;
  /** The socket closed without close() being called. */
  onUnexpectedClose?: () => void;
  /** All reconnect attempts failed. */
  onGiveUp?: () => void;
  /**
   * The server closed the socket because a newer tab or device took the interview over (4000, after
   * an `error` saying so): no reconnect follows, it would only take the interview back (decision 0225).
   */
  onReplaced?: () => void;
};

const OPEN = 1;

export class InterviewSocket {
  private ws: SocketLike | null = null;
  private connecting = false;
  private closedByUs = false;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    /** Read at every (re)connect, so a reconnect uses the current token. */
    private readonly target: () => SocketTarget,
    private readonly handlers: SocketHandlers,
    private readonly factory: SocketFactory = (u, p) => new WebSocket(u, p) as unknown as SocketLike,
  ) {}

  get isOpen(): boolean {
    return this.ws?.readyState === OPEN;
  }

  /** Opens the socket; resolves when open, rejects when it fails first or a connect is in progress. */
  connect(): Promise<void> {
    if (this.connecting) return Promise.reject(new Error(CONNECT_IN_PROGRESS));
    if (this.isOpen) return Promise.resolve();
    this.closedByUs = false;
    // A manual retry replaces any automatic attempt that is waiting.
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.attempts = 0;
    return this.open(false);
  }

  send(message: object): void {
    if (!this.ws || this.ws.readyState !== OPEN) throw new Error(NOT_CONNECTED);
    this.ws.send(JSON.stringify(message));
  }

  /** Closes on purpose: no reconnect follows. */
  close(): void {
    this.closedByUs = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.connecting = false;
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= OPEN) ws.close(1000, 'client closed');
  }

  private open(reconnect: boolean): Promise<void> {
    this.connecting = true;
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      let ws: SocketLike;
      try {
        const { url, protocols } = this.target();
        ws = this.factory(url, protocols);
      } catch (err) {
        this.connecting = false;
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      this.ws = ws;
      ws.onopen = () => {
        opened = true;
        this.connecting = false;
        this.attempts = 0;
        resolve();
        this.handlers.onOpen?.(reconnect);
      };
      ws.onmessage = (ev) => {
        if (typeof ev.data !== 'string') return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(ev.data);
        } catch {
          console.warn('Ignoring a socket message that is not JSON');
          return;
        }
        this.handlers.onMessage(parsed);
      };
      ws.onerror = () => {
        // The close event follows and decides what to do.
      };
      ws.onclose = (ev) => {
        if (this.ws === ws) this.ws = null;
        this.connecting = false;
        if (!opened) reject(new Error('Failed to connect to server'));
        if (this.closedByUs) return;
        if (opened && ev?.code === SOCKET_CLOSE.replaced) {
          this.handlers.onReplaced?.();
          return;
        }
        // A dropped live session, or a failed reconnect attempt: try again while attempts remain.
        if (opened) this.handlers.onUnexpectedClose?.();
        if (opened || reconnect) this.scheduleReconnect(opened && ev?.code === SOCKET_CLOSE.serviceRestart);
      };
    });
  }

  private scheduleReconnect(restart = false) {
    if (this.attempts >= RECONNECT_MAX_ATTEMPTS) {
      this.handlers.onGiveUp?.();
      return;
    }
    const delay = restart ? Math.random() * RESTART_RECONNECT_SPREAD_MS : reconnectDelay(this.attempts);
    this.attempts += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.closedByUs) return;
      this.open(true).catch(() => {
        // Its close handler schedules the next attempt.
      });
    }, delay);
  }
}
