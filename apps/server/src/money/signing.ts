/**
 * Signing a document (issue 36 item 2): consent to electronic records and the intent to sign are
 * required, the typed name must be the account's, and the sealed PDF and its SHA-256 are stored at once.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { ESIGN_DISCLOSURE_VERSION, type SignDocumentInput } from '@app/shared';
import type { Db } from '../db/client';
import { jobs, users } from '../db/schema';
import { documentEvents, signedDocuments } from '../db/schema-money';
import { conflict, unprocessable } from '../http/http-errors';
import { recordDocumentEvent, type RequestMeta } from './document-events';
import { ownDocument } from './documents';
import { sameName } from './names';
import { sealDocumentPdf, sha256Hex } from './seal-pdf';
import { currentTemplates } from './templates';

export const NO_CONSENT =
  'Read the disclosure about electronic records and agree to receive and sign documents electronically';
export const NO_AGREE = 'Tick "I agree to sign this document" to sign it';
export const NAME_MISMATCH = 'Type your full name as it is on your profile';
export const NO_PROFILE_NAME = 'Add your full name to your profile before signing';

export async function signDocument(
  db: Db,
  documentId: string,
  userId: string,
  input: SignDocumentInput,
  meta: RequestMeta,
  now = new Date(),
): Promise<{ signed_at: string; sha256: string }> {
  const doc = await ownDocument(db, documentId, userId);
  if (doc.signedAt) throw conflict('This document is already signed');
  const current = (await currentTemplates(db)).get(doc.key)!;
  if (current.version !== doc.version) {
    throw conflict(`There is a newer version (${current.version}) of this document: open it from your job page`);
  }
  if (input.electronic_consent !== true) throw unprocessable(NO_CONSENT);
  if (input.agree !== true) throw unprocessable(NO_AGREE);
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user?.name?.trim()) throw unprocessable(NO_PROFILE_NAME);
  if (!sameName(input.full_name, user.name)) throw unprocessable(NAME_MISMATCH);
  const [viewed] = await db
    .select({ at: documentEvents.at })
    .from(documentEvents)
    .where(and(eq(documentEvents.documentId, doc.id), eq(documentEvents.type, 'viewed')))
    .orderBy(asc(documentEvents.seq))
    .limit(1);
  if (!viewed) throw conflict('Open the document and read it before signing');
  const [job] = doc.jobId ? await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, doc.jobId)) : [];

  const pdf = await sealDocumentPdf({
    documentId: doc.id,
    title: doc.title,
    version: doc.version,
    body: doc.body,
    jobTitle: job?.title ?? null,
    signer: { name: input.full_name.trim(), email: user.email },
    viewedAt: viewed.at,
    consentedAt: now,
    signedAt: now,
    ip: meta.ip,
    userAgent: meta.userAgent,
    disclosureVersion: ESIGN_DISCLOSURE_VERSION,
  });
  const sha256 = sha256Hex(pdf);

  await db.transaction(async (tx) => {
    // Only an unsigned row is updated: of two signings at once, the second finds nothing to sign.
    const updated = await tx
      .update(signedDocuments)
      .set({ signerName: input.full_name.trim(), signerEmail: user.email, signedAt: now, pdf, sha256 })
      .where(and(eq(signedDocuments.id, doc.id), isNull(signedDocuments.signedAt)))
      .returning({ id: signedDocuments.id });
    if (updated.length === 0) throw conflict('This document is already signed');
    await recordDocumentEvent(tx, doc.id, 'consented', meta, now, { disclosure_version: ESIGN_DISCLOSURE_VERSION });
    await recordDocumentEvent(tx, doc.id, 'signed', meta, now, { full_name: input.full_name.trim(), sha256 });
  });
  return { signed_at: now.toISOString(), sha256 };
}
