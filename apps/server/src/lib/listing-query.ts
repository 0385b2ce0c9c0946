/** Small helpers shared by the console's list queries. */
import { ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '@app/shared';
import type { Db } from '../db/client';

// Correlated subqueries name the outer column explicitly: inside sql`` drizzle may render a column
// unqualified ("id"), which the subquery would resolve against its own table.
export const JOB_ID = sql.raw('"jobs"."id"');
export const USER_ID = sql.raw('"users"."id"');
export const PAYOUT_ID = sql.raw('"payouts"."id"');

export type Paging = { page: number; page_size: number };
export const offset = (p: Paging) => (p.page - 1) * p.page_size;
/** One page of a listing as the console's calls return it. */
export const pageOf = <T>(items: T[], total: number, q: Paging): Page<T> => ({
  items,
  total,
  page: q.page,
  page_size: q.page_size,
});
/** One page of an ordered query, its rows mapped to items, with the total that `count` reads afterwards. */
export async function pageFrom<R, T>(
  query: { limit(n: number): { offset(n: number): PromiseLike<R[]> } },
  q: Paging,
  count: () => Promise<number>,
  toItem: (row: R) => T,
): Promise<Page<T>> {
  const rows = await query.limit(q.page_size).offset(offset(q));
  return pageOf(rows.map(toItem), await count(), q);
}
export const int = (n: unknown) => Number(n ?? 0);
/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The console's search box: rows where any of the columns contains the term; no condition without one. */
export const search = (term: string | undefined, ...columns: Column[]) =>
  term ? or(...columns.map((column) => ilike(column, like(term)))) : undefined;

export async function countWhere(db: Db, table: PgTable, where: SQL | undefined) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return int(row?.n);
}

/* Jobs ------------------------------------------------------------------------------------------ */
