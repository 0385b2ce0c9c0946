/**
 * Payout requests, batches, the payout schedule, statements and disputes (issue 36 items 5-9).
 * Money fields are dollars (two decimals) from integer cents, as everywhere.
 */
import { z } from 'zod';
import { dollarsSchema } from './common';

export const PAYOUT_REQUEST_STATUSES = ['requested', 'batched', 'paid', 'failed'] as const;
export type PayoutRequestStatus = (typeof PAYOUT_REQUEST_STATUSES)[number];
/**
 * The statuses a payout request is still open in: requested, or batched (on its way). An open request holds
 * its earnings, and a payee has at most one open request at a time (issue 36). Written once, here, for the
 * server's queries and the screens alike.
 */
export const OPEN_PAYOUT_REQUEST_STATUSES = ['requested', 'batched'] as const satisfies readonly PayoutRequestStatus[];
export type OpenPayoutRequestStatus = (typeof OPEN_PAYOUT_REQUEST_STATUSES)[number];

/** POST /api/payout-requests (201, or the first reply again for a repeated Idempotency-Key). */
export const payoutRequestReplySchema = z.object({
  id: z.string(),
  amount: dollarsSchema,
  status: z.enum(PAYOUT_REQUEST_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  /** Why the bank returned the payout; the payee reads it as written. */
  failure_reason: z.string().nullable(),
});
export type PayoutRequestReply = z.infer<typeof payoutRequestReplySchema>;

export const PAYOUT_METHOD_TYPES = ['us_bank', 'iban'] as const;
/** The bank files a batch is paid with: NACHA for US bank accounts, pain.001 for IBANs. */
export const BANK_FILE_FORMATS = ['nacha', 'pain.001'] as const;
export type BankFileFormat = (typeof BANK_FILE_FORMATS)[number];

export const payoutBatchItemSchema = z.object({
  request_id: z.string(),
  user_id: z.string(),
  email: z.string(),
  amount: dollarsSchema,
  status: z.enum(PAYOUT_REQUEST_STATUSES),
  /** Which file pays it: nacha (us_bank), pain.001 (iban), or none (no method: paid outside the files). */
  rail: z.enum([...BANK_FILE_FORMATS, 'none']),
  failure_reason: z.string().nullable(),
});
export type PayoutBatchItem = z.infer<typeof payoutBatchItemSchema>;

export const payoutBatchSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  total: dollarsSchema,
  /** Made by a one-click payout: paid outside the bank files, so no NACHA or pain.001 file is offered. */
  outside_files: z.boolean(),
  items: z.array(payoutBatchItemSchema),
  /** Open requests left out of this batch, and why (a payout method changed recently, none set). */
  held: z.array(z.object({ request_id: z.string(), user_id: z.string(), reason: z.string() })),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

export const payoutBatchSummarySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  total: dollarsSchema,
  item_count: z.number().int(),
  paid: z.number().int(),
  failed: z.number().int(),
});
export type PayoutBatchSummary = z.infer<typeof payoutBatchSummarySchema>;

export const bankFileQuerySchema = z.object({
  format: z.enum(BANK_FILE_FORMATS, { message: 'format must be nacha or pain.001' }),
});

const reasonText = (what: string) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .min(3, `${what} must be at least 3 characters`)
    .max(1000, `${what} must be at most 1000 characters`)
    .refine((s) => !s.includes('\u0000'), `${what} must not contain NUL characters`);

export const payoutFailBodySchema = z.object({ reason: reasonText('A reason') });

/** One row of the payouts table: an ISO week of work and the payout day that pays it. */
export const payoutScheduleRowSchema = z.object({
  week: z.string(),
  payout_day: z.string(),
  cycle_start: z.string(),
  cycle_end: z.string(),
  type: z.literal('Contracts'),
  hours: z.number(),
  hours_max: z.number(),
  earned: dollarsSchema,
  status: z.enum(['paid', 'scheduled', 'in_review']),
});
export const payoutScheduleSchema = z.object({
  next_payout_day: z.string(),
  /** The instant after which available money waits for the following payout day (shown in local time). */
  cut_off: z.string(),
  rows: z.array(payoutScheduleRowSchema),
});
export type PayoutSchedule = z.infer<typeof payoutScheduleSchema>;

export const statementQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  format: z.enum(['csv', 'pdf'], { message: 'format must be csv or pdf' }).default('csv'),
});

export const DISPUTE_WINDOW_DAYS = 7;
export const DISPUTE_STATUSES = ['open', 'overturned', 'upheld'] as const;

export const disputeCreateSchema = z.object({
  task_id: z.uuid({ message: 'task_id must be a UUID' }),
  reason: reasonText('A reason'),
});
export const disputeResolveSchema = z.object({
  outcome: z.enum(['overturned', 'upheld'], { message: 'outcome must be overturned or upheld' }),
  reason: reasonText('A reason'),
});
export const disputeSchema = z.object({
  id: z.string(),
  task_id: z.string(),
  task_name: z.string(),
  job_title: z.string(),
  user_id: z.string(),
  email: z.string(),
  amount: dollarsSchema,
  rejection_reason: z.string().nullable(),
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  resolution: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  entries: z.number(),
  debits: z.number(),
  credits: z.number(),
  unbalanced_transfers: z.number(),
  negative_balances: z.number(),
});
