/**
 * The candidate's answers kept for the careful pass (decision 0172): all mic audio between two
 * interviewer turns, however the live pass cut it into segments and turns. On the audio path a
 * chunk is only appended to a list; when the answer ends it is resampled to 16 kHz in small steps
 * (the event loop stays free for live sessions) and handed to the store.
 */
import type { Clock } from '../lib/clock';
import { durationMs, Resampler, SOCKET_RATE, STT_RATE } from './audio';
import type { PipelineLog } from './fallback';

/** One answer as stored: 16 kHz PCM and the candidate turns the live pass made of it. */
export type KeptAnswer = {
  pcm: Int16Array;
  /** Each turn's sequence number and where it began in `pcm`, in seconds. */
  turns: { seq: number; start_seconds: number }[];
};

export type StoreAnswer = (answer: KeptAnswer) => Promise<void>;

/** A longer stretch (a microphone left open, an idle candidate) is kept only up to here. */
export const MAX_ANSWER_MS = 10 * 60_000;
/** Mic chunks resampled between two yields to the event loop (about 2 s of audio). */
const CHUNKS_PER_STEP = 20;

export class AnswerAudioKeeper {
  private chunks: Int16Array[] = [];
  /** When each chunk arrived: a turn's place in the audio is the audio received before it began. */
  private arrivals: number[] = [];
  private samples = 0;
  private turns: { seq: number; startedAt: number }[] = [];
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: StoreAnswer | undefined,
    private readonly clock: Clock,
    private readonly log: { interviewId: string; log?: PipelineLog },
  ) {}

  /** One mic chunk (24 kHz) heard while the interviewer was silent. */
  add(samples: Int16Array): void {
    if (!this.store) return;
    if (durationMs(this.samples, SOCKET_RATE) >= MAX_ANSWER_MS) return;
    this.chunks.push(samples);
    this.arrivals.push(this.clock.now());
    this.samples += samples.length;
  }

  /** A candidate turn the live pass stored (it belongs to the answer being heard). */
  noteTurn(seq: number, startedAt: number): void {
    if (this.samples > 0) this.turns.push({ seq, startedAt });
  }

  /** The answer is over (the interviewer speaks, the socket went, the interview ends): store it. */
  close(): void {
    const { chunks, arrivals, turns } = this;
    this.drop();
    // Audio in which the live pass heard no answer has no turn to write a careful text into.
    if (!this.store || !chunks.length || !turns.length) return;
    const store = this.store;
    this.writes = this.writes
      .then(async () => {
        const pcm = await resampleInSteps(chunks);
        await store({
          pcm,
          turns: turns.map((t) => ({ seq: t.seq, start_seconds: startInAudio(chunks, arrivals, t.startedAt) })),
        });
      })
      .catch((err: unknown) => {
        // The live transcript stands without it; the careful pass skips an interview it lacks.
        this.log.log?.error({ err, interviewId: this.log.interviewId }, 'keeping an answer audio failed');
      });
  }

  /** Drops the answer in progress (the session is disposed). */
  drop(): void {
    this.chunks = [];
    this.arrivals = [];
    this.samples = 0;
    this.turns = [];
  }

  /** Resolves when every answer closed so far is stored. */
  flushed(): Promise<void> {
    return this.writes;
  }
}

/**
 * Where a moment falls in the kept audio, in seconds: the audio of the chunks that had arrived by then,
 * the last of them partly. Counted in audio, not in time since the first chunk, because a client that
 * sends nothing for a while (while the interviewer speaks, a network stall) leaves no gap in the clip.
 */
export function startInAudio(chunks: Int16Array[], arrivals: number[], at: number): number {
  let samples = 0;
  for (const [i, chunk] of chunks.entries()) {
    const length = durationMs(chunk.length, SOCKET_RATE);
    // The chunk holds the audio of the `length` ms before it arrived.
    const before = Math.min(1, Math.max(0, (at - (arrivals[i]! - length)) / length));
    samples += Math.round(chunk.length * before);
    if (before < 1) break;
  }
  return samples / SOCKET_RATE;
}

/** 24 kHz chunks → one 16 kHz clip, yielding to the event loop between steps. */
async function resampleInSteps(chunks: Int16Array[]): Promise<Int16Array> {
  const resampler = new Resampler(SOCKET_RATE, STT_RATE);
  const parts: Int16Array[] = [];
  for (let i = 0; i < chunks.length; i++) {
    const out = resampler.process(chunks[i]!);
    parts.push(out);
    if ((i + 1) % CHUNKS_PER_STEP === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const tail = resampler.process(new Int16Array(64));
  const wanted = Math.floor((chunks.reduce((n, c) => n + c.length, 0) * STT_RATE) / SOCKET_RATE);
  const pcm = new Int16Array(wanted);
  let offset = 0;
  for (const part of [...parts, tail]) {
    if (offset >= wanted) break;
    const take = part.subarray(0, wanted - offset);
    pcm.set(take, offset);
    offset += take.length;
  }
  return pcm;
}
