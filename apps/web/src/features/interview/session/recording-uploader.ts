/**
 * Sends the recording to the server while the interview runs, one MediaRecorder slice at a time, in
 * order (decision 0145). A failed send is retried until it goes through, so a dropped connection
 * or a server restart loses nothing; a reload or a crashed tab loses only what was not sent yet
 * (at most the slice being recorded). The server stores a resent slice once.
 */
import { ApiError } from '../../../lib/api-client';
import { putRecordingChunk, type RecordingChunk } from '../api/put-recording-chunk';

/** Waits between retries of one slice: quick at first, then every 10 s. */
const RETRY_DELAYS_MS = [1000, 2000, 4000, 10_000];

/** Errors no retry can fix: the interview is not the caller's, cannot be recorded, or the bytes are refused. */
const isFinal = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;

export class RecordingUploader {
  /** One MediaRecorder stream: a new one after a reload, so the server keeps both in order. */
  readonly segment = crypto.randomUUID();
  private readonly queue: Omit<RecordingChunk, 'interviewId' | 'segment'>[] = [];
  private nextSeq = 0;
  private sending: Promise<void> | null = null;
  private gaveUp = false;

  constructor(
    private readonly interviewId: string,
    private readonly put: (chunk: RecordingChunk) => Promise<unknown> = putRecordingChunk,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Queues the next slice; `elapsedMs` is how far into this stream the slice ends. */
  push(blob: Blob, elapsedMs: number): void {
    if (this.gaveUp || blob.size === 0) return;
    this.queue.push({ seq: this.nextSeq++, blob, elapsedMs });
    this.sending ??= this.drain().finally(() => (this.sending = null));
  }

  /** Slices recorded but not yet on the server. */
  get pending(): number {
    return this.queue.length;
  }

  /** Resolves once every queued slice is on the server (true), or after `timeoutMs` (false). */
  async flush(timeoutMs: number): Promise<boolean> {
    if (!this.sending) return this.queue.length === 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const done = this.sending.then(() => this.queue.length === 0);
    try {
      return await Promise.race([done, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async drain(): Promise<void> {
    let attempt = 0;
    while (this.queue.length) {
      const chunk = this.queue[0]!;
      try {
        await this.put({ interviewId: this.interviewId, segment: this.segment, ...chunk });
        this.queue.shift();
        attempt = 0;
      } catch (err) {
        if (isFinal(err)) {
          console.error('The interview recording cannot be saved', err);
          this.gaveUp = true;
          this.queue.length = 0;
          return;
        }
        console.warn(`Recording slice ${chunk.seq} not sent yet, retrying`, err);
        await this.wait(RETRY_DELAYS_MS[Math.min(attempt++, RETRY_DELAYS_MS.length - 1)]!);
      }
    }
  }
}
