const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { ...DAY, hour: 'numeric', minute: '2-digit' };

/** The one date formatter of the app (en-US); '' for a missing or unparseable value. */
function format(value: string | Date | null | undefined, options: Intl.DateTimeFormatOptions): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-US', options);
}

/** Dates as the candidate screens show them: 'Nov 21, 2026'. Unparseable input gives ''. */
export const formatDate = (value: string | Date | null | undefined): string => format(value, DAY);

/** A moment as the console shows it: 'Nov 21, 2026, 3:05 PM'; '—' when there is none. */
export const formatDateTime = (value: string | Date | null | undefined): string => format(value, DAY_AND_TIME) || '—';

/** A position in a recording or interview: 75 → '1:15'. */
export const formatClock = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
