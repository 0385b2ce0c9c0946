/** The provider's versioned document templates (issue 36 item 2). */
import { desc, sql } from 'drizzle-orm';
import { DOCUMENT_KEYS, type DocumentKey } from '@app/shared';
import { documentTemplates } from '../db/schema-money';
import type { Executor } from '../db/types';
import { DEFAULT_TEMPLATES } from './document-defaults';

export type TemplateRow = typeof documentTemplates.$inferSelect;

/** Writes version 1 of any key that has no template yet (the built-in texts). */
async function ensureDefaults(db: Executor) {
  await db
    .insert(documentTemplates)
    .values(DOCUMENT_KEYS.map((key) => ({ key, version: 1, ...DEFAULT_TEMPLATES[key] })))
    .onConflictDoNothing();
}

/** The newest version of every key: what a signer is asked to sign now. */
export async function currentTemplates(db: Executor): Promise<Map<DocumentKey, TemplateRow>> {
  await ensureDefaults(db);
  const rows = await db
    .selectDistinctOn([documentTemplates.key])
    .from(documentTemplates)
    .orderBy(documentTemplates.key, desc(documentTemplates.version));
  return new Map(rows.map((r) => [r.key, r]));
}

/** Every version, newest first per key (the console's list). */
export async function listTemplates(db: Executor): Promise<TemplateRow[]> {
  await ensureDefaults(db);
  return db.select().from(documentTemplates).orderBy(documentTemplates.key, desc(documentTemplates.version));
}

/** A new version of a key; every signer of an older version is asked to sign again. */
export async function createTemplateVersion(
  db: Executor,
  input: { key: DocumentKey; title: string; body: string },
  adminId: string,
): Promise<TemplateRow> {
  await ensureDefaults(db);
  // The next number in the same statement; the unique index turns a race into an error, not a duplicate.
  const [row] = await db
    .insert(documentTemplates)
    .values({
      key: input.key,
      title: input.title,
      body: input.body,
      createdBy: adminId,
      version: sql`(select coalesce(max(${documentTemplates.version}), 0) + 1 from ${documentTemplates} where ${documentTemplates.key} = ${input.key})`,
    })
    .returning();
  return row!;
}
