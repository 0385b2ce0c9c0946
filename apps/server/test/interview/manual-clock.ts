import type { Clock, Timer } from '../../src/lib/clock';

/**
 * Fake time for pipeline tests: timers fire only when the test advances the clock, in time order,
 * with pending promise callbacks run in between (no real sleeping).
 */
export class ManualClock implements Clock {
  private t = 1_700_000_000_000;
  private timers: { at: number; id: number; fn: () => void }[] = [];
  private nextId = 0;

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): Timer {
    const timer = { at: this.t + Math.max(0, ms), id: this.nextId++, fn };
    this.timers.push(timer);
    return { cancel: () => void (this.timers = this.timers.filter((x) => x !== timer)) };
  }

  /** Lets every pending promise callback and I/O-free continuation run; no time passes. */
  async settle(): Promise<void> {
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
  }

  /** Moves time forward by `ms`, firing the timers that fall due on the way. */
  async advance(ms: number): Promise<void> {
    const until = this.t + ms;
    for (;;) {
      await this.settle();
      const next = this.timers.filter((x) => x.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!next) break;
      this.timers = this.timers.filter((x) => x !== next);
      this.t = Math.max(this.t, next.at);
      next.fn();
    }
    this.t = until;
    await this.settle();
  }

  /** Advances in small steps until `pred` holds; fails after `maxMs` of fake time. */
  async until(pred: () => boolean, maxMs = 10_000, stepMs = 10): Promise<void> {
    for (let waited = 0; ; waited += stepMs) {
      await this.settle();
      if (pred()) return;
      if (waited >= maxMs) throw new Error(`condition not met within ${maxMs} ms of fake time`);
      await this.advance(stepMs);
    }
  }
}
