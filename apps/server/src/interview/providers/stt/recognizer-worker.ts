import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { pcmToBuffer, STT_RATE } from '../../audio';

/** The files a recognizer loads: acoustic model, language model, dictionary. */
export type RecognizerModel = { hmm: string; lm: string; dict: string };

/** What a leased worker reports to the utterance that holds it. */
export interface WorkerListener {
  /** One line the recognizer printed (utterance text or a word line). */
  line(text: string): void;
  /** The process ended while leased (crash or kill). */
  exited(code: number | null, stderr: string): void;
}

/**
 * The recognizer prints an utterance after this much silence. Kept below the session's silence
 * window, so the text is usually ready before the session asks for it.
 */
const POST_SPEECH_MS = 200;

/** pocketsphinx_continuous reads its input in blocks of this many samples and waits for a full one. */
const READ_BLOCK = 2048;

/**
 * The flush written after an utterance: digital silence (below any noise floor, so the recognizer's
 * voice detector ends whatever speech was open), a burst of noise (which it always takes for an
 * utterance of its own), and silence again so the burst is printed. When the burst's utterance
 * arrives, everything written before it has been decoded and printed. The burst decodes to no words.
 */
const FLUSH_GAP = new Int16Array((STT_RATE * 400) / 1000);
const FLUSH_BURST = noiseBurst((STT_RATE * 300) / 1000);
const FLUSH_TAIL_MS = 300;

/** Deterministic white noise at about -24 dBFS (a fixed generator: the same burst every time). */
function noiseBurst(samples: number): Int16Array {
  const out = new Int16Array(samples);
  let seed = 0x2545f491;
  for (let i = 0; i < samples; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const uniform = seed / 2 ** 32 - 0.5;
    out[i] = Math.round(uniform * 7000);
  }
  return out;
}

export const modelKey = (m: RecognizerModel) => `${m.hmm}\n${m.lm}\n${m.dict}`;

/**
 * One long-lived `pocketsphinx_continuous` process reading a never-ending 16 kHz stream. Its
 * models are loaded once; utterances of many interviews pass through it one after another. The
 * times it prints are seconds since the stream began, which is how a flush is recognized.
 */
export class RecognizerWorker {
  readonly key: string;
  listener: WorkerListener | null = null;
  /** Samples written since the process started. */
  private written = 0;
  private partial = '';
  private stderr = '';
  private exitCode: number | null | undefined;
  lastUsed = Date.now();

  private constructor(
    readonly model: RecognizerModel,
    private readonly proc: ChildProcessWithoutNullStreams,
    private readonly onExit: (worker: RecognizerWorker) => void,
  ) {
    this.key = modelKey(model);
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      this.partial += chunk;
      const lines = this.partial.split('\n');
      this.partial = lines.pop() ?? '';
      for (const line of lines) {
        const text = line.trim();
        if (text) this.listener?.line(text);
      }
    });
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (c: string) => (this.stderr = (this.stderr + c).slice(-500)));
    proc.on('close', (code) => this.ended(code));
    proc.on('error', () => this.ended(-1));
    proc.stdin.on('error', () => {}); // EPIPE when the process died; reported by 'close'
  }

  static spawn(binary: string, model: RecognizerModel, onExit: (worker: RecognizerWorker) => void) {
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    // `-fwdflat no` skips a second full pass after each utterance (0.7-2 s on a busy machine for no
    // accuracy gain on our answers); `-time yes` prints each word's times and posterior (decision 0116).
    // Node cannot give the program a pipe it accepts as `-infile`, so a shell `cat` feeds it /dev/stdin.
    const cmd =
      `cat | exec ${q(binary)} -infile /dev/stdin -hmm ${q(model.hmm)} -lm ${q(model.lm)} -dict ${q(model.dict)} ` +
      `-fwdflat no -vad_postspeech ${Math.round(POST_SPEECH_MS / 10)} -time yes -logfn /dev/null`;
    // Own process group, so the shell, `cat` and the recognizer end together.
    const proc = spawn('sh', ['-c', cmd], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    proc.unref();
    return new RecognizerWorker(model, proc, onExit);
  }

  /** Samples written since the process started (the recognizer's stream position). */
  get position(): number {
    return this.written;
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  /** Process id (for memory accounting in the benchmark). */
  get pid(): number | undefined {
    return this.proc.pid;
  }

  write(samples: Int16Array) {
    if (!this.alive || !this.proc.stdin.writable) return;
    this.written += samples.length;
    this.proc.stdin.write(pcmToBuffer(samples));
  }

  /** Writes the flush; returns the stream time (s) at which its burst starts. */
  flush(): number {
    this.write(FLUSH_GAP);
    const burstAt = this.written / STT_RATE;
    this.write(FLUSH_BURST);
    const tail = (STT_RATE * FLUSH_TAIL_MS) / 1000;
    // Pad to a whole input block, or the recognizer waits for more audio before decoding the tail.
    const padded = Math.ceil((this.written + tail) / READ_BLOCK) * READ_BLOCK - this.written;
    this.write(new Int16Array(padded));
    return burstAt;
  }

  kill() {
    this.proc.stdin.destroy();
    try {
      if (this.proc.pid) process.kill(-this.proc.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  private ended(code: number | null) {
    if (!this.alive) return;
    this.exitCode = code;
    this.listener?.exited(code, this.stderr.trim());
    this.onExit(this);
  }
}
