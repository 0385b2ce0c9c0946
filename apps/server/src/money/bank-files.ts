/**
 * A batch's bank files (issue 36 item 6; decision 0206): the NACHA file for its US bank accounts and
 * the pain.001 for its IBANs, from the payees' payout methods decrypted only here, in memory. An
 * item whose method changed after the batch was made is left out (the bank would pay an account the
 * batch never saw) and named in the reply's header.
 */
import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { BankFileFormat } from '@app/shared';
import type { Config } from '../config/env';
import type { Executor } from '../db/types';
import { payoutBatches, payoutRequests } from '../db/schema-money';
import { conflict, notFound } from '../http/http-errors';
import { buildNachaFile, type AchCredit } from './nacha';
import { buildPain001, type SepaCredit } from './pain001';
import { bankDetails } from './payout-gate';

export type BankFile = { body: string; filename: string; contentType: string; left_out: string[] };

export const OUTSIDE_FILES =
  'This batch was paid outside the bank files (a one-click payout), so it has no bank file: its payees are already marked paid.';

const MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export async function batchBankFile(
  db: Executor,
  config: Config,
  batchId: string,
  format: BankFileFormat,
  now = new Date(),
): Promise<BankFile> {
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
  if (!batch) throw notFound('Payout batch not found');
  // A one-click payout's batch was paid by other means: a file would pay it a second time, and to a
  // method the hold never looked at (issue 43 item 5).
  if (batch.outsideFiles) throw conflict(OUTSIDE_FILES);
  const items = await db
    .select({ id: payoutRequests.id, userId: payoutRequests.userId, cents: payoutRequests.amountCents })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.batchId, batchId), inArray(payoutRequests.status, ['batched', 'paid'])))
    .orderBy(asc(payoutRequests.createdAt), asc(payoutRequests.id));
  const details = await bankDetails(db, [...new Set(items.map((i) => i.userId))]);
  const leftOut: string[] = [];
  const ach: AchCredit[] = [];
  const sepa: SepaCredit[] = [];
  for (const item of items) {
    const m = details.get(item.userId);
    if (!m) continue;
    if (m.changed_at && m.changed_at > batch.createdAt) {
      leftOut.push(item.id);
      continue;
    }
    const ref = item.id.replace(/-/g, '').slice(0, 15).toUpperCase();
    if (m.type === 'us_bank') {
      ach.push({
        routingNumber: m.routing_number,
        accountNumber: m.account_number,
        cents: item.cents,
        name: m.account_holder,
        individualId: ref,
      });
    } else {
      sepa.push({
        iban: m.iban,
        bic: m.bic || null,
        name: m.account_holder,
        cents: item.cents,
        endToEndId: item.id.replace(/-/g, '').slice(0, 35),
        remittance: `Payout ${batch.createdAt.toISOString().slice(0, 10)}`,
      });
    }
  }
  const day = batch.createdAt.toISOString().slice(0, 10);
  if (format === 'nacha') {
    if (!ach.length) throw conflict('This batch has no payees with a US bank account.');
    // The file ID modifier tells the bank apart the files of one day: this batch's place in its day.
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(payoutBatches)
      .where(
        and(gte(payoutBatches.createdAt, new Date(`${day}T00:00:00Z`)), lt(payoutBatches.createdAt, batch.createdAt)),
      );
    const body = buildNachaFile({
      origin: {
        odfiRouting: config.PAYOUT_ACH_ODFI_ROUTING,
        destinationRouting: config.PAYOUT_ACH_DESTINATION_ROUTING ?? config.PAYOUT_ACH_ODFI_ROUTING,
        destinationName: config.PAYOUT_ACH_DESTINATION_NAME,
        companyName: config.PAYOUT_ORIGIN_NAME,
        companyId: config.PAYOUT_ACH_COMPANY_ID,
      },
      credits: ach,
      createdAt: now,
      effectiveDate: now,
      fileIdModifier: MODIFIERS[Math.min(n, MODIFIERS.length - 1)]!,
    });
    return {
      body,
      filename: `payouts-${day}-${batch.id.slice(0, 8)}.ach`,
      contentType: 'text/plain; charset=us-ascii',
      left_out: leftOut,
    };
  }
  if (!sepa.length) throw conflict('This batch has no payees with an IBAN.');
  const body = buildPain001({
    messageId: `B${batch.id.replace(/-/g, '').slice(0, 30)}`,
    createdAt: now,
    executionDate: now,
    origin: {
      name: config.PAYOUT_ORIGIN_NAME,
      iban: config.PAYOUT_DEBTOR_IBAN,
      bic: config.PAYOUT_DEBTOR_BIC,
      currency: config.PAYOUT_PAIN001_CURRENCY,
    },
    credits: sepa,
  });
  return {
    body,
    filename: `payouts-${day}-${batch.id.slice(0, 8)}.xml`,
    contentType: 'application/xml; charset=utf-8',
    left_out: leftOut,
  };
}
