import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { recordHeavyFallbackRun, recordJob, setHeavyFallback } from '../cluster/metrics';
import { HEARTBEAT_SECONDS, WorkerInstances, type Role } from './instances';
import { SlotPool } from './slot-pool';

export { QUEUES } from './queues';
import { QUEUES } from './queues';
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];
type Runs = (typeof QUEUES)[keyof typeof QUEUES]['runs'];
const runsOf = new Map<string, Runs>(Object.values(QUEUES).map((q) => [q.name, q.runs]));

/** The heavy queues in the order a free slot looks at them: the short recording join first, then the passes. */
export const HEAVY_ORDER: QueueName[] = ['remux-recording', 'careful-transcript'];

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type JobQueue = {
  /** Adds a job; it runs after the current request, never inside it (or later: `options.startAfter`). */
  send: (name: QueueName, data: object, options?: PgBoss.SendOptions) => Promise<string | null>;
  /** Adds many jobs of one queue in one statement (a campaign's 10,000 e-mails). */
  sendMany: (name: QueueName, data: object[]) => Promise<void>;
  /** Waits until nothing is queued or running (tests and the e2e seed use it). */
  settle: (timeoutMs?: number) => Promise<void>;
  /** Runs `work` (an event listener that will send jobs) so that settle() waits for it too. */
  track: (work: () => Promise<void>) => Promise<void>;
  /** What this process runs (decision 0243), its heavy slots, and whether it stands in for a missing worker. */
  readonly role: Role;
  readonly concurrency: number;
  readonly standingIn: boolean;
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

export type QueueOptions = {
  /** What this process runs (decision 0243); tests and the template build use 'all'. */
  role?: Role;
  /** Heavy jobs at once (the slots); one unless set. */
  concurrency?: number;
  pollingIntervalSeconds?: number;
};

export class BossQueue implements JobQueue {
  readonly boss: PgBoss;
  readonly role: Role;
  readonly concurrency: number;
  readonly instances: WorkerInstances;
  private readonly pollingIntervalSeconds: number;
  private readonly handlers = new Map<QueueName, JobHandler<unknown>>();
  /** pg-boss's workers by queue (a worker queue has one per slot). */
  private readonly workerIds = new Map<QueueName, string[]>();
  private heavyPool: SlotPool | null = null;
  /** True while a web instance runs the worker's jobs itself because no worker is seen. */
  private standingInNow = false;
  private timers: NodeJS.Timeout[] = [];
  private started = false;
  /** Set once stop() has finished: the database may close, and pg-boss must not touch it. */
  private detached = false;
  private readonly runningHandlers = new Set<Promise<void>>();
  /** Work that is about to send jobs (event listeners); settle() waits for it first. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    options: QueueOptions = {},
  ) {
    this.role = options.role ?? 'all';
    this.concurrency = options.concurrency ?? 1;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.instances = new WorkerInstances(database);
    this.boss = new PgBoss({
      db: bossDbAdapter(database, () => this.detached),
      schema: 'pgboss',
      // Finished jobs are kept a week for inspection, then archived and dropped by pg-boss itself.
      deleteAfterDays: 7,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  get standingIn() {
    return this.standingInNow;
  }

  /** Registers the handler of a queue; call before start(). */
  handle<T>(name: QueueName, handler: JobHandler<T>) {
    this.handlers.set(name, handler as JobHandler<unknown>);
  }

  /** Creates pg-boss's tables and our queues where missing (its own migrations included). */
  private async install() {
    await this.boss.start();
    // One read of the queues there are, not one a queue: it is on every start's path to healthy.
    const existing = new Set((await this.boss.getQueues()).map((q) => q.name));
    for (const q of Object.values(QUEUES)) {
      if (!existing.has(q.name)) await this.boss.createQueue(q.name, { name: q.name, ...q.options });
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
    this.started = true;
    if (this.role !== 'worker') await this.startWorkers('web');
    if (this.role === 'web') {
      // No worker anywhere: this instance does the heavy work itself rather than let it wait forever.
      await this.checkForWorkers();
      this.every(HEARTBEAT_SECONDS, () => this.checkForWorkers());
    } else {
      await this.runWorkerJobs();
      await this.instances.forgetStale();
      await this.instances.beat(this.role, this.concurrency);
      this.every(HEARTBEAT_SECONDS, () => this.instances.beat(this.role, this.concurrency));
    }
  }

  /** The heavy slots and the worker's other queues. */
  private async runWorkerJobs() {
    const heavy = HEAVY_ORDER.filter((name) => this.handlers.has(name));
    this.heavyPool = new SlotPool(
      this.boss,
      heavy,
      this.concurrency,
      ({ name, job }) => this.runJob(name as QueueName, job),
      this.pollingIntervalSeconds * 1000,
    );
    this.heavyPool.start();
    await this.startWorkers('worker');
  }

  private async stopWorkerJobs() {
    await this.heavyPool?.stop();
    this.heavyPool = null;
    for (const [name, ids] of this.workerIds) {
      if (runsOf.get(name) !== 'worker') continue;
      for (const id of ids) await this.boss.offWork({ id });
      this.workerIds.delete(name);
    }
  }

  private async checkForWorkers() {
    const workers = await this.instances.fresh();
    const none = workers.length === 0;
    if (none === this.standingInNow) return;
    this.standingInNow = none;
    setHeavyFallback(none);
    if (none) {
      this.log.warn('No worker instance is running: this web instance runs the heavy background jobs itself');
      await this.runWorkerJobs();
    } else {
      this.log.info({ workers: workers.length }, 'A worker instance is running: heavy background jobs are left to it');
      await this.stopWorkerJobs();
    }
  }

  /** pg-boss's own workers (each one job at a time) for the handled queues that run on `runs`. */
  private async startWorkers(runs: 'web' | 'worker') {
    const perQueue = runs === 'worker' ? this.concurrency : 1;
    for (const name of this.handlers.keys()) {
      if (runsOf.get(name) !== runs || this.workerIds.has(name)) continue;
      const ids: string[] = [];
      for (let i = 0; i < perQueue; i++) {
        ids.push(
          await this.boss.work<object>(
            name,
            { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.pollingIntervalSeconds },
            async ([job]) => {
              if (job) await this.runJob(name, job);
            },
          ),
        );
      }
      this.workerIds.set(name, ids);
    }
  }

  /** Runs one fetched job through its handler: logged, timed, counted. A rejection fails the job. */
  private async runJob(name: QueueName, job: PgBoss.JobWithMetadata<object>) {
    // A job fetched while the queue was stopping is left for the next start (it is retried).
    if (!this.started) throw new Error('The job queue is stopping');
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler for ${name}`);
    const began = Date.now();
    const due = Math.max(new Date(job.createdOn).getTime(), new Date(job.startAfter).getTime());
    if (this.standingInNow && runsOf.get(name) !== 'web') recordHeavyFallbackRun();
    const run = handler(job.data, { id: job.id, retryCount: job.retryCount ?? 0 });
    this.runningHandlers.add(run);
    try {
      await run;
      recordJob(name, began - due, Date.now() - began, 'done');
    } catch (err) {
      recordJob(name, began - due, Date.now() - began, 'failed');
      // Logged here (without the payload: it may hold an e-mail body); pg-boss schedules the retry.
      this.log.warn({ err, queue: name, jobId: job.id }, 'background job failed');
      throw err;
    } finally {
      this.runningHandlers.delete(run);
      // A queue that just had work likely has more (a burst of webhook deliveries or e-mails): look
      // again at once rather than at the next poll, which would space a burst's jobs a poll apart.
      if (this.started) this.wake(name);
    }
  }

  /** Runs `work` every `seconds`, logging (not throwing) its failures; stopped by stop(). */
  private every(seconds: number, work: () => Promise<unknown>) {
    const timer = setInterval(() => {
      if (!this.started) return;
      work().catch((err: unknown) => this.log.warn({ err }, 'job queue housekeeping failed'));
    }, seconds * 1000);
    timer.unref();
    this.timers.push(timer);
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    // The heavy slots finish the job in hand and take no other; pg-boss's workers likewise.
    const pool = this.heavyPool?.stop();
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
    // Work started just before closing (an interview-completed listener, a handler whose job was
    // fetched as pg-boss stopped) must not outlive the database connection it uses.
    await Promise.allSettled([pool, ...this.inFlight, ...this.runningHandlers]);
    if (this.role !== 'web') await this.instances.leave().catch(() => {});
    this.detached = true;
  }

  async send(name: QueueName, data: object, options: PgBoss.SendOptions = {}) {
    const id = await this.boss.send(name, data, options);
    // Wake the worker now instead of at its next poll (a send in a transaction wakes it after commit).
    if (!options.db) this.wake(name);
    return id;
  }

  async sendMany(name: QueueName, data: object[]) {
    // One INSERT per thousand jobs: a 10,000-row campaign queues in a few statements, not 10,000.
    for (let i = 0; i < data.length; i += 1000) {
      await this.boss.insert(data.slice(i, i + 1000).map((d) => ({ name, data: d })));
    }
    if (data.length) this.wake(name);
  }

  /** A job of `name` was committed outside send() (in a transaction): look for it now. */
  wake(name: QueueName) {
    for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
    if (runsOf.get(name) === 'heavy') this.heavyPool?.notify();
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
      for (const ids of this.workerIds.values()) for (const id of ids) this.boss.notifyWorker(id);
      this.heavyPool?.notify();
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
