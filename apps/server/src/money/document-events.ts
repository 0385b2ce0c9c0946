/** The append-only trail of each document: viewed, consented, signed, with address and browser. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { DOCUMENT_EVENT_TYPES } from '@app/shared';
import type { Db } from '../db/client';
import { documentEvents, signedDocuments } from '../db/schema-money';
import type { Executor } from '../db/types';

export type DocumentEventType = (typeof DOCUMENT_EVENT_TYPES)[number];
export type RequestMeta = { ip: string | null; userAgent: string | null };

/** Browsers send long user agents; a hostile one cannot fill the table. */
const clip = (s: string | null) => (s === null ? null : s.slice(0, 512));

/** The only way events are written: inserted, never updated or deleted by the app. */
export async function recordDocumentEvent(
  db: Executor,
  documentId: string,
  type: DocumentEventType,
  meta: RequestMeta,
  at: Date,
  detail?: Record<string, string>,
) {
  await db
    .insert(documentEvents)
    .values({ documentId, type, at, ip: clip(meta.ip), userAgent: clip(meta.userAgent), detail: detail ?? null });
}

/**
 * `viewed`, once per document per signed-in session (decision 0221): the first opening in a session is
 * the evidence; reopening it (a reload, a poll, a script) adds nothing, so the trail cannot be grown
 * without bound. The document's row is locked while looking, so openings at once record one.
 */
export async function recordDocumentView(db: Db, documentId: string, sessionId: string, meta: RequestMeta, at: Date) {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: signedDocuments.id })
      .from(signedDocuments)
      .where(eq(signedDocuments.id, documentId))
      .for('update');
    const [seen] = await tx
      .select({ seq: documentEvents.seq })
      .from(documentEvents)
      .where(
        and(
          eq(documentEvents.documentId, documentId),
          eq(documentEvents.type, 'viewed'),
          sql`${documentEvents.detail} ->> 'session' = ${sessionId}`,
        ),
      )
      .limit(1);
    if (!seen) await recordDocumentEvent(tx, documentId, 'viewed', meta, at, { session: sessionId });
  });
}

export async function documentTrail(db: Executor, documentId: string) {
  const rows = await db
    .select()
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(asc(documentEvents.seq));
  return rows.map((r) => ({
    type: r.type,
    at: r.at.toISOString(),
    ip: r.ip,
    user_agent: r.userAgent,
    detail: r.detail,
  }));
}
