/** Column builders for the conventions every table follows, so each is written once. */
import { sql } from 'drizzle-orm';
import { jsonb, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A table's own id: a random UUID. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** Every time in the schema is a timestamptz. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/** A list that is always read and written whole: jsonb, empty by default. */
export const jsonList = <T>(name: string) =>
  jsonb(name)
    .$type<T[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);

/** The row this one belongs to: required, and deleting it deletes this row too. */
export const belongsTo = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

/** A row this one mentions: cleared, not deleted, when that row goes. */
export const mentions = (name: string, target: () => AnyPgColumn) =>
  uuid(name).references(target, { onDelete: 'set null' });

/** Who settled a request and when: both empty until someone does; the person is cleared when their account goes. */
export const resolution = (by: () => AnyPgColumn) => ({
  resolvedBy: mentions('resolved_by', by),
  resolvedAt: at('resolved_at'),
});
