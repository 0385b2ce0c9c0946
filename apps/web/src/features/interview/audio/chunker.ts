/**
 * Collects resampled mic audio into fixed-size chunks (100 ms = 2400 samples at 24 kHz) so every
 * mic_chunk carries the same duration whatever block size the capture delivers.
 */
export class SampleChunker {
  private buffer: Float32Array;
  private filled = 0;

  constructor(readonly chunkSize: number) {
    this.buffer = new Float32Array(chunkSize);
  }

  /** Adds samples and returns every chunk completed by them, in order. */
  push(samples: Float32Array): Float32Array[] {
    const chunks: Float32Array[] = [];
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(this.chunkSize - this.filled, samples.length - offset);
      this.buffer.set(samples.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.chunkSize) {
        chunks.push(this.buffer);
        this.buffer = new Float32Array(this.chunkSize);
        this.filled = 0;
      }
    }
    return chunks;
  }

  /** Drops a partial chunk, e.g. when the mic is gated, so stale audio is never sent later. */
  reset() {
    this.filled = 0;
  }

  get pending(): number {
    return this.filled;
  }
}
