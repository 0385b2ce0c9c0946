import { formatMoney } from '@app/shared';
import { CardsTable } from '../../../components/CardsTable';
import { formatDate } from '../../../lib/format';
import { usePayoutSchedule } from '../api/get-payout-schedule';

/** The cut-off in the viewer's own time zone, with the zone named so nobody guesses. */
const localCutOff = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));

/** What each week's row says of its money: all paid, waiting for the payout day, or work still in review. */
const STATUS_LABELS = { paid: 'Paid', scheduled: 'Scheduled', in_review: 'In review' } as const;
const COLUMNS = ['Payout Day', 'Payout Cycle', 'Type', 'Hours', 'Hours Max', 'Earned', 'Status'] as const;

/** The payouts table: each week of work and the payout day that pays it (issue 36 item 6); Earnings and Your Jobs. */
export function PayoutsTable({ userId, className }: { userId: string | undefined; className?: string }) {
  const schedule = usePayoutSchedule(userId);
  if (schedule.isPending) return <p className="py-3 text-sm text-slate-600">Loading payouts...</p>;
  if (schedule.isError) {
    return (
      <p role="alert" className="py-3 text-sm text-red-700">
        Failed to load payouts
      </p>
    );
  }
  const s = schedule.data;
  return (
    <div className={className}>
      <p className="text-sm text-slate-600" data-testid="next-payout">
        Next payout day: {formatDate(s.next_payout_day)} · money available before {localCutOff(s.cut_off)} is paid then
      </p>
      {/* On a phone each week is a card with its labels (the console's table-cards), so the status is
          in view without scrolling sideways. */}
      <CardsTable
        label="Payouts"
        head={COLUMNS}
        className="mt-3"
        headClassName="text-xs uppercase text-slate-500"
        headCellClassName="px-2 py-2 font-medium"
      >
        {s.rows.length === 0 ? (
          <tr role="row">
            <td role="cell" data-label="" colSpan={7} className="px-2 py-4 text-center text-slate-600">
              No payouts yet
            </td>
          </tr>
        ) : (
          s.rows.map((r) => (
            <tr key={r.week} role="row" data-testid="payout-row">
              {[
                formatDate(r.payout_day),
                `${formatDate(r.cycle_start)} – ${formatDate(r.cycle_end)}`,
                r.type,
                r.hours,
                r.hours_max,
                formatMoney(r.earned),
                STATUS_LABELS[r.status],
              ].map((value, i) => (
                <td key={COLUMNS[i]} role="cell" data-label={COLUMNS[i]} className="px-2 py-2">
                  {value}
                </td>
              ))}
            </tr>
          ))
        )}
      </CardsTable>
    </div>
  );
}
