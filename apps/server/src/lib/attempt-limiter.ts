/**
 * Counts attempts per key in a fixed time window (in memory, per process).
 * Used for the per-e-mail login limit; @fastify/rate-limit runs one limiter per request, which
 * is already spent on the per-address limit.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Records an attempt; returns seconds to wait when over the limit, otherwise 0. */
  hit(key: string, now = Date.now()): number {
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= this.maxKeys) this.prune(now);
      entry = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return entry.count > this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  private prune(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full: drop the oldest entries rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
