/**
 * Pure rules of the earnings screen (spec part 2 section 2.5 and section 9).
 */

/** A transaction's description: '{task_name} - {job_title}'. */
export const transactionDescription = (t: { task_name?: string | null; job_title?: string | null }) =>
  `${t.task_name ?? ''} - ${t.job_title ?? ''}`;

/** 'paid' is Completed; anything else is Pending. */
export const transactionBadge = (status: string | null | undefined): 'Completed' | 'Pending' =>
  status === 'paid' ? 'Completed' : 'Pending';

/** Amount with a plus sign and two decimals: '+$12.50'. */
export const transactionAmountText = (amount: number | string) => {
  const n = typeof amount === 'number' ? amount : Number(amount);
  return `+$${(Number.isFinite(n) ? n : 0).toFixed(2)}`;
};

/** Money with two decimals for the summary cards: '$1,234.50'. */
export const moneyText = (amount: number | string | null | undefined) => {
  const n = typeof amount === 'number' ? amount : Number(amount ?? 0);
  return `$${(Number.isFinite(n) ? n : 0).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
};

export const PENDING_PAYOUT_DAYS = 7;

/** The pending payment's date: one week from now. */
export const pendingAvailableDate = (now: Date = new Date()) =>
  new Date(now.getTime() + PENDING_PAYOUT_DAYS * 24 * 60 * 60 * 1000);
