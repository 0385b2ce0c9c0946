/**
 * An admin's saved talent searches. Each remembers when its owner last opened it; the list says how
 * many people match now who entered the index since then (decision 0165).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SavedSearch, savedSearchCreateSchema } from '@app/shared';
import type { Db } from '../db/client';
import { savedSearches } from '../db/schema-talent';
import { conflict, notFound } from '../http/http-errors';
import { lockUser } from '../accounts';
import { countMatches, searchParams } from './search';

export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';
/** The most saved searches one account keeps (decision 0171): far beyond use, and the list stays one page. */
export const SAVED_SEARCHES_PER_ADMIN = 100;
export const TOO_MANY_SAVED_SEARCHES = `You have ${SAVED_SEARCHES_PER_ADMIN} saved searches, the most you can keep. Delete one to save another.`;

type Row = typeof savedSearches.$inferSelect;

async function toDto(db: Db, row: Row): Promise<SavedSearch> {
  return {
    id: row.id,
    name: row.name,
    params: row.params,
    last_run_at: row.lastRunAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    new_matches: await countMatches(db, row.params, row.lastRunAt),
  };
}

export async function listSavedSearches(db: Db, adminId: string): Promise<SavedSearch[]> {
  const list = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.adminId, adminId))
    .orderBy(desc(savedSearches.createdAt))
    .limit(SAVED_SEARCHES_PER_ADMIN);
  return Promise.all(list.map((row) => toDto(db, row)));
}

export async function createSavedSearch(
  db: Db,
  adminId: string,
  input: z.output<typeof savedSearchCreateSchema>,
): Promise<SavedSearch> {
  const row = await db.transaction(async (tx) => {
    // One save at a time per account, so two at once cannot both see room under the cap.
    await lockUser(tx, adminId);
    const [saved] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.adminId, adminId));
    if (saved!.n >= SAVED_SEARCHES_PER_ADMIN) throw conflict(TOO_MANY_SAVED_SEARCHES);
    // Only the filters that were set: an empty one is dropped, never stored as "" or 0.
    const [inserted] = await tx
      .insert(savedSearches)
      .values({ adminId, name: input.name, params: searchParams(input.params) })
      .returning();
    return inserted!;
  });
  return toDto(db, row);
}

/** Opening a saved search: its matches from now on are no longer new. Returns it as it was. */
export async function openSavedSearch(db: Db, adminId: string, id: string): Promise<SavedSearch> {
  const [before] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.adminId, adminId)))
    .limit(1);
  if (!before) throw notFound(SAVED_SEARCH_NOT_FOUND);
  const reply = await toDto(db, before);
  await db
    .update(savedSearches)
    .set({ lastRunAt: sql`now()` })
    .where(eq(savedSearches.id, id));
  return reply;
}

export async function deleteSavedSearch(db: Db, adminId: string, id: string): Promise<void> {
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.adminId, adminId)))
    .returning({ id: savedSearches.id });
  if (!gone.length) throw notFound(SAVED_SEARCH_NOT_FOUND);
}
