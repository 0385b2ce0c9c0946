import type { ReactNode, Ref } from 'react';

/**
 * A table that scrolls sideways on wide screens and is a list of cards on a phone (below 640 px,
 * index.css `.table-cards`, decision 0189): each cell shows its column's name from `data-label`, so no
 * column hides off the screen's edge. The roles keep it a table for screen readers when CSS makes it a
 * list. The console's tables and the payouts table are drawn with it; each gives its own look.
 */
export function CardsTable({
  label,
  head,
  className,
  headClassName,
  headCellClassName,
  tableRef,
  children,
}: {
  label: string;
  head: readonly ReactNode[];
  /** Classes of the scrolling box, besides its scrolling. */
  className?: string;
  headClassName: string;
  headCellClassName: string;
  tableRef?: Ref<HTMLTableElement>;
  children: ReactNode;
}) {
  return (
    <div className={className ? `${className} overflow-x-auto` : 'overflow-x-auto'}>
      <table
        ref={tableRef}
        role="table"
        aria-label={label}
        className="table-cards w-full text-left text-sm sm:min-w-[640px]"
      >
        <thead role="rowgroup" className={headClassName}>
          <tr role="row">
            {head.map((h, i) => (
              <th key={i} scope="col" role="columnheader" className={headCellClassName}>
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
