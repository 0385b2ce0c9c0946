/**
 * GET /api/admin/talent: one ranked search over every candidate's search document (kept by database
 * triggers, drizzle/0002_talent_search.sql), with filters, facets and the snippets that say why each
 * person matched. Decision 0165.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  talentSearchParamsSchema,
  type TalentResult,
  type TalentSearchReply,
  type talentSearchQuerySchema,
} from '@app/shared';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/types';
import { talentSearchLog } from '../../db/schema-talent';
import { AppError } from '../../lib/http-errors';
import { decodeCursor, encodeCursor, parseSearchText, type SearchText } from './query-text';
import { snippetsFor } from './snippets';
import { rows, sqlArray } from '../../db/raw-sql';

export type TalentSearchInput = z.output<typeof talentSearchQuerySchema>;

export const SEARCH_NOT_USABLE =
  'This search has no words we can look for. Common words such as "the" or "and" are left out: add a skill, a tool or a name.';
export const BAD_CURSOR = 'The cursor is not valid: start the search again.';

/** Facet lists are cut to their most frequent values. */
const FACET_SIZE = 15;
/** Highlighting re-reads the documents: only the first results of a page get snippets. */
const SNIPPET_RESULTS = 10;
/** A name this similar (trigram) to the typed words matches even with a typo ("Jonh" for "John"). */
const NAME_SIMILARITY = 0.35;

type Row = {
  user_id: string;
  name: string;
  headline: string | null;
  country: string | null;
  skills: string[];
  best_score: number | null;
  decision: TalentResult['decision'];
  rated_count: number;
  gold_error: number | null;
  agreement: number | null;
};
type Facet = { value: string; count: number };
type Reply = {
  total: number;
  results: Row[] | null;
  skills: Facet[] | null;
  country: Facet[] | null;
  work_authorization: Facet[] | null;
  decision: Facet[] | null;
  max_gold_error: Facet[] | null;
  min_agreement: Facet[] | null;
};

export async function searchTalent(db: Db, input: TalentSearchInput, adminId: string): Promise<TalentSearchReply> {
  const offset = decodeCursor(input.cursor);
  if (offset === null) throw new AppError(422, BAD_CURSOR);
  const text = input.q ? parseSearchText(input.q) : null;
  if (text) await assertUsable(db, text);

  const where = sql.join([...textConditions(text), ...filterConditions(input)], sql` AND `);
  const order = text
    ? sql`all_terms DESC, rank DESC, m.last_activity_at DESC, m.user_id`
    : sql`m.last_activity_at DESC, m.user_id`;

  // One round trip: the matched set once, then the page, the total and every facet from it.
  const [reply] = await throughIndexes(db, async (tx) =>
    rows<Reply>(
      await tx.execute(sql`
      WITH matched AS MATERIALIZED (
        SELECT cs.user_id, cs.name, cs.headline, cs.country, cs.work_authorization, cs.skills, cs.skill_keys,
               cs.best_score, cs.decision, cs.last_activity_at, cs.rated_count, cs.gold_error, cs.agreement,
               ${text ? rankColumns(text) : sql`true AS all_terms, 0 AS rank`}
          FROM candidate_search cs
         WHERE ${where}
      ),
      page AS (
        SELECT m.user_id, m.name, m.headline, m.country, m.skills, m.best_score, m.decision,
               m.rated_count, m.gold_error, m.agreement
          FROM matched m ORDER BY ${order} LIMIT ${input.limit} OFFSET ${offset}
      )
      SELECT (SELECT count(*)::int FROM matched) AS total,
             (SELECT json_agg(page) FROM page) AS results,
             (SELECT json_agg(f) FROM (
                SELECT mode() WITHIN GROUP (ORDER BY s.value) AS value, count(DISTINCT m.user_id)::int AS count
                  FROM matched m, jsonb_array_elements_text(m.skills) AS s(value)
                 GROUP BY lower(btrim(s.value)) ORDER BY count DESC, value LIMIT ${FACET_SIZE}) f) AS skills,
             (SELECT json_agg(f) FROM (${facet(sql`country`)}) f) AS country,
             (SELECT json_agg(f) FROM (${facet(sql`work_authorization`)}) f) AS work_authorization,
             (SELECT json_agg(f) FROM (${facet(sql`decision`)}) f) AS decision,
             (SELECT json_agg(f) FROM (${thresholds(sql`gold_error`, '<=', GOLD_ERROR_STEPS)}) f) AS max_gold_error,
             (SELECT json_agg(f) FROM (${thresholds(sql`agreement`, '>=', AGREEMENT_STEPS)}) f) AS min_agreement
    `),
    ),
  );
  const page = reply?.results ?? [];
  const matches = text?.any
    ? await snippetsFor(
        db,
        page.slice(0, SNIPPET_RESULTS).map((r) => r.user_id),
        text.any,
      )
    : new Map();
  const total = reply?.total ?? 0;
  await db.insert(talentSearchLog).values({ adminId, query: searchParams(input), total });
  return {
    total,
    results: page.map((r) => ({
      candidate_id: r.user_id,
      name: r.name,
      headline: r.headline,
      country: r.country,
      skills: r.skills,
      best_assessment_score: r.best_score === null ? null : Math.round(r.best_score * 10) / 10,
      decision: r.decision,
      rated_count: r.rated_count,
      gold_error: r.gold_error === null ? null : Math.round(r.gold_error * 100) / 100,
      agreement: r.agreement === null ? null : Math.round(r.agreement * 100) / 100,
      matches: matches.get(r.user_id) ?? [],
    })),
    facets: {
      skills: reply?.skills ?? [],
      country: reply?.country ?? [],
      work_authorization: reply?.work_authorization ?? [],
      decision: reply?.decision ?? [],
      max_gold_error: reply?.max_gold_error ?? [],
      min_agreement: reply?.min_agreement ?? [],
    },
    next_cursor: offset + page.length < total ? encodeCursor(offset + page.length) : null,
  };
}

/**
 * How many people match a saved search's filters and entered the index after `since` (new people
 * since it was last opened). A search that no longer parses counts 0.
 */
export async function countMatches(db: Db, params: Record<string, string>, since: Date): Promise<number> {
  const parsed = talentSearchParamsSchema.safeParse(params);
  if (!parsed.success) return 0;
  const text = parsed.data.q ? parseSearchText(parsed.data.q) : null;
  const where = sql.join(
    [...textConditions(text), ...filterConditions({ ...parsed.data, limit: 1 }), sql`cs.first_indexed_at > ${since}`],
    sql` AND `,
  );
  const [row] = await throughIndexes(db, async (tx) =>
    rows<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM candidate_search cs WHERE ${where}`)),
  );
  return row?.n ?? 0;
}

/** The search's filters as stored in the log and in saved searches (no paging, no empty values). */
export function searchParams(input: Partial<TalentSearchInput>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [
    'q',
    'skills',
    'country',
    'work_authorization',
    'decision',
    'min_score',
    'max_gold_error',
    'min_agreement',
    'job_id',
  ] as const) {
    const value = input[key];
    if (value !== undefined && value !== '') out[key] = String(value);
  }
  return out;
}

function queries(text: SearchText) {
  const tsq = (s: string) => (s ? sql`websearch_to_tsquery('talent', ${s})` : sql`NULL::tsquery`);
  return { all: tsq(text.all), any: tsq(text.any), excluded: text.excluded ? tsq(text.excluded) : null };
}

/** Enough letters to compare with names by trigrams ("Jonh" for "John"). */
const nameWords = (text: SearchText) => (text.plain.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 ? text.plain : null);

/** A search made only of stop words or syntax has nothing to look for: a 422, not an empty list. */
async function assertUsable(db: Db, text: SearchText) {
  const [row] = rows<{ any: number; excluded: number }>(
    await db.execute(sql`
      SELECT numnode(websearch_to_tsquery('talent', ${text.any})) AS any,
             numnode(websearch_to_tsquery('talent', ${text.excluded})) AS excluded`),
  );
  if (!row?.any && !row?.excluded) throw new AppError(422, SEARCH_NOT_USABLE);
}

/**
 * Runs the queries of `work` with every question to a document going through its GIN index: a
 * sequential scan would read (and decompress) each whole document, a cost the planner does not
 * count (decision 0166).
 */
async function throughIndexes<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return work(tx);
  });
}

/**
 * The people whose `column` matches `query`, found through the column's GIN index alone (an
 * uncorrelated subquery: hashed once, then a lookup per candidate), so no document is read whole.
 */
const matching = (column: 'document' | 'resume_document' | 'transcript_document', query: SQL) =>
  sql`cs.user_id IN (SELECT user_id FROM candidate_search WHERE ${sql.identifier(column)} @@ ${query})`;

/**
 * Ranking (decision 0166): people with all the terms before people with some; then by the strongest
 * part that matched (profile, ranked within by ts_rank on its small vector; then résumé and history;
 * then interviews; then notes), the name's likeness to the typed words added. Recent activity breaks ties.
 */
function rankColumns(text: SearchText): SQL {
  if (!text.any) return sql`true AS all_terms, 0 AS rank`;
  const { all, any } = queries(text);
  return sql`${matching('document', all)} AS all_terms,
             CASE WHEN cs.profile_document @@ ${any} THEN 3 + ts_rank(cs.profile_document, ${any})
                  WHEN ${matching('resume_document', any)} THEN 2
                  WHEN ${matching('transcript_document', any)} THEN 1
                  ELSE 0 END + similarity(cs.name, ${text.plain}) AS rank`;
}

function textConditions(text: SearchText | null): SQL[] {
  if (!text) return [];
  const { any, excluded } = queries(text);
  const conditions: SQL[] = [];
  // Positive terms: in the document, or the name close to the typed words (typos); a search of
  // only excluded terms lists everyone else.
  const name = nameWords(text);
  const nameMatch = name ? sql` OR (cs.name % ${name} AND similarity(cs.name, ${name}) >= ${NAME_SIMILARITY})` : sql``;
  if (text.any) conditions.push(sql`(${matching('document', any)}${nameMatch})`);
  if (excluded) conditions.push(sql`NOT ${matching('document', excluded)}`);
  return conditions;
}

function filterConditions(input: TalentSearchInput): SQL[] {
  const conditions: SQL[] = [sql`true`];
  const skills = (input.skills ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (skills.length) conditions.push(sql`cs.skill_keys @> ${sqlArray(skills, 'text')}`);
  if (input.country) conditions.push(sql`lower(cs.country) = lower(${input.country})`);
  if (input.work_authorization) conditions.push(sql`lower(cs.work_authorization) = lower(${input.work_authorization})`);
  if (input.decision) conditions.push(sql`cs.decision = ${input.decision}`);
  if (input.min_score !== undefined) conditions.push(sql`cs.best_score >= ${input.min_score}`);
  if (input.max_gold_error !== undefined) conditions.push(sql`cs.gold_error <= ${input.max_gold_error}::real`);
  if (input.min_agreement !== undefined) conditions.push(sql`cs.agreement >= ${input.min_agreement}::real`);
  if (input.job_id)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM interviews i WHERE i.candidate_id = cs.user_id AND i.job_id = ${input.job_id})`,
    );
  return conditions;
}

/** The rating-record facets' steps: each is a filter value, counted cumulatively. */
const GOLD_ERROR_STEPS = [0.5, 1];
const AGREEMENT_STEPS = [0.9, 0.75, 0.5];

/** How many of the matches each threshold of a record column keeps (people without a record: none). */
function thresholds(column: SQL, op: '<=' | '>=', steps: number[]) {
  return sql`SELECT step::text AS value, count(m.user_id)::int AS count
               FROM unnest(${sql.raw(`ARRAY[${steps.join(',')}]::real[]`)}) WITH ORDINALITY AS s(step, n)
               LEFT JOIN matched m ON m.${column} ${sql.raw(op)} s.step
              GROUP BY step, n HAVING count(m.user_id) > 0 ORDER BY n`;
}

function facet(column: SQL) {
  return sql`SELECT ${column} AS value, count(*)::int AS count FROM matched
              WHERE ${column} IS NOT NULL GROUP BY ${column} ORDER BY count DESC, value LIMIT ${FACET_SIZE}`;
}
