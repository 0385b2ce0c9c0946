import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { BadgeColor, InterviewStatus, JobStatus, Page, TaskStatus } from '@app/shared';
import { Badge } from './Badge';
import { CardsTable } from './CardsTable';
import { ErrorBanner } from './ErrorBanner';
import { Spinner } from './Spinner';
import { describeError } from '../lib/describe-error';
import { primaryButtonClass, secondaryButtonClass } from './form-styles';

export { formatDateTime as dateTime } from '../lib/format';
export const titleCase = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** The console's status badges: the colour of every status of the shared interviews, jobs and tasks. */
const INTERVIEW_COLORS: Record<InterviewStatus, BadgeColor> = {
  not_started: 'grey',
  scheduled: 'blue',
  in_progress: 'yellow',
  completed: 'purple',
  under_review: 'purple',
  approved: 'green',
  rejected: 'red',
};
const JOB_COLORS: Record<JobStatus, BadgeColor> = {
  pending: 'yellow',
  active: 'green',
  completed: 'blue',
  archived: 'grey',
};
const TASK_COLORS: Record<TaskStatus, BadgeColor> = {
  pending: 'grey',
  assigned: 'blue',
  in_progress: 'yellow',
  completed: 'green',
  reviewed: 'purple',
};

export const InterviewBadge = ({ status }: { status: InterviewStatus }) => (
  <Badge color={INTERVIEW_COLORS[status]}>{titleCase(status)}</Badge>
);
export const JobBadge = ({ status }: { status: JobStatus }) => (
  <Badge color={JOB_COLORS[status]}>{titleCase(status)}</Badge>
);
export const TaskBadge = ({ status }: { status: TaskStatus }) => (
  <Badge color={TASK_COLORS[status]}>{titleCase(status)}</Badge>
);

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

/**
 * A console table (CardsTable): on a phone each row is a card, each cell labelled with its column's
 * heading here, after every render, so the callers draw plain rows (issue 34).
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
    <CardsTable
      tableRef={table}
      label={label}
      head={head}
      headClassName="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500"
      headCellClassName="px-3 py-2 font-medium"
    >
      {children}
    </CardsTable>
  );
}
export const td = 'px-3 py-2 align-top';

/** A row's last cell, holding the row's one action; `name` says what it acts on, for screen readers. */
export function ActionCell({
  name,
  disabled,
  onClick,
  children,
}: {
  name: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <td className={`${td} text-right`}>
      <button type="button" className={secondaryButtonClass} disabled={disabled} aria-label={name} onClick={onClick}>
        {children}
      </button>
    </td>
  );
}

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
 * A loaded list as a table: why it could not load (`failed`, with the server's word), that it is empty,
 * or its rows (the children draw one). Nothing while it loads.
 */
export function ListTable<T>({
  rows,
  error,
  failed,
  label,
  head,
  empty,
  children,
}: {
  rows: T[] | undefined;
  error: unknown;
  failed: string;
  label: string;
  head: ReactNode[];
  empty: ReactNode;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <>
      <ErrorBanner message={error ? describeError(error, failed) : null} />
      {rows && rows.length === 0 && <Empty>{empty}</Empty>}
      {rows && rows.length > 0 && (
        <Table label={label} head={head}>
          {rows.map(children)}
        </Table>
      )}
    </>
  );
}

/**
 * One page of a console list as a table (ListTable: "Could not load" and the label when it fails),
 * then the page links. `label` names both the table and its page links; `framed` sets it on a card of
 * its own, for a page that is mostly this list.
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
      <ListTable
        rows={list.data?.items}
        error={list.error}
        failed={`Could not load ${label.toLowerCase()}`}
        label={label}
        head={head}
        empty={empty}
      >
        {children}
      </ListTable>
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

/** The options of a job filter: All jobs, then each job by title. */
export const jobOptions = (jobs: readonly { id: string; title: string }[] | undefined) => [
  { value: '', label: 'All jobs' },
  ...(jobs ?? []).map((j) => ({ value: j.id, label: j.title })),
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
