import type { DatabaseHandle } from '../db/client';
import { QUEUES, type QueueName } from './queue';

export type QueueDepth = {
  queue: QueueName;
  runs: 'heavy' | 'worker' | 'web';
  waiting: number;
  running: number;
  /** Seconds the oldest job that is due has waited; null when none waits. */
  oldestWaitSeconds: number | null;
};

/** Every queue's depth across all instances, from pg-boss's table (due jobs only: a retry later is not waiting). */
export async function queueDepths(database: DatabaseHandle): Promise<QueueDepth[]> {
  const { rows } = await database.query(
    `SELECT name,
            count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
            count(*) FILTER (WHERE state = 'active')::int AS running,
            extract(epoch FROM now() - min(greatest(created_on, start_after))
              FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()))::float AS oldest
       FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name`,
  );
  const byName = new Map(
    (rows as { name: string; waiting: number; running: number; oldest: number | null }[]).map((r) => [r.name, r]),
  );
  return Object.values(QUEUES).map((q) => {
    const r = byName.get(q.name);
    return {
      queue: q.name,
      runs: q.runs,
      waiting: r?.waiting ?? 0,
      running: r?.running ?? 0,
      oldestWaitSeconds: r?.oldest == null ? null : Math.round(r.oldest),
    };
  });
}
