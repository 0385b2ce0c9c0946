import { z } from 'zod';

/*
 * The console's health page (issue 45, item 2): this instance's role, every background queue's depth
 * across the instances, the worker instances seen, and how many interviews were assessed on their
 * live transcript because the careful pass could not run (decision 0243).
 */

/** What a process runs (ROLE): `all` is one process doing everything (the default of `npm start`). */
export const INSTANCE_ROLES = ['all', 'web', 'worker'] as const;
export const instanceRoleSchema = z.enum(INSTANCE_ROLES);
export type InstanceRole = z.infer<typeof instanceRoleSchema>;

/** Where a queue's jobs run: `heavy` in a worker's slots, `worker` beside them, `web` on the instances serving requests. */
export const QUEUE_RUNS = ['heavy', 'worker', 'web'] as const;
export type QueueRuns = (typeof QUEUE_RUNS)[number];

export const adminHealthSchema = z.object({
  instance: z.object({
    role: instanceRoleSchema,
    /** A web instance running the heavy jobs itself because no worker instance is seen. */
    standing_in: z.boolean(),
    /** Heavy jobs this instance runs at once (its slots). */
    concurrency: z.number().int(),
  }),
  queues: z.array(
    z.object({
      queue: z.string(),
      runs: z.enum(QUEUE_RUNS),
      /** Due jobs not yet taken (a retry scheduled for later is not counted). */
      waiting: z.number().int(),
      running: z.number().int(),
      /** Seconds the oldest waiting job has waited; null when none waits. */
      oldest_wait_seconds: z.number().int().nullable(),
    }),
  ),
  /** The instances running heavy jobs, seen within the last 30 s. */
  workers: z.array(
    z.object({
      id: z.string(),
      role: instanceRoleSchema,
      hostname: z.string(),
      concurrency: z.number().int(),
      started_at: z.string(),
      seen_at: z.string(),
    }),
  ),
  /** Interviews assessed on their live transcript with a note saying why (queue bound, start deadline, time limit), last 24 h. */
  careful_live_fallbacks_24h: z.number().int(),
});
export type AdminHealth = z.infer<typeof adminHealthSchema>;
