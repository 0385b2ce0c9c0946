/**
 * The payouts table of the earnings page (docs/product/screens/earnings.md; issue 36 item 5): one row per ISO week of
 * work with the payout day that pays it (every second Monday), its two-week cycle, the hours billed
 * against the weekly cap of 40, and what was earned.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { WEEKLY_HOURS_CAP, type PayoutSchedule } from '@app/shared';
import type { Executor } from '../db/types';
import { earnings } from '../db/schema';
import { centsToDollars } from '../lib/money';
import { isoWeekStart, nextPayoutDay, payoutCycle } from './payout-cycle';

const DAY = 86_400_000;

export async function payoutSchedule(db: Executor, userId: string, now: Date, anchor: string): Promise<PayoutSchedule> {
  const weeks = await db
    .select({
      week: earnings.isoWeek,
      seconds: sql<string>`sum(${earnings.secondsBilled})`,
      cents: sql<string>`sum(${earnings.amountCents})`,
      allPaid: sql<boolean>`bool_and(${earnings.status} = 'paid')`,
      anyPending: sql<boolean>`bool_or(${earnings.status} = 'pending')`,
    })
    .from(earnings)
    .where(and(eq(earnings.userId, userId), ne(earnings.status, 'rejected')))
    .groupBy(earnings.isoWeek)
    .orderBy(desc(earnings.isoWeek))
    .limit(12);
  const next = nextPayoutDay(now, anchor);
  return {
    next_payout_day: next.toISOString().slice(0, 10),
    cut_off: next.toISOString(),
    rows: weeks.map((w) => {
      const weekEnd = new Date(isoWeekStart(w.week).getTime() + 7 * DAY);
      const payDay = nextPayoutDay(weekEnd, anchor);
      const cycle = payoutCycle(payDay);
      return {
        week: w.week,
        payout_day: payDay.toISOString().slice(0, 10),
        cycle_start: cycle.start.toISOString().slice(0, 10),
        cycle_end: new Date(cycle.end.getTime() - DAY).toISOString().slice(0, 10),
        type: 'Contracts' as const,
        hours: Math.round((Number(w.seconds) / 3600) * 100) / 100,
        hours_max: WEEKLY_HOURS_CAP,
        earned: centsToDollars(w.cents),
        status: w.allPaid ? ('paid' as const) : w.anyPending ? ('in_review' as const) : ('scheduled' as const),
      };
    }),
  };
}
