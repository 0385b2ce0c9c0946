import { workSampleIntro } from '@app/shared';
import { AppError } from '../../http/http-errors';
import type { WorkSampleSource } from '../work-sample/source';
import type { StageContext } from './context';

/**
 * The work sample inside the interview (issue 46). After the planned questions the interviewer
 * introduces it in one sentence instead of saying goodbye; the items are then shown one at a time,
 * each on the next rating. Meanwhile the candidate may think aloud: their words are transcribed as
 * answers are, but the interviewer does not reply. After the last rating the interview closes.
 */
export class WorkSampleStage {
  /** The intro was said (this session or before it): the conversation part is over. */
  private introduced: boolean;
  private finished: boolean;
  /** Ratings are handled one at a time, in the order they came. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: StageContext,
    private readonly source: WorkSampleSource | null,
    private readonly onFinished: () => void,
  ) {
    const state = source?.state() ?? 'done';
    this.introduced = state !== 'not_started';
    this.finished = state === 'done';
  }

  /** There is a sample and it is not over: the interviewer introduces it instead of closing. */
  get pending(): boolean {
    return this.source !== null && !this.finished;
  }

  /** Items are on screen (the interviewer stays quiet while the candidate rates and thinks aloud). */
  get active(): boolean {
    return this.introduced && !this.finished;
  }

  /** The sentence the interviewer says instead of goodbye; the first item follows it. */
  introduce(): string {
    this.introduced = true;
    return workSampleIntro(this.source!.count);
  }

  /** Sends the item on screen now (the first after the intro, the same one after a reload). */
  show(): void {
    this.enqueue(() => this.sendCurrent());
  }

  /** The candidate's rating: refused with the protocol's `error` (and its status), else the next item. */
  rate(itemId: string, rating: number): void {
    this.enqueue(async () => {
      if (!this.source || !this.active) {
        this.ctx.send({ event: 'error', message: 'No work-sample item is open.', recoverable: true, status: 409 });
        return;
      }
      try {
        const { feedback } = await this.source.rate(itemId, rating, new Date(this.ctx.clock.now()));
        if (feedback) this.ctx.send(feedback);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        this.ctx.send({ event: 'error', message: err.message, recoverable: true, status: err.statusCode });
        return;
      }
      await this.sendCurrent();
    });
  }

  /** Runs after what is queued; a failure is logged and told, and the next one still runs. */
  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((err: unknown) => {
      this.ctx.log?.error({ err, interviewId: this.ctx.interviewId }, 'work sample failed');
      this.ctx.send({ event: 'error', message: 'The work sample hit a problem. Please try again.', recoverable: true });
    });
  }

  /** Everything queued is done (tests, and the end of the session). */
  settled(): Promise<void> {
    return this.queue;
  }

  private async sendCurrent(): Promise<void> {
    if (!this.source || this.finished || this.ctx.ended()) return;
    const item = await this.source.current(new Date(this.ctx.clock.now()));
    if (item) return this.ctx.send(item);
    this.finished = true;
    this.onFinished();
  }
}
