/**
 * An accepted candidate's documents (issue 36 item 2): each current template filled in for them and
 * the job. A document is made when first listed; a new template version makes a new one to sign.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DOCUMENT_KEYS, formatMoney, type AdminDocument, type DocumentKey, type SignableDocument } from '@app/shared';
import { earnings, interviews, jobs, users } from '../db/schema';
import { signedDocuments } from '../db/schema-money';
import type { Executor } from '../db/types';
import { forbidden, notFound } from '../http/http-errors';
import { currentTemplates, type TemplateRow } from './templates';

export type DocumentRow = typeof signedDocuments.$inferSelect;

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Fills {{name}} placeholders; unknown names stay as written so a typo in a template shows. */
export const fillTemplate = (body: string, values: Record<string, string>) =>
  body.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * The values a template is filled with for one candidate and job: for an accepted candidate, or for
 * one with earnings from the job (a retake withdrew the acceptance, the payout gate still asks for the
 * documents: issue 43 item 4); null for anyone else.
 */
async function fillValues(db: Executor, userId: string, jobId: string, now: Date) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      title: jobs.title,
      pay: jobs.payPerHourCents,
      decidedAt: sql<Date | null>`(select i.decided_at from ${interviews} i where i.candidate_id = ${users.id}
        and i.job_id = ${jobs.id} and i.acceptance_status = 'accepted' limit 1)`.mapWith(interviews.decidedAt),
      accepted: sql<boolean>`exists (select 1 from ${interviews} i where i.candidate_id = ${users.id}
        and i.job_id = ${jobs.id} and i.acceptance_status = 'accepted')`,
      earned: sql<boolean>`exists (select 1 from ${earnings} e where e.user_id = ${users.id} and e.job_id = ${jobs.id})`,
    })
    .from(users)
    .innerJoin(jobs, eq(jobs.id, jobId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !(row.accepted || row.earned)) return null;
  return {
    candidate_name: row.name?.trim() || row.email,
    job_title: row.title,
    // The job page's default when a job has no pay (spec: $21.00 / hour).
    pay: `${formatMoney((row.pay ?? 2100) / 100)} per hour`,
    start_date: day(row.decidedAt ?? now),
    today: day(now),
  };
}

/**
 * The documents of the current template versions for an accepted candidate (or one who earned in the
 * job) and job, made on first call; null when the user is neither.
 */
export async function ensureJobDocuments(
  db: Executor,
  userId: string,
  jobId: string,
  now = new Date(),
): Promise<Map<DocumentKey, DocumentRow> | null> {
  const values = await fillValues(db, userId, jobId, now);
  if (!values) return null;
  const templates = await currentTemplates(db);
  const wanted = DOCUMENT_KEYS.map((key) => templates.get(key)!);
  await db
    .insert(signedDocuments)
    .values(
      wanted.map((t: TemplateRow) => ({
        userId,
        jobId,
        key: t.key,
        templateId: t.id,
        version: t.version,
        title: t.title,
        body: fillTemplate(t.body, values),
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(signedDocuments)
    .where(
      and(
        eq(signedDocuments.userId, userId),
        eq(signedDocuments.jobId, jobId),
        inArray(
          signedDocuments.templateId,
          wanted.map((t) => t.id),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.key, r]));
}

/** The document when it is the caller's (404 when it does not exist, 403 when it is someone else's). */
export async function ownDocument(db: Executor, documentId: string, userId: string): Promise<DocumentRow> {
  const [row] = await db.select().from(signedDocuments).where(eq(signedDocuments.id, documentId)).limit(1);
  if (!row) throw notFound('Document not found');
  if (row.userId !== userId) throw forbidden('This document is not yours');
  return row;
}

export async function documentById(db: Executor, documentId: string): Promise<DocumentRow> {
  const [row] = await db.select().from(signedDocuments).where(eq(signedDocuments.id, documentId)).limit(1);
  if (!row) throw notFound('Document not found');
  return row;
}

/** A document as its signer sees it (replies keep the schema's key order; the account export keeps this one). */
export function documentDto(row: DocumentRow): SignableDocument {
  return {
    id: row.id,
    job_id: row.jobId,
    key: row.key,
    title: row.title,
    version: row.version,
    body: row.body,
    status: row.signedAt ? 'signed' : 'pending',
    signed_at: row.signedAt?.toISOString() ?? null,
    sha256: row.sha256,
  };
}

/**
 * Every document made for a person, newest first (the console's candidate page): what it is, its
 * version and whether and when it was signed, never its text, PDF or the signer's details.
 */
export async function listUserDocuments(db: Executor, userId: string): Promise<AdminDocument[]> {
  const rows = await db
    .select({ doc: signedDocuments, jobTitle: jobs.title })
    .from(signedDocuments)
    .leftJoin(jobs, eq(jobs.id, signedDocuments.jobId))
    .where(eq(signedDocuments.userId, userId))
    .orderBy(desc(signedDocuments.createdAt), signedDocuments.key, desc(signedDocuments.version));
  return rows.map(({ doc, jobTitle }) => {
    // The candidate's view of it, less the text.
    const { body: _text, ...described } = documentDto(doc);
    return { ...described, job_title: jobTitle, created_at: doc.createdAt.toISOString() };
  });
}
