/**
 * The payout cycle (docs/product/screens/earnings.md: payouts every 2 weeks on Mondays; decision 0207): payout days are
 * every 14 days from a configured Monday. A payout day's cut-off is its 00:00 UTC: money available
 * before it is paid that day. Pages show the cut-off in the candidate's own time zone.
 */
const DAY = 86_400_000;

const utcMidnight = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/** The first payout day at or after `at` (a payout day's own midnight counts as that day). */
export function nextPayoutDay(at: Date, anchor: string): Date {
  const anchorMs = Date.parse(`${anchor}T00:00:00Z`);
  const day = utcMidnight(at);
  const since = Math.ceil((day - anchorMs) / DAY);
  const step = ((since % 14) + 14) % 14;
  const next = day + (step === 0 ? 0 : 14 - step) * DAY;
  // A payout day that has begun still pays; its cut-off (00:00 UTC) has passed, so the next one is shown.
  return new Date(next < at.getTime() ? next + 14 * DAY : next);
}

/** Whether `at` falls on a payout day (UTC). */
export function isPayoutDay(at: Date, anchor: string): boolean {
  const days = Math.round((utcMidnight(at) - Date.parse(`${anchor}T00:00:00Z`)) / DAY);
  return ((days % 14) + 14) % 14 === 0;
}

/** The two weeks a payout day pays for: [start, end) with end = the payout day's cut-off. */
export function payoutCycle(payoutDay: Date): { start: Date; end: Date } {
  return { start: new Date(payoutDay.getTime() - 14 * DAY), end: payoutDay };
}

/** Monday 00:00 UTC of an ISO week such as "2026-W47". */
export function isoWeekStart(isoWeek: string): Date {
  const [y, w] = isoWeek.split('-W').map(Number) as [number, number];
  const jan4 = Date.UTC(y, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  return new Date(jan4 - weekday * DAY + (w - 1) * 7 * DAY);
}
