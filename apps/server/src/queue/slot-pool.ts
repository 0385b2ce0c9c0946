import type PgBoss from 'pg-boss';

export type FetchedJob = { name: string; job: PgBoss.JobWithMetadata<object> };

/**
 * Runs the heavy background jobs in a fixed number of slots (decision 0243): each slot takes the next
 * job of the first queue in `queues` that has one (pg-boss's order within a queue: highest priority,
 * then oldest), runs it, and records the outcome in pg-boss. One pool spans every heavy queue, so a
 * process never runs more CPU-heavy jobs at once than it has slots, whatever their kind.
 */
export class SlotPool {
  private running = false;
  private loops: Promise<void>[] = [];
  private wakeUps = new Set<() => void>();

  constructor(
    private readonly boss: PgBoss,
    /** The queues it serves, the first one first. */
    private readonly queues: readonly string[],
    private readonly slots: number,
    /** Runs one job; a rejection fails it (pg-boss then retries it per its queue's policy). */
    private readonly run: (fetched: FetchedJob) => Promise<void>,
    private readonly pollMs: number,
  ) {}

  start() {
    if (this.running) return;
    this.running = true;
    this.loops = Array.from({ length: this.slots }, () => this.slot());
  }

  /** Takes no new job; resolves when the running ones have finished. */
  async stop() {
    this.running = false;
    this.notify();
    await Promise.allSettled(this.loops);
    this.loops = [];
  }

  /** A job was just queued: free slots look now instead of at their next poll. */
  notify() {
    for (const wake of [...this.wakeUps]) wake();
  }

  private async slot() {
    while (this.running) {
      const fetched = await this.next().catch(() => null);
      if (!this.running && fetched) {
        // Fetched as the pool stopped: back to the queue at once rather than after its expiry.
        await this.boss.fail(fetched.name, fetched.job.id, { message: 'The worker is stopping' }).catch(() => {});
        break;
      }
      if (!fetched) {
        await this.idle();
        continue;
      }
      try {
        await this.run(fetched);
        await this.boss.complete(fetched.name, fetched.job.id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await this.boss.fail(fetched.name, fetched.job.id, { message }).catch(() => {});
      }
    }
  }

  private async next(): Promise<FetchedJob | null> {
    for (const name of this.queues) {
      if (!this.running) return null;
      const [job] = await this.boss.fetch<object>(name, { batchSize: 1, includeMetadata: true });
      if (job) return { name, job };
    }
    return null;
  }

  private idle() {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeUps.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.pollMs);
      this.wakeUps.add(wake);
    });
  }
}
