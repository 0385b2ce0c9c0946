/**
 * Voluntary self-identification (issue 35 item 3): the candidate's own answer, read and written only by
 * them; the bias audit reads the table for its aggregates. No provider reply ever joins it.
 */
import { eq } from 'drizzle-orm';
import type { SelfIdentification, SelfIdentificationReply } from '@app/shared';
import type { Db } from '../db/client';
import { selfIdentifications } from '../db/schema-ai-hiring';

type Row = typeof selfIdentifications.$inferSelect;
const toDto = (row: Row): NonNullable<SelfIdentificationReply> => ({
  sex: row.sex,
  race_ethnicity: row.raceEthnicity,
  updated_at: row.updatedAt.toISOString(),
});

export async function getSelfIdentification(db: Db, userId: string): Promise<SelfIdentificationReply> {
  const [row] = await db.select().from(selfIdentifications).where(eq(selfIdentifications.userId, userId)).limit(1);
  return row ? toDto(row) : null;
}

export async function putSelfIdentification(db: Db, userId: string, input: SelfIdentification) {
  const values = { userId, sex: input.sex, raceEthnicity: input.race_ethnicity, updatedAt: new Date() };
  const [row] = await db
    .insert(selfIdentifications)
    .values(values)
    .onConflictDoUpdate({ target: selfIdentifications.userId, set: values })
    .returning();
  return toDto(row!);
}

export async function deleteSelfIdentification(db: Db, userId: string): Promise<void> {
  await db.delete(selfIdentifications).where(eq(selfIdentifications.userId, userId));
}
