import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioPlayer } from './audio-player';
import { bytesToBase64, floatToPcm16 } from './pcm';

/** Just enough of an AudioContext to watch what the player schedules. */
class FakeSource {
  buffer: { length: number } | null = null;
  onended: (() => void) | null = null;
  startedAt: number | null = null;
  stopped = false;
  connect() {}
  disconnect() {}
  start(at: number) {
    this.startedAt = at;
  }
  stop() {
    this.stopped = true;
  }
}

function fakeContext() {
  const sources: FakeSource[] = [];
  const ctx = {
    currentTime: 5,
    createBuffer: (_ch: number, length: number) => ({ length, copyToChannel: () => {} }),
    createBufferSource: () => {
      const s = new FakeSource();
      sources.push(s);
      return s;
    },
  };
  return { ctx, sources };
}

const chunk = (samples: number) => bytesToBase64(floatToPcm16(new Float32Array(samples).fill(0.1)));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const { ctx, sources } = fakeContext();
  const events = { onChunkStarted: vi.fn(), onPlaybackStart: vi.fn(), onPlaybackEnd: vi.fn() };
  const player = new AudioPlayer(ctx as unknown as AudioContext, {} as AudioNode, events);
  return { ctx, sources, events, player };
}

describe('AudioPlayer', () => {
  it('schedules chunks back to back after a 0.1 s lead and reports each when it starts', () => {
    const { sources, events, player } = setup();
    player.enqueue(0, chunk(2400)); // 0.1 s
    player.enqueue(1, chunk(4800)); // 0.2 s
    expect(sources[0]!.startedAt).toBeCloseTo(5.1);
    expect(sources[1]!.startedAt).toBeCloseTo(5.2);
    expect(events.onChunkStarted).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(events.onPlaybackStart).toHaveBeenCalledTimes(1);
    expect(events.onChunkStarted).toHaveBeenCalledWith(0, expect.closeTo(5.1));
    vi.advanceTimersByTime(100);
    expect(events.onChunkStarted).toHaveBeenLastCalledWith(1, expect.closeTo(5.2));
    expect(events.onPlaybackStart).toHaveBeenCalledTimes(1);
  });

  it('ends playback only when the last scheduled chunk finished', () => {
    const { sources, events, player } = setup();
    player.enqueue(0, chunk(2400));
    player.enqueue(1, chunk(2400));
    vi.advanceTimersByTime(300);
    sources[0]!.onended!();
    expect(events.onPlaybackEnd).not.toHaveBeenCalled();
    sources[1]!.onended!();
    expect(events.onPlaybackEnd).toHaveBeenCalledTimes(1);
    expect(player.busy).toBe(false);
  });

  it('barge-in stops everything at once and forgets chunks not yet started', () => {
    const { ctx, sources, events, player } = setup();
    player.enqueue(0, chunk(2400));
    player.enqueue(1, chunk(2400));
    vi.advanceTimersByTime(100);
    player.clear();
    expect(sources.every((s) => s.stopped)).toBe(true);
    expect(events.onPlaybackEnd).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(events.onChunkStarted).toHaveBeenCalledTimes(1); // chunk 1 never played
    // The next answer starts fresh with the lead, not after the dropped queue.
    ctx.currentTime = 5.15;
    player.enqueue(2, chunk(2400));
    expect(sources[2]!.startedAt).toBeCloseTo(5.25);
  });

  it('whenIdle resolves when playback drains', async () => {
    const { sources, player } = setup();
    player.enqueue(0, chunk(2400));
    let done = false;
    void player.whenIdle(10_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(false);
    sources[0]!.onended!();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
