/**
 * Time as a dependency. Everything in the live interview that waits (silence windows, audio pacing,
 * idle check-ins, provider back-off, resume grace) goes through a Clock, so tests drive time by hand
 * instead of sleeping.
 */
export interface Timer {
  cancel(): void;
}

export interface Clock {
  now(): number;
  /** Runs `fn` once after `ms`; the timer never keeps the process alive on its own. */
  setTimeout(fn: () => void, ms: number): Timer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, ms);
    handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
};

/** Resolves after `ms` on `clock`, or at once when `signal` aborts. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      timer.cancel();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = clock.setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
