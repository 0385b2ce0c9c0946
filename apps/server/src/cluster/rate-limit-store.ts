import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { CounterStore } from './counters';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A store for `@fastify/rate-limit` on the shared counters: the route limits (registration, ...)
 * are counted in Redis when it is configured and reachable, in this process otherwise. Fixed windows
 * only (no `continueExceeding` / `exponentialBackoff`).
 */
export function counterRateLimitStore(counters: CounterStore) {
  return class CounterRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly scope = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      counters.hit(this.scope + key, timeWindow).then(
        (s) => cb(null, { current: s.count, ttl: s.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback) {
      counters.peek(this.scope + key).then(
        (s) => cb(null, { current: s.count, ttl: s.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: RouteOptions) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new CounterRateLimitStore(
        undefined,
        `${this.scope}${String(route?.method ?? '')}${String(route?.url ?? '')}:`,
      );
    }
  };
}
