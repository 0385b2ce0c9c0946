import { z } from 'zod';
import { optionalUuid } from './common';

export const EARNING_STATUSES = ['pending', 'available', 'paid', 'rejected'] as const;
export const earningStatusSchema = z.enum(EARNING_STATUSES);
export type EarningStatus = z.infer<typeof earningStatusSchema>;

/** An amount of money in every reply: dollars with two decimals (stored as integer cents). */
export const dollarsSchema = z.number();

export const earningsSummarySchema = z.object({
  /** Accepted money: available + paid. Pending and rejected work is not counted. */
  total_earnings: dollarsSchema,
  /** Submitted work waiting for the provider's review. */
  pending_payout: dollarsSchema,
  /** Accepted, not yet paid out. */
  available_balance: dollarsSchema,
});
export type EarningsSummary = z.infer<typeof earningsSummarySchema>;

export const earningsTransactionSchema = z.object({
  id: z.string(),
  amount: dollarsSchema,
  task_name: z.string(),
  job_title: z.string(),
  created_at: z.string(),
  status: earningStatusSchema,
  /** Why the provider rejected this work (status rejected), shown to the rater with the earning. */
  rejection_reason: z.string().nullable(),
});
export type EarningsTransaction = z.infer<typeof earningsTransactionSchema>;

/** POST /api/admin/payouts: everyone's available balances, or one user's. */
export const payoutRequestSchema = z.object({ user_id: optionalUuid('user_id') });

export const payoutSchema = z.object({
  /** Null when nothing was available (no payout is recorded). */
  payout_id: z.string().nullable(),
  total: dollarsSchema,
  items: z.array(
    z.object({
      user_id: z.string(),
      email: z.string(),
      amount: dollarsSchema,
      /** Ids of the earnings paid in this payout. */
      transactions: z.array(z.string()),
    }),
  ),
});
export type Payout = z.infer<typeof payoutSchema>;
