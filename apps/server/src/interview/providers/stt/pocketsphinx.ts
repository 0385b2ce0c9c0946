import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import { pcmToBuffer } from '../../audio';
import { ProviderError, type SpeechToText, type SttStream } from '../types';

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
 */
export class PocketsphinxStt implements SpeechToText {
  readonly name = 'pocketsphinx';
  private readonly binary: string;
  private readonly modelDir: string;
  private readonly warmTarget: number;
  private idle: ChildProcessWithoutNullStreams[] = [];
  private closed = false;

  constructor(opts: PocketsphinxOptions = {}) {
    this.binary = opts.binary ?? 'pocketsphinx_continuous';
    this.modelDir = opts.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
    this.warmTarget = opts.warm ?? 1;
  }

  /** Whether the program and its model look installed. */
  available(): boolean {
    return fs.existsSync(`${this.modelDir}/en-us.lm.bin`);
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
    return new PocketsphinxStream(this.name, proc, onInterim);
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
      `-lm ${q(`${m}/en-us.lm.bin`)} -dict ${q(`${m}/cmudict-en-us.dict`)} -fwdflat no ` +
      `-vad_postspeech ${Math.round(POST_SPEECH_MS / 10)} -logfn /dev/null`;
    // Own process group, so the shell, `cat` and the recognizer can be ended together.
    const proc = spawn('sh', ['-c', cmd], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    proc.on('error', () => {}); // reported through the stream's exit handling
    proc.stdin.on('error', () => {}); // EPIPE when the process died; reported on finish
    proc.unref();
    return proc;
  }
}

class PocketsphinxStream implements SttStream {
  private lines: string[] = [];
  private partial = '';
  private stderr = '';
  private exited: Promise<number | null>;
  private aborted = false;
  private lastLineAt = 0;
  private onLine: (() => void) | null = null;

  constructor(
    private readonly name: string,
    private readonly proc: ChildProcessWithoutNullStreams,
    onInterim: (text: string) => void,
  ) {
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      this.partial += chunk;
      const parts = this.partial.split('\n');
      this.partial = parts.pop() ?? '';
      const added = parts.map((l) => l.trim()).filter(Boolean);
      if (added.length) {
        this.lines.push(...added);
        this.lastLineAt = Date.now();
        this.onLine?.();
        if (!this.aborted) onInterim(this.text());
      }
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

  async finish(hint: { speechEndedAt?: number } = {}): Promise<string> {
    this.proc.stdin.end();
    // A line printed POST_SPEECH_MS after the end of speech covers everything said: answer now
    // instead of waiting for the process to exit (which costs 100 ms to a second on a busy machine).
    const end = hint.speechEndedAt;
    const covered = () => end !== undefined && this.lines.length > 0 && this.lastLineAt >= end + POST_SPEECH_MS;
    if (covered()) return this.text();
    const early = new Promise<'early'>((resolve) => {
      this.onLine = () => covered() && resolve('early');
    });
    const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10000).unref());
    const code = await Promise.race([this.exited, timeout, early]);
    this.onLine = null;
    if (code === 'early') return this.text();
    if (code === 'timeout') {
      killGroup(this.proc);
      throw new ProviderError(this.name, 'recognizer timed out');
    }
    if (this.partial.trim()) this.lines.push(this.partial.trim());
    if (code !== 0) throw new ProviderError(this.name, `recognizer failed (${code}) ${this.stderr.trim()}`.trim());
    return this.text();
  }

  abort() {
    this.aborted = true;
    killGroup(this.proc);
  }

  private text(): string {
    return this.lines.join(' ').replace(/\s+/g, ' ').trim();
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
