import crypto from 'node:crypto';
import os from 'node:os';
import type { DatabaseHandle } from '../db/client';

export type Role = 'all' | 'web' | 'worker';

/** How often a process that runs the heavy jobs says it is alive, and how old a sign of life may be. */
export const HEARTBEAT_SECONDS = 10;
export const FRESH_SECONDS = 30;

export type WorkerInstance = {
  id: string;
  role: Role;
  hostname: string;
  concurrency: number;
  startedAt: string;
  seenAt: string;
};

/**
 * The processes that run the heavy jobs, as rows of `worker_instances` (decision 0243): each keeps its
 * row fresh while it lives and deletes it when it stops; a crashed one simply goes stale. Web
 * instances read it to know whether anyone else will do the heavy work.
 */
export class WorkerInstances {
  readonly id = `${os.hostname()}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;

  constructor(private readonly database: DatabaseHandle) {}

  async beat(role: Role, concurrency: number) {
    await this.database.query(
      `INSERT INTO worker_instances (id, role, hostname, concurrency) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET seen_at = now(), concurrency = excluded.concurrency`,
      [this.id, role, os.hostname(), concurrency],
    );
  }

  async leave() {
    await this.database.query(`DELETE FROM worker_instances WHERE id = $1`, [this.id]);
  }

  /** Rows a crashed process left behind (a day old); a process that runs heavy jobs clears them as it starts. */
  async forgetStale() {
    await this.database.query(`DELETE FROM worker_instances WHERE seen_at < now() - interval '1 day'`);
  }

  /** The instances running heavy jobs now (seen within FRESH_SECONDS), this one included. */
  async fresh(): Promise<WorkerInstance[]> {
    const { rows } = await this.database.query(
      `SELECT id, role, hostname, concurrency, started_at AS "startedAt", seen_at AS "seenAt"
         FROM worker_instances WHERE seen_at >= now() - make_interval(secs => $1) ORDER BY started_at`,
      [FRESH_SECONDS],
    );
    return (rows as WorkerInstance[]).map((r) => ({
      ...r,
      startedAt: new Date(r.startedAt).toISOString(),
      seenAt: new Date(r.seenAt).toISOString(),
    }));
  }
}
