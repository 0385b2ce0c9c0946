import type { PayoutSchedule } from '@app/shared';

type PayoutWeek = PayoutSchedule['rows'][number];

/**
 * A reply of GET /earnings/user/{id}/payouts: the next payout day 16 Mar 2026, and one row per
 * week given, each by default week 10 (2-8 Mar) of contract work paid that day.
 */
export const payoutSchedule = (...weeks: Partial<PayoutWeek>[]): PayoutSchedule => ({
  next_payout_day: '2026-03-16',
  cut_off: '2026-03-15T12:00:00Z',
  rows: weeks.map((w) => ({
    week: '2026-W10',
    payout_day: '2026-03-16',
    cycle_start: '2026-03-02',
    cycle_end: '2026-03-08',
    type: 'Contracts',
    hours: 0,
    hours_max: 40,
    earned: 0,
    status: 'scheduled',
    ...w,
  })),
});
