import fs from 'node:fs';
import { NO_SPELLINGS, respellFinal, type Spellings } from '../../recognition/spelling';
import { ProviderError, type SpeechToText, type SttFinal, type SttStream, type SttWord } from '../types';
import { STT_RATE } from '../../audio';
import { RecognizerPool, type Lessee } from './recognizer-pool';
import type { RecognizerModel, RecognizerWorker, WorkerListener } from './recognizer-worker';

export type PocketsphinxOptions = {
  /** The server's shared recognizer processes; without one, this recognizer keeps a small pool of its own. */
  pool?: RecognizerPool;
  binary?: string;
  modelDir?: string;
  /** Recognizer processes with this model kept loaded and waiting, so an utterance never waits for loading. */
  warm?: number;
  /** A job's language model and dictionary instead of the general ones (recognition/job-model.ts). */
  lm?: string;
  dict?: string;
  /**
   * Recognizer phrase → the job's spelling ("z brush" → "ZBrush"), applied to every transcript. For the
   * benchmarks: a live session writes its interview's own spellings in (decision 0174).
   */
  respellings?: Spellings;
};

/**
 * Offline speech recognition with Debian's `pocketsphinx_continuous` (CMU Sphinx, US English model).
 *
 * Utterances are decoded by long-lived recognizer processes shared by the whole server
 * (`RecognizerPool`, decision 0124): audio streams into a leased process while the candidate speaks,
 * so decoding keeps pace with speech, and the final text is usually printed by the recognizer's own
 * pause detection before the session's silence window ends. Lines printed mid-utterance become
 * interim transcripts. `-time yes` gives each word's posterior: the word confidences the interviewer
 * uses to name back only what it surely heard (decision 0116).
 */
export class PocketsphinxStt implements SpeechToText {
  readonly name = 'pocketsphinx';
  private readonly pool: RecognizerPool;
  private readonly ownsPool: boolean;
  private readonly model: RecognizerModel;
  private readonly warmTarget: number;
  private readonly respellings: Spellings;
  private closed = false;

  constructor(opts: PocketsphinxOptions = {}) {
    const modelDir = opts.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
    this.model = {
      hmm: `${modelDir}/en-us`,
      lm: opts.lm ?? `${modelDir}/en-us.lm.bin`,
      dict: opts.dict ?? `${modelDir}/cmudict-en-us.dict`,
    };
    this.ownsPool = !opts.pool;
    this.pool = opts.pool ?? new RecognizerPool({ binary: opts.binary, size: 2 });
    this.warmTarget = opts.warm ?? 1;
    this.respellings = opts.respellings ?? NO_SPELLINGS;
  }

  /** Whether the program and its model look installed. */
  available(): boolean {
    return fs.existsSync(this.model.lm) && fs.existsSync(this.model.dict);
  }

  warmUp() {
    if (!this.closed && this.available()) this.pool.warm(this.model, this.warmTarget);
  }

  start(onInterim: (text: string) => void, onSettled?: () => void): SttStream {
    if (this.closed) throw new ProviderError(this.name, 'closed');
    if (!this.available()) throw new ProviderError(this.name, `model not found in ${this.model.hmm}`);
    return new PooledUtterance(this.name, this.pool, this.model, { onInterim, onSettled }, this.respellings);
  }

  close() {
    this.closed = true;
    if (this.ownsPool) this.pool.close();
  }
}

/** A word with its start in the recognizer's stream (s). */
type TimedWord = SttWord & { start: number };

/** One utterance as the recognizer printed it: its text, then its words with posteriors. */
type Utterance = { text: string; words: TimedWord[]; complete: boolean; end: number };

/** `word start end posterior`, as `-time yes` prints it (alternate pronunciations end in `(2)`). */
const WORD_LINE = /^(\S+) (\d+\.\d+) (\d+\.\d+) (\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i;

/** A printed posterior as a confidence: the recognizer's log arithmetic can round a sure word to 1.0002. */
const posterior = (printed: string) => Math.min(1, Math.max(0, Number(printed) || 0));

/** Silence, sentence marks and noise the recognizer reports between words. */
const isFiller = (word: string) => /^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(word);

/** Reads the recognizer's output: utterance texts followed by their word lines. */
export class PocketsphinxOutput {
  readonly utterances: Utterance[] = [];

  /** Takes one printed line; returns true when it completed an utterance. */
  add(line: string): boolean {
    const word = WORD_LINE.exec(line);
    if (!word) {
      this.utterances.push({ text: line, words: [], complete: false, end: 0 });
      return false;
    }
    let current = this.utterances.at(-1);
    if (!current || current.complete) {
      // An utterance with no words prints an empty text line, which never reaches us.
      current = { text: '', words: [], complete: false, end: 0 };
      this.utterances.push(current);
    }
    const text = word[1]!.replace(/\(\d+\)$/, '');
    current.end = Number(word[3]);
    if (text === '</s>') {
      current.complete = true;
      return true;
    }
    if (!isFiller(text)) current.words.push({ text, confidence: posterior(word[4]!), start: Number(word[2]) });
    return false;
  }

  get text(): string {
    return this.utterances
      .map((u) => u.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  }

  /** The last utterance has all its word lines. */
  get complete(): boolean {
    return this.utterances.at(-1)?.complete ?? false;
  }

  /** Where the last printed utterance ends in the recognizer's stream (s). */
  get endSec(): number {
    return this.utterances.at(-1)?.end ?? 0;
  }

  /** Forgets the words that start at or after `sec` (the flush after the audio), and an utterance left empty. */
  dropFrom(sec: number) {
    const last = this.utterances.at(-1);
    if (!last) return;
    const kept = last.words.filter((w) => w.start < sec);
    if (kept.length === last.words.length) return;
    if (!kept.length) {
      this.utterances.pop();
      return;
    }
    last.words = kept;
    last.text = kept.map((w) => w.text).join(' ');
  }

  /** The text with its words' confidences; without them when some utterance printed none. */
  final(): SttFinal {
    const text = this.text;
    const withText = this.utterances.filter((u) => u.text);
    if (!withText.length || withText.some((u) => !u.words.length)) return { text };
    return { text, words: withText.flatMap((u) => u.words.map((w) => ({ text: w.text, confidence: w.confidence }))) };
  }
}

/** How long an utterance may take to be printed after its audio ended, before its recognizer is replaced. */
const FINISH_TIMEOUT_MS = 10_000;

/** A recognizer that crashed mid-utterance is replaced and the utterance replayed, once. */
const ATTEMPTS = 2;

/**
 * One utterance: its audio goes to a leased recognizer (or waits for one, kept in memory), its
 * printed lines are read until the flush after the audio comes back, then the recognizer is returned.
 * While the candidate is still speaking the lease may be taken back for an utterance whose candidate
 * is waiting for the reply (`preempt`); the kept audio is then heard again from the start later.
 */
class PooledUtterance implements SttStream, WorkerListener, Lessee {
  private output = new PocketsphinxOutput();
  /** Every sample of the utterance, so a replacement recognizer can hear it from the start. */
  private readonly audio: Int16Array[] = [];
  private samples = 0;
  private worker: RecognizerWorker | null = null;
  /** The recognizer's stream position (samples) where this utterance's audio begins. */
  private leaseStart = 0;
  private failures = 0;
  /** Stream time (s) of the flush's burst; set once the end of the audio (or a preemption) is written. */
  private flushAt: number | undefined;
  /** The lease is being given back: lines until the flush are not this utterance's result. */
  private preempting = false;
  private ended = false;
  private aborted = false;
  /** Where the candidate's speech ended, in samples of this utterance. */
  private speechEndSample: number | undefined;
  private timer: NodeJS.Timeout | null = null;
  private settle: ((result: SttFinal | Error) => void) | null = null;
  private readonly done: Promise<SttFinal | Error>;

  constructor(
    private readonly name: string,
    private readonly pool: RecognizerPool,
    private readonly model: RecognizerModel,
    private readonly listener: { onInterim: (text: string) => void; onSettled?: () => void },
    private readonly respellings: Spellings,
  ) {
    this.done = new Promise((resolve) => (this.settle = resolve));
    this.lease();
  }

  /** The candidate is waiting for this one: its audio has ended. */
  get urgent(): boolean {
    return this.ended && !this.aborted;
  }

  write(samples: Int16Array) {
    if (this.ended || this.aborted) return;
    this.audio.push(samples);
    this.samples += samples.length;
    if (!this.preempting) this.worker?.write(samples);
  }

  async finish(hint: { speechEndedAt?: number } = {}): Promise<SttFinal> {
    if (!this.ended) {
      this.ended = true;
      if (hint.speechEndedAt !== undefined) this.speechEndSample = this.sampleAt(hint.speechEndedAt);
      if (this.worker && !this.preempting) this.flushAt = this.worker.flush();
      else this.pool.hurry(this);
      this.timer = setTimeout(
        () => this.giveUp(new ProviderError(this.name, 'recognizer timed out')),
        FINISH_TIMEOUT_MS,
      );
      this.timer.unref();
      this.resolveIfCovered();
    }
    const result = await this.done;
    if (result instanceof Error) throw result;
    return result;
  }

  peek(hint: { speechEndedAt: number }): SttFinal | null {
    if (this.ended || this.preempting || !this.worker || !this.output.complete) return null;
    const covered = this.output.endSec * STT_RATE >= this.leaseStart + this.sampleAt(hint.speechEndedAt);
    return covered ? this.respelled(this.output.final()) : null;
  }

  abort() {
    this.aborted = true;
    this.ended = true;
    this.resolve(new ProviderError(this.name, 'aborted'));
    // The recognizer goes back to the pool once the words it is still decoding are printed.
    if (this.worker && this.flushAt === undefined) this.flushAt = this.worker.flush();
    if (!this.timer) {
      this.timer = setTimeout(() => this.giveUp(null), FINISH_TIMEOUT_MS);
      this.timer.unref();
    }
  }

  /** Gives the recognizer back as soon as it has printed what it holds; hears the audio again later. */
  preempt() {
    if (!this.worker || this.ended || this.preempting) return;
    this.preempting = true;
    this.flushAt = this.worker.flush();
  }

  line(text: string) {
    const flushed = () => this.flushAt !== undefined && this.output.endSec >= this.flushAt;
    const before = this.output.text;
    const completed = this.output.add(text);
    if (this.preempting) {
      if (completed && flushed()) {
        this.preempting = false;
        this.output = new PocketsphinxOutput();
        this.flushAt = undefined;
        const worker = this.worker;
        this.worker = null;
        if (worker) this.pool.release(worker);
        this.lease();
      }
      return;
    }
    if (completed && flushed()) {
      // The burst's utterance: everything written before it is printed. Never words of the answer.
      this.output.dropFrom(this.flushAt! - 0.25);
      this.resolve(this.respelled(this.output.final()));
      this.returnWorker();
      return;
    }
    if (completed) this.resolveIfCovered();
    if (!this.aborted && this.output.text !== before) {
      this.listener.onInterim(this.respelled({ text: this.output.text }).text);
    }
    if (completed && !this.ended) this.listener.onSettled?.();
  }

  exited(code: number | null, stderr: string) {
    this.worker = null;
    if (this.aborted) return this.stopTimer();
    if (++this.failures >= ATTEMPTS) {
      return this.giveUp(new ProviderError(this.name, `recognizer failed (${code}) ${stderr}`.trim()));
    }
    // Hear the whole utterance again on another process.
    this.output = new PocketsphinxOutput();
    this.flushAt = undefined;
    this.preempting = false;
    this.lease();
  }

  /** The audio arrived in real time: what followed `wallClockMs` is the trailing silence. */
  private sampleAt(wallClockMs: number): number {
    const silence = Math.max(0, Math.round(((Date.now() - wallClockMs) * STT_RATE) / 1000));
    return Math.max(0, this.samples - silence);
  }

  private lease() {
    this.pool.acquire(this.model, this).then(
      (worker) => {
        if (this.aborted) {
          this.pool.release(worker); // nothing was written to it
          return;
        }
        this.worker = worker;
        this.leaseStart = worker.position;
        worker.listener = this;
        for (const chunk of this.audio) worker.write(chunk);
        if (this.ended) this.flushAt = worker.flush();
      },
      (err: Error) => this.giveUp(err),
    );
  }

  /**
   * A printed utterance that reaches past the end of speech covers everything said: answer now,
   * while the recognizer finishes the flush in the background.
   */
  private resolveIfCovered() {
    const end = this.speechEndSample;
    if (!this.ended || end === undefined || !this.worker || !this.output.complete) return;
    if (this.output.endSec * STT_RATE >= this.leaseStart + end) this.resolve(this.respelled(this.output.final()));
  }

  private resolve(result: SttFinal | Error) {
    this.settle?.(result);
    this.settle = null;
  }

  private returnWorker() {
    this.stopTimer();
    const worker = this.worker;
    this.worker = null;
    if (worker) this.pool.release(worker);
  }

  /** Stuck or failed: the recognizer (if any) is ended rather than returned with unknown state. */
  private giveUp(err: Error | null) {
    this.stopTimer();
    if (err) this.resolve(err);
    const worker = this.worker;
    this.worker = null;
    if (worker) this.pool.discard(worker);
  }

  private stopTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The job's spellings written in (spelling.ts). */
  private respelled(final: SttFinal): SttFinal {
    return respellFinal(final, this.respellings);
  }
}
