/**
 * Pure rules of the earnings screen (docs/product/screens/earnings.md, docs/product/rules.md).
 */

/** A transaction's description: '{task_name} - {job_title}'. */
export const transactionDescription = (t: { task_name?: string | null; job_title?: string | null }) =>
  `${t.task_name ?? ''} - ${t.job_title ?? ''}`;

/** 'paid' is Completed; anything else is Pending. */
export const transactionBadge = (status: string | null | undefined): 'Completed' | 'Pending' =>
  status === 'paid' ? 'Completed' : 'Pending';

export const PENDING_PAYOUT_DAYS = 7;

/** The pending payment's date: one week from now. */
export const pendingAvailableDate = (now: Date = new Date()) =>
  new Date(now.getTime() + PENDING_PAYOUT_DAYS * 24 * 60 * 60 * 1000);
