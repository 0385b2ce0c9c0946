import { z } from 'zod';
import { dollarsSchema, optionalUuid } from './common';
import { OPEN_PAYOUT_REQUEST_STATUSES } from './payouts';

export const EARNING_STATUSES = ['pending', 'available', 'paid', 'rejected'] as const;
export const earningStatusSchema = z.enum(EARNING_STATUSES);
export type EarningStatus = z.infer<typeof earningStatusSchema>;

export const earningsSummarySchema = z.object({
  /** Accepted money: available + paid. Pending and rejected work is not counted. */
  total_earnings: dollarsSchema,
  /** Submitted work waiting for the provider's review, plus money requested or on its way (issue 36). */
  pending_payout: dollarsSchema,
  /** The part of pending_payout already requested or on its way (paid on a payout day, not after review). */
  requested_payout: dollarsSchema,
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
  /** The task the earning pays; a rejected one can be disputed with it (POST /api/disputes). */
  task_id: z.string().optional(),
  /** An available earning already in an open payout request: requested, or batched (on its way). */
  payout: z.enum(OPEN_PAYOUT_REQUEST_STATUSES).nullable().optional(),
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
  /**
   * Payees left out, and why: a payout method changed within the hold (PAYOUT_METHOD_HOLD_HOURS), a deleted
   * account's stand-in, a balance below zero, a request that could not be made; present only when there
   * are some. Their money stays where it was.
   */
  held: z.array(z.object({ user_id: z.string(), email: z.string(), reason: z.string() })).optional(),
});
export type Payout = z.infer<typeof payoutSchema>;
