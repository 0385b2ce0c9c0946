import type { ScoringGroup, SelectionGroup } from '@app/shared';

type Row = ScoringGroup | SelectionGroup;
const rateOf = (r: Row) => ('scoring_rate' in r ? r.scoring_rate : r.selection_rate);
const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);
/** Short names of the EEO-1 categories for the tables and the chart. */
const SHORT: Record<string, string> = {
  female: 'Female',
  male: 'Male',
  hispanic_or_latino: 'Hispanic or Latino',
  white: 'White',
  black_or_african_american: 'Black or African American',
  asian: 'Asian',
  native_hawaiian_or_pacific_islander: 'Native Hawaiian or Pacific Islander',
  american_indian_or_alaska_native: 'American Indian or Alaska Native',
  two_or_more: 'Two or more races',
};
const label = (g: string) =>
  g
    .split('|')
    .map((part) => SHORT[part] ?? part)
    .join(' × ');

/**
 * A bias-audit table: group, N, rate, impact ratio (flagged under 0.8), p-value, excluded (issue 35). Groups
 * hidden so that no one can be singled out (decision 0222) are listed together after the others: those of
 * fewer than `minCell` people under "Fewer than 5 each", those hidden with them under "Not shown"; neither
 * has a number.
 */
export function AuditTable({
  title,
  rows,
  rateLabel,
  minCell,
}: {
  title: string;
  rows: Row[];
  rateLabel: string;
  minCell: number;
}) {
  const shown = rows.filter((r) => !r.suppressed && r.n);
  const small = rows.filter((r) => r.suppressed === 'small').map((r) => label(r.group));
  const hiddenWith = rows.filter((r) => r.suppressed === 'complementary').map((r) => label(r.group));
  const any = shown.length + small.length + hiddenWith.length > 0;
  // One full-width line per kind: a table of hidden groups only has no columns to scroll on a phone.
  const hiddenRow = (key: string, groups: string[], lead: string, why: string) => (
    <tr key={key}>
      <td colSpan={5} className="px-3 py-2 text-slate-600">
        <span className="font-medium text-slate-900">{lead}</span> {groups.join(', ')}. {why}
      </td>
    </tr>
  );
  return (
    <div className="overflow-x-auto">
      {/* The minimum width keeps a table of groups readable (it scrolls on a phone); an empty one, without
          its column heads, fits. */}
      <table aria-label={title} className={`w-full text-left text-sm ${shown.length ? 'min-w-[560px]' : ''}`}>
        <caption className="pb-2 text-left text-sm font-semibold text-slate-900">{title}</caption>
        {shown.length > 0 && (
          <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              {['Group', 'N', rateLabel, 'Impact ratio', 'Significance'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody className="divide-y divide-slate-100">
          {!any && (
            <tr>
              <td colSpan={5} className="px-3 py-3 text-slate-500">
                No one in the sample answered for this table.
              </td>
            </tr>
          )}
          {shown.map((r) => (
            <tr key={r.group} className={r.below_four_fifths ? 'bg-amber-50' : undefined}>
              <td className="px-3 py-2">{label(r.group)}</td>
              <td className="px-3 py-2">{r.n}</td>
              <td className="px-3 py-2">{pct(rateOf(r))}</td>
              <td className="px-3 py-2">
                {r.excluded ? (
                  <span className="text-slate-500">Excluded (under 2 %)</span>
                ) : (
                  <>
                    {r.impact_ratio === null ? '—' : r.impact_ratio.toFixed(2)}
                    {r.below_four_fifths && (
                      <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                        Below 0.8
                      </span>
                    )}
                  </>
                )}
              </td>
              <td className="px-3 py-2">
                {r.p_value === null
                  ? r.excluded
                    ? '—'
                    : 'Reference'
                  : r.significant
                    ? `Significant (p = ${r.p_value.toFixed(3)})`
                    : `Not significant (p = ${r.p_value.toFixed(2)})`}
              </td>
            </tr>
          ))}
          {small.length > 0 &&
            hiddenRow(
              'small',
              small,
              `Fewer than ${minCell} each:`,
              'No number, rate or ratio, so that no one can be singled out.',
            )}
          {hiddenWith.length > 0 &&
            hiddenRow(
              'complementary',
              hiddenWith,
              'Not shown:',
              'With the total, their numbers would give a smaller group away.',
            )}
        </tbody>
      </table>
    </div>
  );
}

/** A simple bar chart of the rates, with the four-fifths line of the highest rate. */
export function RateChart({ title, rows }: { title: string; rows: Row[] }) {
  const shown = rows.filter((r) => !r.suppressed && r.n && !r.excluded);
  const top = Math.max(0, ...shown.map((r) => rateOf(r) ?? 0));
  return (
    <figure aria-label={title} className="space-y-1.5">
      <figcaption className="text-sm font-semibold text-slate-900">{title}</figcaption>
      {shown.length === 0 && <p className="text-sm text-slate-500">No group here is large enough to show a rate.</p>}
      {shown.map((r) => {
        const rate = rateOf(r) ?? 0;
        return (
          <div
            key={r.group}
            className="grid grid-cols-[8rem_1fr_3.5rem] items-center gap-2 text-xs sm:grid-cols-[12rem_1fr_4rem]"
          >
            <span className="truncate" title={label(r.group)}>
              {label(r.group)}
            </span>
            <div className="relative h-4 rounded bg-slate-100">
              <div
                className={`h-4 rounded ${r.below_four_fifths ? 'bg-amber-500' : 'bg-brand-500'}`}
                style={{ width: `${rate * 100}%` }}
              />
              {top > 0 && (
                <div
                  aria-hidden
                  className="absolute top-[-2px] h-5 w-px bg-slate-700"
                  style={{ left: `${top * 0.8 * 100}%` }}
                  title="Four-fifths of the highest rate"
                />
              )}
            </div>
            <span className="text-right tabular-nums">{pct(rate)}</span>
          </div>
        );
      })}
      {shown.length > 0 && (
        <p className="text-xs text-slate-500">The dark line marks four-fifths of the highest rate.</p>
      )}
    </figure>
  );
}
