/**
 * The practice debriefs candidates keep (decisions 0161, 0171): only one the live session sealed for
 * this account, at most PRACTICE_DEBRIEFS_KEPT of them (keeping another drops the oldest), listed
 * without their answers.
 */
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { PRACTICE_DEBRIEFS_KEPT, type Debrief, type PracticeDebrief, type PracticeDebriefSummary } from '@app/shared';
import type { Db } from '../../db/client';
import { practiceDebriefs } from '../../db/schema';
import { badRequest, notFound } from '../../http/http-errors';
import { lockUser } from '../../accounts';
import type { DebriefSeal } from './seal';

export const DEBRIEF_NOT_FOUND = 'Debrief not found';
export const DEBRIEF_NOT_SEALED =
  'This debrief did not come from a practice interview on this account, so it cannot be kept.';

const toDto = (r: typeof practiceDebriefs.$inferSelect): PracticeDebrief => ({
  id: r.id,
  created_at: r.createdAt.toISOString(),
  debrief: r.debrief,
});

/** Keeps a practice debrief the candidate chose to keep: theirs alone, in their export, gone with the account. */
export async function keepPracticeDebrief(
  db: Db,
  seals: DebriefSeal,
  userId: string,
  input: { debrief: Debrief; seal: string },
): Promise<PracticeDebrief> {
  if (!seals.verify(userId, input.debrief, input.seal)) throw badRequest(DEBRIEF_NOT_SEALED);
  return db.transaction(async (tx) => {
    // One keep at a time per account, so two at once cannot both see room under the cap.
    await lockUser(tx, userId);
    const [row] = await tx.insert(practiceDebriefs).values({ userId, debrief: input.debrief }).returning();
    const newest = tx
      .select({ id: practiceDebriefs.id })
      .from(practiceDebriefs)
      .where(eq(practiceDebriefs.userId, userId))
      .orderBy(desc(practiceDebriefs.createdAt), desc(practiceDebriefs.id))
      .limit(PRACTICE_DEBRIEFS_KEPT);
    await tx
      .delete(practiceDebriefs)
      .where(and(eq(practiceDebriefs.userId, userId), notInArray(practiceDebriefs.id, newest)));
    return toDto(row!);
  });
}

/** The list: each debrief's figures and how many answers it has, not the answers themselves. */
export async function listPracticeDebriefs(db: Db, userId: string): Promise<PracticeDebriefSummary[]> {
  const rows = await db
    .select({
      id: practiceDebriefs.id,
      createdAt: practiceDebriefs.createdAt,
      reliable: sql<boolean>`(${practiceDebriefs.debrief}->>'reliable')::boolean`,
      answerCount: sql<number>`jsonb_array_length(${practiceDebriefs.debrief}->'answers')::int`,
      delivery: sql<Debrief['delivery']>`${practiceDebriefs.debrief}->'delivery'`,
      jobTitle: sql<string | null>`${practiceDebriefs.debrief}->>'job_title'`,
    })
    .from(practiceDebriefs)
    .where(eq(practiceDebriefs.userId, userId))
    .orderBy(desc(practiceDebriefs.createdAt));
  return rows.map((r) => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    reliable: r.reliable,
    answer_count: r.answerCount,
    delivery: r.delivery,
    job_title: r.jobTitle ?? null,
  }));
}

/** The account export: every kept debrief whole (there are at most PRACTICE_DEBRIEFS_KEPT). */
export async function exportPracticeDebriefs(db: Db, userId: string): Promise<PracticeDebrief[]> {
  const rows = await db
    .select()
    .from(practiceDebriefs)
    .where(eq(practiceDebriefs.userId, userId))
    .orderBy(desc(practiceDebriefs.createdAt));
  return rows.map(toDto);
}

export async function getPracticeDebrief(db: Db, userId: string, id: string): Promise<PracticeDebrief> {
  const [row] = await db
    .select()
    .from(practiceDebriefs)
    .where(and(eq(practiceDebriefs.id, id), eq(practiceDebriefs.userId, userId)))
    .limit(1);
  if (!row) throw notFound(DEBRIEF_NOT_FOUND);
  return toDto(row);
}

export async function deletePracticeDebrief(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(practiceDebriefs)
    .where(and(eq(practiceDebriefs.id, id), eq(practiceDebriefs.userId, userId)))
    .returning({ id: practiceDebriefs.id });
  if (!gone.length) throw notFound(DEBRIEF_NOT_FOUND);
}
