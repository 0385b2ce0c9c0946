import type { ChatMessage } from '../providers/types';
import type { StoredTurn } from '../store';
import type { PipelineLog } from '../fallback';

/** Where finalized turns go (the database for real interviews, nowhere for practice). */
export interface TurnSink {
  append(turn: StoredTurn): Promise<void>;
  update(seq: number, text: string): Promise<void>;
}

/**
 * The transcript of one interview: numbers the turns, keeps the conversation history the
 * interviewer reads, and writes turns in order (a correction never overtakes its insert).
 */
export class TranscriptStore {
  readonly history: ChatMessage[] = [];
  private seq = 0;
  private readonly offsetBase: number;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly sink: TurnSink,
    previous: StoredTurn[],
    startedAt: number,
    private readonly log: { interviewId: string; log?: PipelineLog; onUserTurn?: (turn: StoredTurn) => void },
  ) {
    const first = previous[0];
    this.offsetBase = first ? first.startedAt.getTime() - first.offsetSeconds * 1000 : startedAt;
    for (const t of previous) this.history.push({ role: t.speaker === 'ai' ? 'assistant' : 'user', content: t.text });
    this.seq = previous.reduce((m, t) => Math.max(m, t.seq + 1), 0);
  }

  /** Appends a turn; returns its sequence number at once and the write as a promise. */
  append(
    speaker: 'ai' | 'user',
    text: string,
    startedAt: number,
    endedAt: number,
    words?: StoredTurn['words'],
  ): { seq: number; written: Promise<void> } {
    const turn: StoredTurn = {
      seq: this.seq++,
      speaker,
      text,
      startedAt: new Date(startedAt),
      endedAt: new Date(Math.max(startedAt, endedAt)),
      offsetSeconds: Math.max(0, Math.floor((startedAt - this.offsetBase) / 1000)),
      ...(words?.length ? { words } : {}),
    };
    this.history.push({ role: speaker === 'ai' ? 'assistant' : 'user', content: text });
    if (speaker === 'user') this.log.onUserTurn?.(turn);
    return { seq: turn.seq, written: this.persist(() => this.sink.append(turn)) };
  }

  /** Corrects the last AI turn to what the candidate heard (a barge-in after it was stored). */
  correctAi(seq: number, text: string): void {
    const last = this.history.findLast((m) => m.role === 'assistant');
    if (last) last.content = text;
    void this.persist(() => this.sink.update(seq, text));
  }

  /** Resolves when every write so far is done. */
  flushed(): Promise<void> {
    return this.writes;
  }

  private persist(op: () => Promise<void>): Promise<void> {
    this.writes = this.writes.then(op).catch((err: unknown) => {
      this.log.log?.error({ err, interviewId: this.log.interviewId }, 'storing a transcript turn failed');
    });
    return this.writes;
  }
}
