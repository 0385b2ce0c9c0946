import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle, Db } from './client';

/** The app's handle on an embedded PGlite database (the app's own, or the template being built). */
export function pgliteHandle(client: PGlite, db: Db): DatabaseHandle {
  return {
    db,
    kind: 'embedded',
    query: async (text, params) => client.query(text, params as unknown[]),
    transaction: (work) =>
      client.transaction((tx) => work(async (text, params) => tx.query(text, params as unknown[]))),
    close: () => client.close(),
  };
}
