import type { Redis } from 'ioredis';
import { isReady } from './redis';

/** A counter in a fixed window: how many hits, and how long until it is forgotten. */
export type CounterState = { count: number; ttlMs: number };

export interface CounterStore {
  /** Adds one to `key`; the first hit starts a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** Reads `key` without changing it (count 0 when absent or expired). */
  peek(key: string): Promise<CounterState>;
  /** Sets `key` to 1 for exactly `ms` (a block or hold that ends by itself). */
  hold(key: string, ms: number): Promise<void>;
  /** Forgets `key`. */
  clear(key: string): Promise<void>;
}

/** In-process counters (one instance, or Redis unavailable). Bounded: old windows are dropped first. */
export class MemoryCounters implements CounterStore {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      if (this.entries.size >= this.maxKeys) this.prune(now);
      entry = { count: 0, expiresAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.expiresAt - now };
  }

  async peek(key: string): Promise<CounterState> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) return { count: 0, ttlMs: 0 };
    return { count: entry.count, ttlMs: entry.expiresAt - now };
  }

  async hold(key: string, ms: number): Promise<void> {
    if (this.entries.size >= this.maxKeys) this.prune(this.now());
    this.entries.set(key, { count: 1, expiresAt: this.now() + ms });
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    // Still full: drop the oldest entries rather than grow without bound.
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}

// INCR and start the window on the first hit, in one round trip that no other instance can split.
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;
const PEEK = `
local n = redis.call('GET', KEYS[1])
if not n then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(n), ttl}`;

type CounterCommands = {
  tmCounterHit(key: string, windowMs: number): Promise<[number, number]>;
  tmCounterPeek(key: string): Promise<[number, number]>;
};

/**
 * Counters on Redis, shared by every instance, with in-process counters as the fallback while Redis
 * is unreachable (each instance then limits on its own: degraded, never open and never down).
 */
export class SharedCounters implements CounterStore {
  private readonly redis: (Redis & CounterCommands) | null;

  constructor(
    redis: Redis | null,
    private readonly prefix: string,
    readonly local: MemoryCounters = new MemoryCounters(),
  ) {
    this.redis = redis as (Redis & CounterCommands) | null;
    if (redis && !('tmCounterHit' in redis)) {
      redis.defineCommand('tmCounterHit', { numberOfKeys: 1, lua: HIT });
      redis.defineCommand('tmCounterPeek', { numberOfKeys: 1, lua: PEEK });
    }
  }

  /** True when the counters are shared (Redis configured and connected). */
  get shared(): boolean {
    return isReady(this.redis);
  }

  hit(key: string, windowMs: number) {
    return this.either(
      async (r) => {
        const [count, ttlMs] = await r.tmCounterHit(this.prefix + key, Math.max(1, Math.round(windowMs)));
        return { count, ttlMs };
      },
      () => this.local.hit(key, windowMs),
    );
  }

  peek(key: string) {
    return this.either(
      async (r) => {
        const [count, ttlMs] = await r.tmCounterPeek(this.prefix + key);
        return { count, ttlMs };
      },
      () => this.local.peek(key),
    );
  }

  hold(key: string, ms: number) {
    return this.either(
      async (r) => void (await r.set(this.prefix + key, '1', 'PX', Math.max(1, Math.round(ms)))),
      () => this.local.hold(key, ms),
    );
  }

  clear(key: string) {
    return this.either(
      async (r) => void (await r.del(this.prefix + key)),
      () => this.local.clear(key),
    );
  }

  private async either<T>(remote: (r: Redis & CounterCommands) => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    const r = this.redis;
    if (r && isReady(r)) {
      try {
        return await remote(r);
      } catch {
        // The connection's own error handler has logged the outage; this request uses local counters.
      }
    }
    return fallback();
  }
}

/**
 * "At most `max` per `windowMs` per key" on a counter store: `hit` returns the seconds to wait when
 * over the limit, otherwise 0.
 */
export class WindowLimit {
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async hit(key: string): Promise<number> {
    const { count, ttlMs } = await this.store.hit(`${this.name}:${key}`, this.windowMs);
    return count > this.max ? Math.max(1, Math.ceil(ttlMs / 1000)) : 0;
  }
}
