import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, InstanceBus } from '../../src/cluster/bus';
import { MemoryCounters, SharedCounters, WindowLimit } from '../../src/cluster/counters';

const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as never;

describe('InstanceBus without Redis', () => {
  it('runs this instance’s handlers, keeps going past a failing one, and unsubscribes', async () => {
    const bus = new InstanceBus(log);
    const seen: unknown[] = [];
    bus.subscribe(CHANNELS.jobListChanged, () => {
      throw new Error('handler broke');
    });
    const off = bus.subscribe(CHANNELS.jobListChanged, (m) => void seen.push(m));
    await bus.publish(CHANNELS.jobListChanged, { job: 1 });
    expect(seen).toEqual([{ job: 1 }]);
    off();
    await bus.publish(CHANNELS.jobListChanged, { job: 2 });
    expect(seen).toHaveLength(1);
  });
});

describe('counters', () => {
  it('count in fixed windows that end by themselves, and stay bounded', async () => {
    let now = 0;
    const counters = new MemoryCounters(3, () => now);
    expect(await counters.hit('a', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now = 400;
    expect(await counters.hit('a', 1000)).toEqual({ count: 2, ttlMs: 600 });
    now = 1000;
    expect(await counters.peek('a')).toEqual({ count: 0, ttlMs: 0 });
    for (const k of ['b', 'c', 'd', 'e']) await counters.hit(k, 1000);
    expect((await counters.peek('b')).count).toBe(0);
    expect((await counters.peek('e')).count).toBe(1);
  });

  it('without Redis fall back to the process, and a window limit reports the wait', async () => {
    const limit = new WindowLimit(new SharedCounters(null, 'x:'), 'uploads', 2, 60_000);
    expect([await limit.hit('addr'), await limit.hit('addr')]).toEqual([0, 0]);
    expect(await limit.hit('addr')).toBe(60);
    expect(await limit.hit('other')).toBe(0);
  });
});
