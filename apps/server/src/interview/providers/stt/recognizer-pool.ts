import os from 'node:os';
import { ProviderBusyError, ProviderError } from '../types';
import { modelKey, RecognizerWorker, type RecognizerModel } from './recognizer-worker';

/** Who holds a leased worker: an utterance being heard. */
export interface Lessee {
  /** Its candidate has stopped speaking and waits for the reply. */
  readonly urgent: boolean;
  /** Asked to give the worker back soon (for an urgent utterance); it hears its audio again later. */
  preempt(): void;
}

type Waiter = {
  model: RecognizerModel;
  lessee?: Lessee;
  key: string;
  since: number;
  resolve: (w: RecognizerWorker) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
};

export type RecognizerPoolOptions = {
  binary?: string;
  /** Most recognizer processes at once (each holds its models, ~100 MB). Default: two per core. */
  size?: number;
  /** How long an utterance may wait for a free recognizer before it is refused. */
  queueDeadlineMs?: number;
  /** Idle processes beyond the warm ones are ended after this long. */
  idleMs?: number;
  /** Called with each lease's wait (ms), for the metrics. */
  onWait?: (ms: number) => void;
  /** Called when an utterance is refused because every recognizer stayed busy past the deadline. */
  onShed?: (waitedMs: number) => void;
};

/**
 * A fixed set of long-lived recognizer processes shared by every live interview of the server.
 * An utterance leases one for its duration (audio streams in while the candidate speaks) and hands
 * it back after a flush; while all are busy, utterances queue (their audio is kept and caught up
 * when a worker frees) until a deadline. Processes are kept per model (the general one and each
 * job's); a request for a model with no idle process replaces the least recently used idle one.
 */
export class RecognizerPool {
  readonly size: number;
  private readonly binary: string;
  private readonly queueDeadlineMs: number;
  private readonly idleMs: number;
  private readonly workers = new Set<RecognizerWorker>();
  /** Who holds each leased worker. */
  private readonly leases = new Map<RecognizerWorker, Lessee>();
  /** Workers whose holder was asked to give them back. */
  private readonly preempting = new Set<RecognizerWorker>();
  private idle: RecognizerWorker[] = [];
  private waiters: Waiter[] = [];
  private reaper: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly opts: RecognizerPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? os.availableParallelism() * 2);
    this.binary = opts.binary ?? 'pocketsphinx_continuous';
    this.queueDeadlineMs = opts.queueDeadlineMs ?? 8000;
    this.idleMs = opts.idleMs ?? 10 * 60_000;
  }

  /** Live processes, busy ones, idle ones and queued utterances (metrics, tests). */
  stats() {
    return {
      processes: this.workers.size,
      busy: this.workers.size - this.idle.length,
      idle: this.idle.length,
      queued: this.waiters.length,
    };
  }

  /** Process ids of the recognizers (benchmark memory accounting). */
  pids(): number[] {
    return [...this.workers].map((w) => w.pid).filter((p): p is number => p !== undefined);
  }

  /** Starts idle processes for `model` up to `count`, within the pool's size. */
  warm(model: RecognizerModel, count = 1) {
    if (this.closed) return;
    const key = modelKey(model);
    let have = this.idle.filter((w) => w.key === key).length;
    while (have < count && this.workers.size < this.size) {
      this.idle.push(this.spawn(model));
      have++;
    }
  }

  /** A recognizer with `model` loaded, for one utterance; give it back with `release`. */
  acquire(model: RecognizerModel, lessee?: Lessee): Promise<RecognizerWorker> {
    if (this.closed) return Promise.reject(new ProviderError('pocketsphinx', 'closed'));
    const now = Date.now();
    const worker = this.take(model);
    if (worker) {
      if (lessee) this.leases.set(worker, lessee);
      this.opts.onWait?.(0);
      return Promise.resolve(worker);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        model,
        lessee,
        key: modelKey(model),
        since: now,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          this.opts.onShed?.(Date.now() - now);
          reject(new ProviderBusyError('pocketsphinx', 'all recognizers are busy'));
        }, this.queueDeadlineMs),
      };
      waiter.timer.unref();
      this.waiters.push(waiter);
      if (lessee?.urgent) this.hurry(lessee);
    });
  }

  /**
   * `lessee` waits and its candidate is waiting too: when no worker is idle, one held by an
   * utterance still being spoken is taken back for it (that utterance's audio is kept and heard
   * again). Decoding runs several times faster than speech, so this trades a little CPU for the
   * latency of the reply the candidate is waiting for.
   */
  hurry(lessee: Lessee) {
    if (!this.waiters.some((w) => w.lessee === lessee)) return;
    const urgentWaiting = this.waiters.filter((w) => w.lessee?.urgent).length;
    if (this.preempting.size >= urgentWaiting) return;
    // The most recent lease has the least audio to hear again.
    for (const [worker, holder] of [...this.leases].reverse()) {
      if (holder.urgent || this.preempting.has(worker)) continue;
      this.preempting.add(worker);
      holder.preempt();
      return;
    }
  }

  /** A leased worker is free again (its last utterance fully printed). */
  release(worker: RecognizerWorker) {
    worker.listener = null;
    this.unlease(worker);
    worker.lastUsed = Date.now();
    if (!worker.alive || !this.workers.has(worker)) return this.serveWaiters();
    if (this.closed) return this.discard(worker);
    // The candidates waiting for a reply first, then the others, each in arrival order.
    const next = this.queueOrder().find((w) => w.key === worker.key);
    if (next) {
      this.waiters = this.waiters.filter((w) => w !== next);
      return this.hand(next, worker);
    }
    this.idle.push(worker);
    this.serveWaiters();
    this.scheduleReaping();
  }

  /** Ends a worker (stuck or crashed) and lets its capacity serve the queue. */
  discard(worker: RecognizerWorker) {
    worker.listener = null;
    this.unlease(worker);
    worker.kill();
    this.forget(worker);
    this.serveWaiters();
  }

  close() {
    this.closed = true;
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.reject(new ProviderError('pocketsphinx', 'closed'));
    }
    this.waiters = [];
    for (const w of [...this.workers]) w.kill();
    this.workers.clear();
    this.leases.clear();
    this.preempting.clear();
    this.idle = [];
    if (this.reaper) clearTimeout(this.reaper);
  }

  /** An idle worker with the model, a new one when there is room, or an idle one of another model replaced. */
  private take(model: RecognizerModel): RecognizerWorker | null {
    const key = modelKey(model);
    const same = this.idle.findIndex((w) => w.key === key);
    if (same >= 0) return this.idle.splice(same, 1)[0]!;
    if (this.workers.size < this.size) return this.spawn(model);
    if (this.idle.length) {
      const oldest = this.idle.reduce((a, b) => (a.lastUsed <= b.lastUsed ? a : b));
      this.idle = this.idle.filter((w) => w !== oldest);
      oldest.kill();
      this.forget(oldest);
      return this.spawn(model);
    }
    return null;
  }

  private serveWaiters() {
    for (const waiter of this.queueOrder()) {
      const worker = this.take(waiter.model);
      if (!worker) return;
      this.waiters = this.waiters.filter((w) => w !== waiter);
      this.hand(waiter, worker);
    }
  }

  private queueOrder(): Waiter[] {
    return [...this.waiters.filter((w) => w.lessee?.urgent), ...this.waiters.filter((w) => !w.lessee?.urgent)];
  }

  private unlease(worker: RecognizerWorker) {
    this.leases.delete(worker);
    this.preempting.delete(worker);
  }

  private hand(waiter: Waiter, worker: RecognizerWorker) {
    clearTimeout(waiter.timer);
    if (waiter.lessee) this.leases.set(worker, waiter.lessee);
    this.opts.onWait?.(Date.now() - waiter.since);
    waiter.resolve(worker);
  }

  private spawn(model: RecognizerModel): RecognizerWorker {
    const worker = RecognizerWorker.spawn(this.binary, model, (w) => {
      // A process that ends on its own (crash, OOM kill) leaves the pool; its lessee is told.
      this.forget(w);
      this.serveWaiters();
    });
    this.workers.add(worker);
    return worker;
  }

  private forget(worker: RecognizerWorker) {
    this.unlease(worker);
    this.workers.delete(worker);
    this.idle = this.idle.filter((w) => w !== worker);
  }

  /** Idle processes not used for a while are ended (the general model's first one stays warm). */
  private scheduleReaping() {
    if (this.reaper || this.closed) return;
    this.reaper = setTimeout(() => {
      this.reaper = null;
      const cutoff = Date.now() - this.idleMs;
      const stale = this.idle.filter((w) => w.lastUsed < cutoff).slice(0, Math.max(0, this.idle.length - 1));
      for (const w of stale) {
        w.kill();
        this.forget(w);
      }
      if (this.idle.length > 1) this.scheduleReaping();
    }, this.idleMs);
    this.reaper.unref();
  }
}
