/** Tables of the money after hiring (issue 36): documents, tax, payout methods, ledger, batches. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DISPUTE_STATUSES,
  DOCUMENT_EVENT_TYPES,
  DOCUMENT_KEYS,
  PAYOUT_REQUEST_STATUSES,
  type TaxAddress,
} from '@app/shared';
import { at, belongsTo, createdAt, id, mentions, resolution, updatedAt } from './columns';
import { annotationTasks, earnings, jobs, users } from './schema';

// ---- Onboarding: documents, tax profiles, payout methods (issue 36 items 1-4) ----

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: both become a Buffer.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** The provider's document texts: a new version of a key asks every signer of an older one to sign again. */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: id(),
    key: text('key', { enum: DOCUMENT_KEYS }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    /** Text with {{candidate_name}}, {{job_title}}, {{pay}}, {{start_date}}, {{today}} filled in per signer. */
    body: text('body').notNull(),
    createdBy: mentions('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_templates_key_version').on(t.key, t.version)],
);

/**
 * One template version filled in for one accepted candidate and job. Signing stores the sealed PDF
 * and its SHA-256; the row is never changed after that (a new version is a new row).
 */
export const signedDocuments = pgTable(
  'signed_documents',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    jobId: mentions('job_id', () => jobs.id),
    key: text('key', { enum: DOCUMENT_KEYS }).notNull(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => documentTemplates.id),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    signerName: text('signer_name'),
    signerEmail: text('signer_email'),
    signedAt: at('signed_at'),
    pdf: bytea('pdf'),
    sha256: text('sha256'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signed_documents_once').on(t.userId, t.jobId, t.key, t.version),
    index('signed_documents_user_idx').on(t.userId),
  ],
);

/** Append-only: what happened to a document, from which address and browser (only inserted, never updated). */
export const documentEvents = pgTable(
  'document_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    documentId: belongsTo('document_id', () => signedDocuments.id),
    type: text('type', { enum: DOCUMENT_EVENT_TYPES }).notNull(),
    at: at('at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** e.g. the ESIGN disclosure version consented to, the name typed. */
    detail: jsonb('detail').$type<Record<string, string>>(),
  },
  (t) => [index('document_events_document_idx').on(t.documentId, t.seq)],
);

/**
 * The current W-9 or W-8BEN of a person (a new one replaces it). TINs are encrypted
 * (money/encryption.ts); only their last four digits are kept readable.
 */
export const taxProfiles = pgTable('tax_profiles', {
  userId: belongsTo('user_id', () => users.id).primaryKey(),
  form: text('form', { enum: ['w9', 'w8ben'] }).notNull(),
  legalName: text('legal_name').notNull(),
  businessName: text('business_name'),
  taxClassification: text('tax_classification'),
  tinType: text('tin_type', { enum: ['ssn', 'ein', 'foreign'] }),
  tinEncrypted: text('tin_encrypted'),
  tinLast4: text('tin_last4'),
  address: jsonb('address').$type<TaxAddress>().notNull(),
  countryOfCitizenship: text('country_of_citizenship'),
  dateOfBirth: text('date_of_birth'),
  treaty: jsonb('treaty').$type<Record<string, string>>(),
  /** The perjury statement signed, as shown, and how it was signed. */
  perjuryStatement: text('perjury_statement').notNull(),
  signatureName: text('signature_name').notNull(),
  signedAt: at('signed_at').notNull(),
  signedIp: text('signed_ip'),
  signedUserAgent: text('signed_user_agent'),
  /** W-8BEN: the last instant it is valid (end of the third calendar year after signing, UTC). */
  expiresAt: at('expires_at'),
  updatedAt: updatedAt(),
});

/**
 * Where a person's payouts go. The account number or IBAN is encrypted; last4 is all anything shows.
 * changed_at starts the hold on payouts after a change (PAYOUT_METHOD_HOLD_HOURS).
 */
export const payoutMethods = pgTable('payout_methods', {
  userId: belongsTo('user_id', () => users.id).primaryKey(),
  type: text('type', { enum: ['us_bank', 'iban'] }).notNull(),
  accountHolder: text('account_holder').notNull(),
  bankName: text('bank_name').notNull(),
  /** us_bank: the ABA routing number; iban: the BIC. Both name a bank, not a person's account. */
  bankCode: text('bank_code').notNull(),
  accountEncrypted: text('account_encrypted').notNull(),
  last4: text('last4').notNull(),
  changedAt: at('changed_at').notNull().defaultNow(),
  createdAt: createdAt(),
});

// ---- Ledger, payout requests, batches and disputes (issue 36 items 5-9; decisions 0205-0209) ----

/**
 * One movement of money: its idempotency key is unique, so posting it twice posts it once. Never
 * updated or deleted (a trigger refuses both, drizzle migration); user ids are kept without a
 * foreign key because the books outlive an account (decision 0205).
 */
export const ledgerTransfers = pgTable('ledger_transfers', {
  id: id(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind').notNull(),
  userId: uuid('user_id'),
  /** The row the movement is about (an earning, a payout request), for statements. */
  refId: uuid('ref_id'),
  createdAt: createdAt(),
});

/** The lines of a transfer: amount > 0 credits the account, < 0 debits it; each transfer sums to 0. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    account: text('account').notNull(),
    userId: uuid('user_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.userId, t.account),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_entries_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

/** A payee's request for their available balance (or the provider's, for one-click and cycle payouts). */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYOUT_REQUEST_STATUSES }).notNull().default('requested'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** candidate, cycle (a payout day) or one_click (the provider's old button). */
    origin: text('origin').notNull().default('candidate'),
    batchId: uuid('batch_id'),
    failureReason: text('failure_reason'),
    paidAt: at('paid_at'),
    failedAt: at('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_requests_key_unique').on(t.userId, t.idempotencyKey),
    // One open request per payee: the database refuses a second even if two calls race. The statuses
    // are OPEN_PAYOUT_REQUEST_STATUSES (@app/shared) as drizzle/0016 wrote them.
    uniqueIndex('payout_requests_one_open')
      .on(t.userId)
      .where(sql`status in ('requested', 'batched')`),
    index('payout_requests_batch_idx').on(t.batchId),
    index('payout_requests_status_idx').on(t.status),
  ],
);

/** Which earnings a request pays (marked paid when it is). */
export const payoutRequestEarnings = pgTable(
  'payout_request_earnings',
  {
    requestId: belongsTo('request_id', () => payoutRequests.id),
    earningId: belongsTo('earning_id', () => earnings.id),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.earningId] }),
    index('payout_request_earnings_earning_idx').on(t.earningId),
  ],
);

/** The provider's batch of requests, from which the bank files are written. */
export const payoutBatches = pgTable('payout_batches', {
  id: id(),
  createdBy: mentions('created_by', () => users.id),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  itemCount: integer('item_count').notNull(),
  /** Made by a one-click payout, paid outside the bank files: no file is offered for it (drizzle/0019). */
  outsideFiles: boolean('outside_files').notNull().default(false),
  createdAt: createdAt(),
});

/** A rater's dispute of a rejected task and the provider's answer. One per task. */
export const taskDisputes = pgTable(
  'task_disputes',
  {
    id: id(),
    taskId: belongsTo('task_id', () => annotationTasks.id),
    userId: belongsTo('user_id', () => users.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    resolution: text('resolution'),
    ...resolution(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('task_disputes_task_unique').on(t.taskId), index('task_disputes_status_idx').on(t.status)],
);
