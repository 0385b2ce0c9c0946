import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATE_CENTS,
  TASK_BILLABLE_CAP_SECONDS,
  WEEKLY_BILLABLE_CAP_SECONDS,
  calculatePay,
  isoWeekOf,
  unbilledSeconds,
} from '../../src/money/earnings';

const HOUR = 3600;

describe('calculatePay', () => {
  it.each([
    // [what, secondsWorked, rateCents, billedThisWeek, secondsBilled, amountCents]
    ['one hour at the default $21.00', HOUR, 2100, 0, HOUR, 2100],
    ['half an hour at $38.50', HOUR / 2, 3850, 0, HOUR / 2, 1925],
    ['a few seconds round to the nearest cent', 10, 2100, 0, 10, 6], // 5.83 cents
    ['exactly half a cent rounds up', 6, 3000, 0, 6, 5], // 4.5 cents
    ['just under half a cent rounds down', 5, 3000, 0, 5, 4], // 4.17 cents
    ['fractions of a second are not billed', 59.999, 3600, 0, 59, 59],
    ['zero time pays nothing', 0, 2100, 0, 0, 0],
    ['negative time (clock skew) pays nothing', -30, 2100, 0, 0, 0],
    ['a task is capped at 2 hours', 5 * HOUR, 2100, 0, 2 * HOUR, 4200],
    ['exactly at the task cap', 2 * HOUR, 2100, 0, 2 * HOUR, 4200],
    ['the weekly cap leaves only what is left of 40 hours', HOUR, 2100, 39.5 * HOUR, HOUR / 2, 1050],
    ['nothing is billed once the week is full', HOUR, 2100, 40 * HOUR, 0, 0],
    ['over-billed weeks never go negative', HOUR, 2100, 45 * HOUR, 0, 0],
    ['task cap and weekly cap together: the smaller wins', 3 * HOUR, 2100, 39 * HOUR, HOUR, 2100],
    ['a high rate stays exact in integer cents', 7199, 1_000_000, 0, 7199, 1_999_722],
  ])('%s', (_what, secondsWorked, rateCents, billedThisWeekSeconds, secondsBilled, amountCents) => {
    expect(calculatePay({ secondsWorked, rateCents, billedThisWeekSeconds })).toEqual({ secondsBilled, amountCents });
  });

  it('adds up across tasks to exactly the weekly cap', () => {
    let billed = 0;
    let cents = 0;
    // 25 two-hour tasks = 50 hours worked; only 40 are paid.
    for (let i = 0; i < 25; i++) {
      const pay = calculatePay({ secondsWorked: 2 * HOUR, rateCents: 2100, billedThisWeekSeconds: billed });
      billed += pay.secondsBilled;
      cents += pay.amountCents;
    }
    expect(billed).toBe(WEEKLY_BILLABLE_CAP_SECONDS);
    expect(cents).toBe(40 * 2100);
  });

  it('takes other caps when given', () => {
    expect(
      calculatePay({ secondsWorked: HOUR, rateCents: 2100, billedThisWeekSeconds: 0, taskCapSeconds: 600 }),
    ).toEqual({ secondsBilled: 600, amountCents: 350 });
    expect(
      calculatePay({ secondsWorked: HOUR, rateCents: 2100, billedThisWeekSeconds: 100, weeklyCapSeconds: 400 }),
    ).toEqual({ secondsBilled: 300, amountCents: 175 });
  });

  it('uses the documented defaults', () => {
    expect(DEFAULT_RATE_CENTS).toBe(2100);
    expect(TASK_BILLABLE_CAP_SECONDS).toBe(2 * HOUR);
    expect(WEEKLY_BILLABLE_CAP_SECONDS).toBe(40 * HOUR);
  });
});

describe('isoWeekOf', () => {
  it.each([
    ['a Wednesday mid-year', '2026-11-18T12:00:00Z', '2026-W47'],
    ['Monday 00:00 UTC starts a new week', '2026-11-16T00:00:00Z', '2026-W47'],
    ['Sunday 23:59:59 UTC still belongs to the old week', '2026-11-15T23:59:59Z', '2026-W46'],
    ['Jan 1 2026 is a Thursday, so it is in week 1', '2026-01-01T00:00:00Z', '2026-W01'],
    ['Dec 29 2025 (Monday) already belongs to 2026-W01', '2025-12-29T08:00:00Z', '2026-W01'],
    ['Dec 28 2025 (Sunday) is the last week of 2025', '2025-12-28T23:00:00Z', '2025-W52'],
    ['Dec 30 2024 (Monday) is in 2025-W01', '2024-12-30T00:00:00Z', '2025-W01'],
    ['Jan 3 2021 (Sunday) is in 2020-W53', '2021-01-03T10:00:00Z', '2020-W53'],
    ['Jan 4 2021 (Monday) starts 2021-W01', '2021-01-04T00:00:00Z', '2021-W01'],
    ['Dec 31 2026 (Thursday) is in 2026-W53', '2026-12-31T18:00:00Z', '2026-W53'],
    ['Jan 1 2027 (Friday) is still in 2026-W53', '2027-01-01T00:00:00Z', '2026-W53'],
    ['a leap day', '2028-02-29T12:00:00Z', '2028-W09'],
  ])('%s', (_what, iso, week) => {
    expect(isoWeekOf(new Date(iso))).toBe(week);
  });

  it('uses UTC, whatever the offset of the input text', () => {
    // 2026-11-16 01:00 in UTC+02:00 is Sunday 23:00 UTC.
    expect(isoWeekOf(new Date('2026-11-16T01:00:00+02:00'))).toBe('2026-W46');
  });
});

describe('unbilledSeconds', () => {
  // Intervals as [from, to] in seconds after an arbitrary moment.
  const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 9) + s * 1000);
  const span = ([from, to]: [number, number]) => ({ start: at(from), end: at(to) });

  it.each([
    ['nothing billed yet: all of it', [0, 65], [], 65],
    ['the same interval billed already: nothing', [0, 65], [[0, 65]], 0],
    [
      'billed work before and after: only the gap',
      [0, 100],
      [
        [-50, 10],
        [90, 200],
      ],
      80,
    ],
    [
      'overlapping billed intervals count once',
      [0, 100],
      [
        [10, 50],
        [20, 60],
        [30, 40],
      ],
      50,
    ],
    [
      'billed intervals outside it change nothing',
      [0, 30],
      [
        [-100, 0],
        [30, 90],
      ],
      30,
    ],
    [
      'one inside another',
      [0, 100],
      [
        [10, 90],
        [20, 30],
      ],
      20,
    ],
    ['milliseconds are kept (calculatePay drops them)', [0, 10.5], [[0, 10]], 0.5],
    ['an empty or backwards interval is worth nothing', [10, 10], [], 0],
    ['a backwards interval (clock skew) is worth nothing', [10, 5], [], 0],
  ] as [string, [number, number], [number, number][], number][])('%s', (_what, work, billed, expected) => {
    expect(unbilledSeconds(span(work), billed.map(span))).toBeCloseTo(expected, 6);
  });

  it('ten tasks over the same minute, submitted one after another, add that minute once', () => {
    const billed: { start: Date; end: Date }[] = [];
    let total = 0;
    for (let i = 0; i < 10; i++) {
      const work = span([i * 0.01, 65 + i * 0.01]); // opened and submitted a few ms apart
      total += Math.floor(unbilledSeconds(work, billed));
      billed.push(work);
    }
    expect(total).toBe(65);
  });
});
