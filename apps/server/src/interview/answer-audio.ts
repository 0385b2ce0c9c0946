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
  private samples = 0;
  private startedAt = 0;
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
    if (this.samples === 0) this.startedAt = this.clock.now() - durationMs(samples.length, SOCKET_RATE);
    if (durationMs(this.samples, SOCKET_RATE) >= MAX_ANSWER_MS) return;
    this.chunks.push(samples);
    this.samples += samples.length;
  }

  /** A candidate turn the live pass stored (it belongs to the answer being heard). */
  noteTurn(seq: number, startedAt: number): void {
    if (this.samples > 0) this.turns.push({ seq, startedAt });
  }

  /** The answer is over (the interviewer speaks, the socket went, the interview ends): store it. */
  close(): void {
    const { chunks, turns, startedAt } = this;
    this.chunks = [];
    this.samples = 0;
    this.turns = [];
    // Audio in which the live pass heard no answer has no turn to write a careful text into.
    if (!this.store || !chunks.length || !turns.length) return;
    const store = this.store;
    this.writes = this.writes
      .then(async () => {
        const pcm = await resampleInSteps(chunks);
        await store({
          pcm,
          turns: turns.map((t) => ({ seq: t.seq, start_seconds: Math.max(0, (t.startedAt - startedAt) / 1000) })),
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
    this.samples = 0;
    this.turns = [];
  }

  /** Resolves when every answer closed so far is stored. */
  flushed(): Promise<void> {
    return this.writes;
  }
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
