/** The append-only trail of each document: viewed, consented, signed, with address and browser. */
import { asc, eq } from 'drizzle-orm';
import { DOCUMENT_EVENT_TYPES } from '@app/shared';
import { documentEvents } from '../../db/schema-money';
import type { Executor } from '../../db/types';

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
