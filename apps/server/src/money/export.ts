/**
 * The money parts of a person's account export: documents, tax form and payout method, masked as on
 * screen; their payout requests and their disputes.
 */
import { asc, eq } from 'drizzle-orm';
import { payoutRequests, signedDocuments } from '../db/schema-money';
import type { Db } from '../db/client';
import { listMyDisputes } from './disputes';
import { documentDto } from './documents';
import { getPayoutMethod } from './payout-method';
import { toRequestReply } from './payout-requests';
import { taxProfileDto, taxProfileRow } from './tax-profile';

export async function exportOnboarding(db: Db, userId: string, baseUrl: string, holdHours: number) {
  const docs = await db
    .select()
    .from(signedDocuments)
    .where(eq(signedDocuments.userId, userId))
    .orderBy(asc(signedDocuments.createdAt));
  const now = new Date();
  const tax = await taxProfileRow(db, userId);
  return {
    // The signer's view of each document, less its text, with a link to the signed PDF.
    documents: docs.map((d) => {
      const { body: _text, ...described } = documentDto(d);
      return { ...described, pdf_url: d.signedAt ? `${baseUrl}/api/documents/${d.id}/pdf` : null };
    }),
    // Only the last four digits of the TIN and the account, as everywhere (the export is a file people keep).
    tax_profile: tax ? taxProfileDto(tax, now) : null,
    payout_method: await getPayoutMethod(db, userId, holdHours, now),
  };
}

/**
 * Every payout request of the person, oldest first (amount in dollars, status, times, the bank's
 * failure reason), and every dispute they raised with its text, the rejection it answers and the answer.
 */
export async function exportMoneyRecords(db: Db, userId: string) {
  const requests = await db
    .select()
    .from(payoutRequests)
    .where(eq(payoutRequests.userId, userId))
    .orderBy(asc(payoutRequests.createdAt));
  const disputes = await listMyDisputes(db, userId, null);
  return {
    payout_requests: requests.map(toRequestReply),
    disputes: disputes.reverse().map(({ user_id: _user, email: _email, ...dispute }) => dispute),
  };
}
