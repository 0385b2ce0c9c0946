import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import { pcmToBuffer } from '../../audio';
import { respell } from '../../recognition/job-text';
import { ProviderError, type SpeechToText, type SttFinal, type SttStream, type SttWord } from '../types';

/**
 * The recognizer prints an utterance after this much silence. Kept below the session's silence
 * window, so the text is usually ready before the session asks for it.
 */
const POST_SPEECH_MS = 200;

export type PocketsphinxOptions = {
  binary?: string;
  modelDir?: string;
  /** Recognizer processes kept started and waiting, so an utterance never waits for model loading. */
  warm?: number;
  /** A job's language model and dictionary instead of the general ones (recognition/job-model.ts). */
  lm?: string;
  dict?: string;
  /** Recognizer phrase → the job's spelling ("z brush" → "ZBrush"), applied to every transcript. */
  respellings?: Map<string, string>;
};

/**
 * Offline speech recognition with Debian's `pocketsphinx_continuous` (CMU Sphinx, US English model).
 *
 * One process per utterance: audio is streamed into its stdin while the candidate speaks, so
 * decoding keeps pace with speech and closing stdin at the end of the turn leaves only the last
 * few hundred milliseconds to decode (the final arrives ~20-110 ms later in our measurements).
 * `-fwdflat no` skips the second full pass over the utterance that otherwise runs after the end of
 * speech (it cost 0.7-2 s per answer on a busy machine for no visible accuracy gain on our phrases).
 * Processes are started ahead of time (model loading takes ~300 ms). Node cannot give the program
 * a pipe it accepts as `-infile`, so a shell `cat` feeds it `/dev/stdin`.
 * Lines printed mid-utterance (the recognizer's own pause detection) become interim transcripts.
 *
 * `-time yes` adds, after each utterance's text, one line per word with its start, end and
 * posterior probability; those posteriors are the word confidences the interviewer uses to name back
 * only what it surely heard (decision 0116). They come from the lattice pocketsphinx builds anyway:
 * no measurable extra CPU.
 */
export class PocketsphinxStt implements SpeechToText {
  readonly name = 'pocketsphinx';
  private readonly binary: string;
  private readonly modelDir: string;
  private readonly warmTarget: number;
  private readonly lm: string;
  private readonly dict: string;
  private readonly respellings: Map<string, string>;
  private idle: ChildProcessWithoutNullStreams[] = [];
  private closed = false;

  constructor(opts: PocketsphinxOptions = {}) {
    this.binary = opts.binary ?? 'pocketsphinx_continuous';
    this.modelDir = opts.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
    this.warmTarget = opts.warm ?? 1;
    this.lm = opts.lm ?? `${this.modelDir}/en-us.lm.bin`;
    this.dict = opts.dict ?? `${this.modelDir}/cmudict-en-us.dict`;
    this.respellings = opts.respellings ?? new Map();
  }

  /** Whether the program and its model look installed. */
  available(): boolean {
    return fs.existsSync(this.lm) && fs.existsSync(this.dict);
  }

  warmUp() {
    if (this.closed) return;
    while (this.idle.length < this.warmTarget) this.idle.push(this.spawnProcess());
  }

  start(onInterim: (text: string) => void): SttStream {
    if (this.closed) throw new ProviderError(this.name, 'closed');
    if (!this.available()) throw new ProviderError(this.name, `model not found in ${this.modelDir}`);
    const proc = this.idle.shift() ?? this.spawnProcess();
    // Refill after this utterance has its process (spawning costs CPU; do it off the hot path).
    setImmediate(() => this.warmUp());
    return new PocketsphinxStream(this.name, proc, onInterim, this.respellings);
  }

  close() {
    this.closed = true;
    for (const p of this.idle) killGroup(p);
    this.idle = [];
  }

  private spawnProcess(): ChildProcessWithoutNullStreams {
    const m = this.modelDir;
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const cmd =
      `cat | exec ${q(this.binary)} -infile /dev/stdin -hmm ${q(`${m}/en-us`)} ` +
      `-lm ${q(this.lm)} -dict ${q(this.dict)} -fwdflat no ` +
      `-vad_postspeech ${Math.round(POST_SPEECH_MS / 10)} -time yes -logfn /dev/null`;
    // Own process group, so the shell, `cat` and the recognizer can be ended together.
    const proc = spawn('sh', ['-c', cmd], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    proc.on('error', () => {}); // reported through the stream's exit handling
    proc.stdin.on('error', () => {}); // EPIPE when the process died; reported on finish
    proc.unref();
    return proc;
  }
}

/** One utterance as the recognizer printed it: its text, then its words with posteriors. */
type Utterance = { text: string; words: SttWord[]; complete: boolean };

/** `word start end posterior`, as `-time yes` prints it (alternate pronunciations end in `(2)`). */
const WORD_LINE = /^(\S+) \d+\.\d+ \d+\.\d+ (\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i;

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
      this.utterances.push({ text: line, words: [], complete: false });
      return false;
    }
    let current = this.utterances.at(-1);
    if (!current || current.complete) {
      // An utterance with no words prints an empty text line, which never reaches us.
      current = { text: '', words: [], complete: false };
      this.utterances.push(current);
    }
    const text = word[1]!.replace(/\(\d+\)$/, '');
    if (text === '</s>') {
      current.complete = true;
      return true;
    }
    if (!isFiller(text)) current.words.push({ text, confidence: posterior(word[2]!) });
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

  /** The text with its words' confidences; without them when some utterance printed none. */
  final(): SttFinal {
    const text = this.text;
    const withText = this.utterances.filter((u) => u.text);
    if (!withText.length || withText.some((u) => !u.words.length)) return { text };
    return { text, words: withText.flatMap((u) => u.words) };
  }
}

class PocketsphinxStream implements SttStream {
  private output = new PocketsphinxOutput();
  private partial = '';
  private stderr = '';
  private exited: Promise<number | null>;
  private aborted = false;
  private lastUtteranceAt = 0;
  private onUtterance: (() => void) | null = null;

  constructor(
    private readonly name: string,
    private readonly proc: ChildProcessWithoutNullStreams,
    onInterim: (text: string) => void,
    private readonly respellings: Map<string, string>,
  ) {
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      this.partial += chunk;
      const parts = this.partial.split('\n');
      this.partial = parts.pop() ?? '';
      const before = this.output.text;
      let completed = false;
      for (const line of parts.map((l) => l.trim()).filter(Boolean)) completed = this.output.add(line) || completed;
      if (completed) {
        this.lastUtteranceAt = Date.now();
        this.onUtterance?.();
      }
      if (!this.aborted && this.output.text !== before) onInterim(this.respelled({ text: this.output.text }).text);
    });
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (c: string) => (this.stderr = (this.stderr + c).slice(-500)));
    this.exited =
      proc.exitCode !== null
        ? Promise.resolve(proc.exitCode)
        : new Promise((resolve) => {
            proc.on('close', (code) => resolve(code));
            proc.on('error', () => resolve(-1));
          });
  }

  write(samples: Int16Array) {
    if (this.aborted || !this.proc.stdin.writable) return;
    this.proc.stdin.write(pcmToBuffer(samples));
  }

  async finish(hint: { speechEndedAt?: number } = {}): Promise<SttFinal> {
    this.proc.stdin.end();
    // An utterance completed POST_SPEECH_MS after the end of speech covers everything said: answer
    // now instead of waiting for the process to exit (100 ms to a second on a busy machine).
    const end = hint.speechEndedAt;
    const covered = () => end !== undefined && this.output.complete && this.lastUtteranceAt >= end + POST_SPEECH_MS;
    if (covered()) return this.respelled(this.output.final());
    const early = new Promise<'early'>((resolve) => {
      this.onUtterance = () => covered() && resolve('early');
    });
    const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10000).unref());
    const code = await Promise.race([this.exited, timeout, early]);
    this.onUtterance = null;
    if (code === 'early') return this.respelled(this.output.final());
    if (code === 'timeout') {
      killGroup(this.proc);
      throw new ProviderError(this.name, 'recognizer timed out');
    }
    if (this.partial.trim()) this.output.add(this.partial.trim());
    if (code !== 0) throw new ProviderError(this.name, `recognizer failed (${code}) ${this.stderr.trim()}`.trim());
    return this.respelled(this.output.final());
  }

  /** The job's spellings written in; a respelled name is as sure as its least sure word. */
  private respelled(final: SttFinal): SttFinal {
    if (!this.respellings.size) return final;
    const merge = <T extends { text: string }>(parts: T[], text: string) => ({ ...parts[0]!, text });
    if (!final.words) {
      const words = final.text
        .split(' ')
        .filter(Boolean)
        .map((text) => ({ text }));
      return {
        text: respell(words, this.respellings, merge)
          .map((w) => w.text)
          .join(' '),
      };
    }
    const words = respell(final.words, this.respellings, (parts, text) => ({
      text,
      confidence: Math.min(...parts.map((p) => p.confidence)),
    }));
    const text = respell(
      final.text
        .split(' ')
        .filter(Boolean)
        .map((t) => ({ text: t })),
      this.respellings,
      merge,
    )
      .map((w) => w.text)
      .join(' ');
    return { text, words };
  }

  abort() {
    this.aborted = true;
    killGroup(this.proc);
  }
}

/** Ends the shell with its `cat` and recognizer (they share the process group we created). */
function killGroup(proc: ChildProcessWithoutNullStreams) {
  proc.stdin.destroy();
  try {
    if (proc.pid) process.kill(-proc.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
