import type { Db } from './client';

/** An open transaction, as `db.transaction(async (tx) => ...)` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Either the database or an open transaction; services accept both so callers can compose them. */
export type Executor = Db | Tx;
