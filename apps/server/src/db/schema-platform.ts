/** Tables of the platform itself, not of any domain. */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/** Processes running the heavy jobs (ROLE worker or all), each refreshed while it lives (decision 0243). */
export const workerInstances = pgTable('worker_instances', {
  id: text('id').primaryKey(),
  role: text('role', { enum: ['all', 'web', 'worker'] }).notNull(),
  hostname: text('hostname').notNull(),
  concurrency: integer('concurrency').notNull(),
  startedAt: at('started_at').notNull().defaultNow(),
  seenAt: at('seen_at').notNull().defaultNow(),
});
