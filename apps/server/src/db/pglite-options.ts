import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** The PostgreSQL extensions the migrations create (talent search, decision 0165), loaded into PGlite. */
export const pgliteOptions = { extensions: { pg_trgm, unaccent } };
