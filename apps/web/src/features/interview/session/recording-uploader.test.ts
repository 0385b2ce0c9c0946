import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { RecordingChunk } from '../api/put-recording-chunk';
import { RecordingUploader } from './recording-uploader';

const blob = (n: number) => new Blob([new Uint8Array(n)]);

describe('RecordingUploader', () => {
  it('sends slices one at a time, in order, under one segment', async () => {
    const sent: RecordingChunk[] = [];
    let release!: () => void;
    const put = vi.fn(async (c: RecordingChunk) => {
      sent.push(c);
      if (c.seq === 0) await new Promise<void>((r) => (release = r));
    });
    const up = new RecordingUploader('iv', put);
    up.push(blob(10), 5000);
    up.push(blob(20), 10000);
    await vi.waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    // The second slice waits for the first to be stored.
    expect(up.pending).toBe(2);
    release();
    expect(await up.flush(1000)).toBe(true);
    expect(sent.map((c) => [c.seq, c.elapsedMs, c.segment])).toEqual([
      [0, 5000, up.segment],
      [1, 10000, up.segment],
    ]);
  });

  it('retries a slice the server could not take, and gives up only on a refusal no retry can fix', async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    let failures = 3;
    const put = vi.fn(async () => {
      if (failures-- > 0) throw new TypeError('Failed to fetch');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const up = new RecordingUploader('iv', put, wait);
    up.push(blob(1), 5000);
    expect(await up.flush(1000)).toBe(true);
    expect(put).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);

    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = vi.fn(async () => {
      throw new ApiError(409, { detail: 'This interview cannot take a recording' });
    });
    const done = new RecordingUploader('iv', refused, wait);
    done.push(blob(1), 5000);
    expect(await done.flush(1000)).toBe(true);
    done.push(blob(1), 10000);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
  });
});
