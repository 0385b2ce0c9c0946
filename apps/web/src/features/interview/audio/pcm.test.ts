import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, floatToPcm16, pcm16ToFloat, resample, rmsLevel } from './pcm';
import { SampleChunker } from './chunker';
import { chunkDuration, micMaySend, nextStartTime } from './playback-schedule';

describe('resample', () => {
  it('halves 48 kHz to 24 kHz by averaging neighbouring pairs', () => {
    const input = Float32Array.from([0, 0.5, 1, 1, -1, 0]);
    expect(Array.from(resample(input, 48000, 24000))).toEqual([0.25, 1, -0.5]);
  });

  it('turns 100 ms at 48 kHz into exactly 2400 samples', () => {
    expect(resample(new Float32Array(4800), 48000, 24000)).toHaveLength(2400);
  });

  it('keeps a 440 Hz tone at the same frequency (zero crossings per second)', () => {
    const rate = 48000;
    const tone = Float32Array.from({ length: rate }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / rate));
    const out = resample(tone, rate, 24000);
    let crossings = 0;
    for (let i = 1; i < out.length; i++) if (out[i - 1]! < 0 !== out[i]! < 0) crossings++;
    expect(crossings).toBeGreaterThanOrEqual(878);
    expect(crossings).toBeLessThanOrEqual(882);
  });

  it('handles 44.1 kHz input and upsampling', () => {
    expect(resample(new Float32Array(4410), 44100, 24000)).toHaveLength(2400);
    expect(Array.from(resample(Float32Array.from([0, 1]), 24000, 48000))).toEqual([0, 0.5, 1, 1]);
  });
});

describe('16-bit PCM', () => {
  it('encodes little-endian and clips out-of-range samples', () => {
    const bytes = floatToPcm16(Float32Array.from([0, 1, -1, 2, -2]));
    const view = new DataView(bytes.buffer);
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(i * 2, true))).toEqual([0, 32767, -32768, 32767, -32768]);
  });

  it('round-trips through base64 within one quantisation step', () => {
    const samples = Float32Array.from([0, 0.25, -0.5, 0.999, -1]);
    const decoded = pcm16ToFloat(base64ToBytes(bytesToBase64(floatToPcm16(samples))));
    decoded.forEach((v, i) => expect(Math.abs(v - samples[i]!)).toBeLessThan(1 / 16384));
  });

  it('base64 matches the standard alphabet and survives large buffers', () => {
    expect(bytesToBase64(Uint8Array.from([0, 1, 2, 253, 254, 255]))).toBe('AAEC/f7/');
    const big = Uint8Array.from({ length: 100_000 }, (_, i) => i % 256);
    expect(base64ToBytes(bytesToBase64(big))).toEqual(big);
  });

  it('decoding ignores a trailing odd byte', () => {
    expect(pcm16ToFloat(Uint8Array.from([0, 0x40, 7]))).toHaveLength(1);
  });
});

describe('rmsLevel', () => {
  it('is 0 for silence and about 0.707 for a full-scale sine', () => {
    expect(rmsLevel(new Float32Array(100))).toBe(0);
    const sine = Float32Array.from({ length: 4800 }, (_, i) => Math.sin((2 * Math.PI * i) / 48));
    expect(rmsLevel(sine)).toBeCloseTo(Math.SQRT1_2, 3);
  });
});

describe('SampleChunker', () => {
  it('emits 2400-sample chunks across uneven pushes and keeps order', () => {
    const chunker = new SampleChunker(2400);
    const first = chunker.push(Float32Array.from({ length: 2048 }, (_, i) => i));
    expect(first).toHaveLength(0);
    const second = chunker.push(Float32Array.from({ length: 2900 }, (_, i) => 2048 + i));
    expect(second).toHaveLength(2);
    expect(second[0]![0]).toBe(0);
    expect(second[0]![2399]).toBe(2399);
    expect(second[1]![0]).toBe(2400);
    expect(chunker.pending).toBe(4948 - 4800);
  });

  it('reset drops the partial chunk', () => {
    const chunker = new SampleChunker(10);
    chunker.push(new Float32Array(7));
    chunker.reset();
    expect(chunker.push(new Float32Array(5))).toHaveLength(0);
    expect(chunker.pending).toBe(5);
  });
});

describe('playback scheduling', () => {
  it('starts an idle queue 0.1 s ahead and chains later chunks back to back', () => {
    const first = nextStartTime(10, 0);
    expect(first).toBeCloseTo(10.1);
    const end = first + chunkDuration(2400, 24000);
    expect(nextStartTime(10.05, end)).toBeCloseTo(10.2);
  });

  it('a chunk arriving after the queue ran dry starts fresh with the lead', () => {
    expect(nextStartTime(20, 15)).toBeCloseTo(20.1);
  });
});

describe('mic gate', () => {
  const base = { muted: false, aiPlaying: false, lastPlaybackEndMs: null, nowMs: 1000, suppressMs: 150 };
  it('sends when unmuted and the AI is silent', () => expect(micMaySend(base)).toBe(true));
  it('blocks while muted', () => expect(micMaySend({ ...base, muted: true })).toBe(false));
  it('blocks while the AI plays', () => expect(micMaySend({ ...base, aiPlaying: true })).toBe(false));
  it('blocks for 150 ms after playback ended', () => {
    expect(micMaySend({ ...base, lastPlaybackEndMs: 900 })).toBe(false);
    expect(micMaySend({ ...base, lastPlaybackEndMs: 850 })).toBe(true);
  });
});
