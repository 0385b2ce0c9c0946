/**
 * Saves that could not reach the server (docs/decisions/0148-a-screen-that-tells-the-truth.md):
 * every request that changes something (any method but GET) goes through `sendWhenOnline`, which
 * waits while the browser is offline, or after a request failed on the network, and sends it again
 * once the network is back (TanStack Query's onlineManager: the `online` event), when the person
 * presses Retry, or, when the browser is online but the server was not reached, after a pause. The form that sent it simply stays busy and keeps what was typed; the one notice
 * (PendingSavesNotice) says what is happening. One mechanism for every form.
 */
import { onlineManager } from '@tanstack/react-query';

export type PendingSaves = {
  /** Saves waiting for the network. */
  count: number;
  /** The browser says it is offline (else: online, but the server could not be reached). */
  offline: boolean;
};

let snapshot: PendingSaves = { count: 0, offline: false };
const listeners = new Set<() => void>();
/** The waiting saves' wake-ups (the network came back, or Retry). */
const waiting = new Set<() => void>();

const isOnline = () => onlineManager.isOnline() && (typeof navigator === 'undefined' || navigator.onLine !== false);

function publish(next: PendingSaves) {
  if (next.count === snapshot.count && next.offline === snapshot.offline) return;
  snapshot = next;
  listeners.forEach((l) => l());
}

export const pendingSaves = {
  get: (): PendingSaves => snapshot,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Sends every waiting save now. */
  retryNow() {
    const wake = [...waiting];
    waiting.clear();
    wake.forEach((w) => w());
  },
};

/** After a failed attempt while the browser says it is online, the next goes out after this long. */
const UNREACHABLE_RETRY_MS = [2_000, 5_000, 10_000, 30_000];

/** Resolves when the network is back, Retry is pressed or `retryAfterMs` has passed. */
function untilOnlineOrRetry(retryAfterMs: number | null, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = retryAfterMs === null ? undefined : setTimeout(() => done(), retryAfterMs);
    const done = () => {
      clearTimeout(timer);
      stopOnline();
      signal?.removeEventListener('abort', aborted);
      waiting.delete(done);
      resolve();
    };
    const aborted = () => {
      clearTimeout(timer);
      stopOnline();
      waiting.delete(done);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    // Subscribing also makes the onlineManager listen to the window's online/offline events.
    const stopOnline = onlineManager.subscribe((online) => {
      if (online) done();
      else publish({ ...snapshot, offline: true });
    });
    waiting.add(done);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** A failure of the network itself (offline, server unreachable), not an HTTP error reply. */
const isNetworkFailure = (err: unknown, signal?: AbortSignal) => err instanceof TypeError && !signal?.aborted;

/**
 * Runs `send` (a fetch that changes something); while it cannot reach the server it waits and
 * sends again, so the caller's promise settles only with the server's answer.
 */
export async function sendWhenOnline(send: () => Promise<Response>, signal?: AbortSignal): Promise<Response> {
  let counted = false;
  let failures = 0;
  const count = (delta: number) => publish({ count: snapshot.count + delta, offline: !isOnline() });
  try {
    // Offline from the start: wait first. After a wake-up (network back, Retry, pause over): try.
    let attempt = isOnline();
    for (;;) {
      if (attempt) {
        try {
          return await send();
        } catch (err) {
          if (!isNetworkFailure(err, signal)) throw err;
        }
      }
      if (!counted) {
        counted = true;
        count(+1);
      } else {
        publish({ ...snapshot, offline: !isOnline() });
      }
      // Offline: wait for the network. Online but unreachable: also try again after a growing pause.
      const pause = isOnline() ? UNREACHABLE_RETRY_MS[Math.min(failures++, UNREACHABLE_RETRY_MS.length - 1)]! : null;
      await untilOnlineOrRetry(pause, signal);
      attempt = true;
    }
  } finally {
    if (counted) count(-1);
  }
}
