/** Pieces of raw SQL run through db.execute, outside the query builder (talent search, the dataset export). */
import { sql, type SQL } from 'drizzle-orm';

/** The rows of a db.execute result (both drivers answer with `rows`). */
export const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A list of values as one SQL array parameter list: ARRAY[$1, $2, ...]::type[]. */
export const sqlArray = (values: readonly string[], type: 'text' | 'uuid'): SQL =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
