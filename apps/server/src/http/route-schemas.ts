/** Route schema pieces several route groups use the same way. */
import { z } from 'zod';
import { pageOf } from '@app/shared';

/** `{ id }` path params: a UUID, or a 422 that names what the id is of ("Job id must be a UUID"). */
export const idParams = (what: string) => z.object({ id: z.uuid({ message: `${what} id must be a UUID` }) });

/** A console list: the query string in, one page of items out. */
export const pagedList = <Q extends z.ZodType, I extends z.ZodType>(querystring: Q, item: I) => ({
  schema: { querystring, response: { 200: pageOf(item) } },
});
