import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Page } from '@app/shared';
import { ErrorBanner } from './ErrorBanner';
import { Spinner } from './Spinner';
import { describeError } from '../lib/describe-error';
import { primaryButtonClass, secondaryButtonClass } from './form-styles';

export { formatDateTime as dateTime } from '../lib/format';
export const titleCase = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** A record's page waits for it, or says why it is not there; the children draw it once loaded. */
export function WhenLoaded<T>({
  query,
  loading,
  notFound,
  children,
}: {
  query: { isLoading: boolean; error: unknown; data?: T };
  loading: string;
  notFound: string;
  children: (record: T) => ReactNode;
}) {
  if (query.isLoading) return <Spinner label={loading} />;
  if (query.error || !query.data) return <ErrorBanner message={describeError(query.error, notFound)} />;
  return children(query.data);
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </div>
  );
}

export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      <div className="p-5">{children}</div>
    </section>
  );
}

/** A table that scrolls sideways on narrow screens instead of squeezing its columns. */
/**
 * A console table. On a phone (below 640 px) each row is a card and each cell carries its column's
 * name (index.css, `.table-cards`), so no column hides off the screen's edge (issue 34).
 */
export function Table({ label, head, children }: { label: string; head: ReactNode[]; children: ReactNode }) {
  const table = useRef<HTMLTableElement>(null);
  // Each cell is labelled with its column's heading after every render (the rows are the caller's).
  useLayoutEffect(() => {
    const el = table.current;
    if (!el) return;
    const names = [...el.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    for (const row of el.tBodies[0]?.rows ?? []) {
      row.setAttribute('role', 'row');
      [...row.cells].forEach((cell, i) => {
        cell.setAttribute('data-label', names[i] ?? '');
        if (cell.tagName === 'TD') cell.setAttribute('role', 'cell');
      });
    }
  });
  return (
    <div className="overflow-x-auto">
      <table
        ref={table}
        role="table"
        aria-label={label}
        className="table-cards w-full text-left text-sm sm:min-w-[640px]"
      >
        <thead role="rowgroup" className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr role="row">
            {head.map((h, i) => (
              <th key={i} scope="col" role="columnheader" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-100">
          {children}
        </tbody>
      </table>
    </div>
  );
}
export const td = 'px-3 py-2 align-top';

export function Empty({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-500">{children}</p>;
}

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600">
      <span>
        Page {page} of {pages} · {total} total
      </span>
      <div className="flex gap-2">
        <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}

/**
 * One page of a console list as a table: why it could not load ("Could not load" and the label), that
 * nothing matches, or its rows (the children draw one), then the page links. `label` names both the table and its page links;
 * `framed` sets it on a card of its own, for a page that is mostly this list.
 */
export function PagedTable<T>({
  list,
  label,
  head,
  empty,
  paging,
  framed,
  children,
}: {
  list: { data?: Page<T>; error: unknown };
  label: string;
  head: ReactNode[];
  empty: string;
  paging: { page: number; pageSize: number; onPage: (page: number) => void };
  framed?: boolean;
  children: (item: T) => ReactNode;
}) {
  const pager = list.data && <Pagination label={label} total={list.data.total} {...paging} />;
  const content = (
    <>
      <ErrorBanner message={list.error ? describeError(list.error, `Could not load ${label.toLowerCase()}`) : null} />
      {list.data && list.data.items.length === 0 && <Empty>{empty}</Empty>}
      {list.data && list.data.items.length > 0 && (
        <Table label={label} head={head}>
          {list.data.items.map(children)}
        </Table>
      )}
      {framed && pager ? <div className="px-3 pb-2">{pager}</div> : pager}
    </>
  );
  return framed ? <div className="rounded-xl border border-slate-200 bg-white p-2 shadow-sm">{content}</div> : content;
}

/** Approve (or accept) and Reject, side by side; both wait while a decision is being recorded. */
export function DecisionButtons({
  approve,
  subject,
  busy,
  onDecide,
}: {
  approve: 'Approve' | 'Accept';
  /** What is decided on, when the buttons stand in a list of them (named for screen readers). */
  subject?: string;
  busy: boolean;
  onDecide: (approved: boolean) => void;
}) {
  const about = (verb: string) => (subject ? `${verb} ${subject}` : undefined);
  return (
    <>
      <button
        type="button"
        className={primaryButtonClass}
        disabled={busy}
        aria-label={about(approve)}
        onClick={() => onDecide(true)}
      >
        {approve}
      </button>
      <button
        type="button"
        className={`${secondaryButtonClass} text-red-700`}
        disabled={busy}
        aria-label={about('Reject')}
        onClick={() => onDecide(false)}
      >
        Reject
      </button>
    </>
  );
}

/** The options of a status filter: All, then each status by name. */
export const statusOptions = (statuses: readonly string[]) => [
  { value: '', label: 'All' },
  ...statuses.map((s) => ({ value: s, label: titleCase(s) })),
];

/** A list's search field. The list follows the typing, so the field keeps its own text (uncontrolled). */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <span>{label}</span>
      <input
        type="search"
        defaultValue={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
      />
    </label>
  );
}

/** A labelled select used by the list filters. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  // A separate <label for>: a label wrapping the select would add the chosen option to its name.
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
