/**
 * Pure rules of the earnings screen (docs/product/screens/earnings.md, docs/product/rules.md).
 */
import type { OpenPayoutRequestStatus } from './schemas/payouts';

/** A transaction's description: '{task_name} - {job_title}'. */
export const transactionDescription = (t: { task_name?: string | null; job_title?: string | null }) =>
  `${t.task_name ?? ''} - ${t.job_title ?? ''}`;

/**
 * 'paid' is Completed; 'available' (approved, waiting for the next payout) is Available, or Requested /
 * On its way once a payout request holds it (issue 36); anything else (waiting for review) is Pending.
 * Issue 34, decision 0186.
 */
export const transactionBadge = (
  status: string | null | undefined,
  payout?: OpenPayoutRequestStatus | null,
): 'Completed' | 'Available' | 'Requested' | 'On its way' | 'Pending' =>
  status === 'paid'
    ? 'Completed'
    : status === 'available'
      ? payout === 'batched'
        ? 'On its way'
        : payout === 'requested'
          ? 'Requested'
          : 'Available'
      : 'Pending';

/** The payout cycle, stated alike on the job page and in the payment settings (issue 34). */
export const PAYOUT_CYCLE_TITLE = 'Bi-weekly Payouts';
export const PAYOUT_CYCLE_TEXT = 'You receive payouts every 2 weeks on Mondays';
/** How the money travels, as the payout policy says it (issue 43): bank transfers, not cards. */
export const PAYOUT_ROUTE_TEXT =
  'Payments arrive by bank transfer to the account in your Payment Settings (ACH for U.S. accounts, SEPA for IBANs), less any currency conversion fees.';

export const PENDING_PAYOUT_DAYS = 7;

/** The pending payment's date: one week from now. */
export const pendingAvailableDate = (now: Date = new Date()) =>
  new Date(now.getTime() + PENDING_PAYOUT_DAYS * 24 * 60 * 60 * 1000);
