import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';

/** Every background queue, with its retry policy (pg-boss stores these as the queue's defaults). */
export const QUEUES = {
  /** Scores a completed interview against the rubric; a model outage retries, then falls back. */
  assessInterview: {
    name: 'assess-interview',
    options: { retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 600 },
  },
  /**
   * Transcribes a completed interview's kept answers again, then queues its assessment (decision
   * 0172). Never fails on its own account (the live text stands); one retry after a crash.
   */
  carefulTranscript: {
    name: 'careful-transcript',
    options: { retryLimit: 1, retryDelay: 30, expireInSeconds: 1800 },
  },
  /** Delivers one e-mail; an unreachable SMTP server is retried with backoff for about half an hour. */
  sendEmail: {
    name: 'send-email',
    options: { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
  /**
   * Joins an ended interview's recording into one seekable file (decision 0168). Only storage or
   * database trouble is retried; the time limit (REMUX_TIME_LIMIT_MS) stays inside the expiry.
   */
  remuxRecording: {
    name: 'remux-recording',
    options: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800 },
  },
  /** Deletes interview recordings older than RECORDING_RETENTION_DAYS; scheduled daily. */
  purgeRecordings: {
    name: 'purge-recordings',
    options: { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 },
  },
  /** Ends interviews in progress nobody has held for INTERVIEW_ABANDON_MINUTES; every minute (decision 0225). */
  endAbandonedInterviews: {
    name: 'end-abandoned-interviews',
    options: { retryLimit: 0, expireInSeconds: 300 },
  },
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type JobQueue = {
  /** Adds a job; it runs after the current request, never inside it (or later: `options.startAfter`). */
  send: (name: QueueName, data: object, options?: PgBoss.SendOptions) => Promise<string | null>;
  /** Waits until nothing is queued or running (tests and the e2e seed use it). */
  settle: (timeoutMs?: number) => Promise<void>;
  /** Runs `work` (an event listener that will send jobs) so that settle() waits for it too. */
  track: (work: () => Promise<void>) => Promise<void>;
};

/**
 * pg-boss speaks to the database through this adapter, so it shares the app's connection(s): the
 * node-postgres pool, or the single embedded PGlite. PGlite's `query` runs one statement with
 * parameters; pg-boss sends its schema migrations and some commands as several statements without
 * parameters, which PGlite runs with `exec` (the last statement's result is the answer).
 */
export function bossDbAdapter(database: DatabaseHandle, isDetached: () => boolean = () => false) {
  // pg-boss can still finish a fetch that was in flight when it stopped and then record the result;
  // once the queue has let go of the database those late statements are dropped (the job stays
  // active in the table and is retried after it expires) instead of failing on a closed connection.
  // A dropped job command (complete, fail, cancel: "... SELECT COUNT(*) FROM results") answers "none
  // affected", which pg-boss reads as rows[0].count; anything else (a fetch) answers no rows.
  const detachedResult = (text: string) =>
    /SELECT COUNT\(\*\) FROM results\s*$/i.test(text) ? { rows: [{ count: '0' }] } : { rows: [] as unknown[] };
  if (database.kind === 'postgres') {
    return {
      executeSql: async (text: string, values?: unknown[]) =>
        isDetached() ? detachedResult(text) : database.query(text, values),
    };
  }
  const client = (database.db as unknown as { $client: PgliteLike }).$client;
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      if (isDetached()) return detachedResult(text);
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}
/** Building the template has no server log; a failure there rejects and fails the build. */
const silentLogger = {
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

type PgliteLike = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  exec: (text: string) => Promise<{ rows: unknown[] }[]>;
};

export class BossQueue implements JobQueue {
  readonly boss: PgBoss;
  private readonly handlers = new Map<QueueName, JobHandler<unknown>>();
  private readonly workerIds = new Map<QueueName, string>();
  private started = false;
  /** Set once stop() has finished: the database may close, and pg-boss must not touch it. */
  private detached = false;
  private readonly runningHandlers = new Set<Promise<void>>();
  /** Work that is about to send jobs (event listeners); settle() waits for it first. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly pollingIntervalSeconds = 2,
  ) {
    this.boss = new PgBoss({
      db: bossDbAdapter(database, () => this.detached),
      schema: 'pgboss',
      // Finished jobs are kept a week for inspection, then archived and dropped by pg-boss itself.
      deleteAfterDays: 7,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  /** Registers the handler of a queue; call before start(). */
  handle<T>(name: QueueName, handler: JobHandler<T>) {
    this.handlers.set(name, handler as JobHandler<unknown>);
  }

  /** Creates pg-boss's tables and our queues where missing (its own migrations included). */
  private async install() {
    await this.boss.start();
    for (const q of Object.values(QUEUES)) {
      if (!(await this.boss.getQueue(q.name))) await this.boss.createQueue(q.name, { name: q.name, ...q.options });
    }
  }

  /**
   * Installs the queue's schema and queues into a database and lets go of it again, without working
   * any job: the server build puts them into the embedded database template (decision 0096).
   */
  static async installSchema(database: DatabaseHandle): Promise<void> {
    const queue = new BossQueue(database, silentLogger);
    await queue.install();
    await queue.boss.stop({ graceful: false, wait: true, close: false });
  }

  async start() {
    await this.install();
    for (const [name, handler] of this.handlers) {
      const id = await this.boss.work<object>(
        name,
        { batchSize: 1, pollingIntervalSeconds: this.pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          // A job fetched while the queue was stopping is left for the next start (it is retried).
          if (!this.started) throw new Error('The job queue is stopping');
          const run = handler(job.data, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
          this.runningHandlers.add(run);
          try {
            await run;
          } catch (err) {
            // Logged here (without the payload: it may hold an e-mail body); pg-boss schedules the retry.
            this.log.warn({ err, queue: name, jobId: job.id }, 'background job failed');
            throw err;
          } finally {
            this.runningHandlers.delete(run);
          }
        },
      );
      this.workerIds.set(name, id);
    }
    this.started = true;
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
    // Work started just before closing (an interview-completed listener, a handler whose job was
    // fetched as pg-boss stopped) must not outlive the database connection it uses.
    await Promise.allSettled([...this.inFlight, ...this.runningHandlers]);
    this.detached = true;
  }

  async send(name: QueueName, data: object, options: PgBoss.SendOptions = {}) {
    const id = await this.boss.send(name, data, options);
    // Wake the worker now instead of at its next poll.
    const worker = this.workerIds.get(name);
    if (worker) this.boss.notifyWorker(worker);
    return id;
  }

  /** Runs `work` (which may send jobs) and lets settle() wait for it. */
  track(work: () => Promise<void>): Promise<void> {
    // After stop() the database is about to close; late work is dropped rather than run against it.
    if (!this.started) return Promise.resolve();
    const p = work().finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
    return p;
  }

  async settle(timeoutMs = 15000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await Promise.allSettled([...this.inFlight]);
      const { rows } = await this.database.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
      );
      if (((rows[0] as { n: number } | undefined)?.n ?? 0) === 0) return;
      if (Date.now() > deadline) throw new Error('background jobs did not finish in time');
      for (const id of this.workerIds.values()) this.boss.notifyWorker(id);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
