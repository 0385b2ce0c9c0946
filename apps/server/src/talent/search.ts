/**
 * GET /api/admin/talent: one ranked search over every candidate's search document (kept by database
 * triggers, drizzle/0002_talent_search.sql), with filters, facets and the snippets that say why each
 * person matched. Decision 0165.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  TALENT_SEARCH_FILTERS,
  talentSearchParamsSchema,
  type TalentMatch,
  type TalentResult,
  type TalentSearchReply,
  type talentSearchQuerySchema,
} from '@app/shared';
import type { Db } from '../db/client';
import type { Tx } from '../db/types';
import { talentSearchLog } from '../db/schema-talent';
import { AppError } from '../http/http-errors';
import { roundOrNull } from '../lib/round';
import { decodeCursor, encodeCursor, parseSearchText, type SearchText } from './query-text';
import { snippetsFor } from './snippets';
import { rows, sqlArray } from '../db/raw-sql';
import { visibleBestScoreSql } from '../compliance';
import { visibleWorkSampleSql } from './work-sample-sql';

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
  work_sample_distance: number | null;
  work_sample_items: number | null;
};
type Facet = { value: string; count: number };
type Reply = {
  total: number;
  results: Row[] | null;
  skills: Facet[] | null;
  /** [GROUPING(country, work_authorization, decision), value, count] of the one-pass facets. */
  value_counts: [number, string, number][] | null;
  /** How many matches each record threshold keeps: GOLD_ERROR_STEPS, AGREEMENT_STEPS, then WORK_SAMPLE_STEPS. */
  record_counts: number[];
};

export async function searchTalent(db: Db, input: TalentSearchInput, adminId: string): Promise<TalentSearchReply> {
  const offset = decodeCursor(input.cursor);
  if (offset === null) throw new AppError(422, BAD_CURSOR);
  const text = input.q ? parseSearchText(input.q) : null;
  if (text) await assertUsable(db, text);

  // One round trip: the matched set once, then the page, the total and every facet from it.
  const [reply] = await throughIndexes(db, async (tx) =>
    rows<Reply>(await tx.execute(searchQuery(input, text, offset))),
  );
  const page = reply?.results ?? [];
  const total = reply?.total ?? 0;
  // The snippets and the log write do not wait for each other.
  const [matches] = await Promise.all([
    text?.any
      ? snippetsFor(
          db,
          page.slice(0, SNIPPET_RESULTS).map((r) => r.user_id),
          text.any,
        )
      : new Map<string, TalentMatch[]>(),
    db.insert(talentSearchLog).values({ adminId, query: searchParams(input), total }),
  ]);
  return {
    total,
    results: page.map((r) => ({
      candidate_id: r.user_id,
      name: r.name,
      headline: r.headline,
      country: r.country,
      skills: r.skills,
      best_assessment_score: roundOrNull(r.best_score, 1),
      decision: r.decision,
      rated_count: r.rated_count,
      gold_error: roundOrNull(r.gold_error, 2),
      agreement: roundOrNull(r.agreement, 2),
      work_sample_distance: roundOrNull(r.work_sample_distance, 2),
      work_sample_items: r.work_sample_distance === null ? 0 : (r.work_sample_items ?? 0),
      matches: matches.get(r.user_id) ?? [],
    })),
    facets: {
      skills: reply?.skills ?? [],
      ...valueFacets(reply?.value_counts ?? []),
      ...recordFacets(reply?.record_counts ?? []),
    },
    next_cursor: offset + page.length < total ? encodeCursor(offset + page.length) : null,
  };
}

/** The one query of a search (exported for the benchmark, which prints its plan). */
export function searchQuery(input: TalentSearchInput, text: SearchText | null, offset: number): SQL {
  const plan = textPlan(text);
  const where = sql.join([...plan.conditions, ...filterConditions(input)], sql` AND `);
  const order = text
    ? sql`all_terms DESC, rank DESC, m.last_activity_at DESC, m.user_id`
    : sql`m.last_activity_at DESC, m.user_id`;
  // The matched set holds only what the facets and the order need: materializing wide rows was a
  // third of the query's time. The page reads its display columns back for its 20 rows.
  const matched = sql`
      matched AS MATERIALIZED (
        SELECT cs.user_id, cs.country, cs.work_authorization, cs.decision, cs.skill_keys, cs.gold_error,
               cs.agreement, ${visibleWorkSampleSql('distance')} AS work_sample_distance, cs.last_activity_at,
               ${plan.rank}
          FROM candidate_search cs
         WHERE ${where}
      )`;
  // The stored best_score and work sample count every interview; the page shows only what blind
  // review lets be seen.
  const page = sql`
      page AS (
        SELECT cs.user_id, cs.name, cs.headline, cs.country, cs.skills, cs.decision, cs.rated_count,
               cs.gold_error, cs.agreement, ${visibleBestScoreSql(sql`cs.user_id`)} AS best_score,
               p.work_sample_distance, ${visibleWorkSampleSql('items')} AS work_sample_items
          FROM (SELECT m.user_id, m.work_sample_distance, row_number() OVER (ORDER BY ${order}) AS n
                  FROM matched m ORDER BY ${order} LIMIT ${input.limit} OFFSET ${offset}) p
          JOIN candidate_search cs ON cs.user_id = p.user_id
         ORDER BY p.n
      )`;
  return sql`
      ${withClause([...plan.hitSets, matched, page])}
      SELECT (SELECT count(*)::int FROM matched) AS total,
             (SELECT json_agg(page) FROM page) AS results,
             (SELECT json_agg(json_build_object('value', ${spelling(sql`k.key`)}, 'count', k.count) ORDER BY k.count DESC, k.key)
                FROM (SELECT key, count(*)::int AS count FROM (SELECT unnest(skill_keys) AS key FROM matched) keys
                       GROUP BY key ORDER BY count DESC, key LIMIT ${FACET_SIZE}) k) AS skills,
             (SELECT json_agg(json_build_array(g.set, g.value, g.count))
                FROM (SELECT GROUPING(country, work_authorization, decision) AS set,
                             coalesce(country, work_authorization, decision) AS value, count(*)::int AS count
                        FROM matched GROUP BY GROUPING SETS ((country), (work_authorization), (decision))) g
               WHERE g.value IS NOT NULL) AS value_counts,
             (SELECT json_build_array(${recordCounts()}) FROM matched) AS record_counts`;
}

/**
 * How many people match a saved search's filters and entered the index after `since` (new people
 * since it was last opened). A search that no longer parses counts 0.
 */
export async function countMatches(db: Db, params: Record<string, string>, since: Date): Promise<number> {
  const parsed = talentSearchParamsSchema.safeParse(params);
  if (!parsed.success) return 0;
  const plan = textPlan(parsed.data.q ? parseSearchText(parsed.data.q) : null);
  const where = sql.join(
    [...plan.conditions, ...filterConditions({ ...parsed.data, limit: 1 }), sql`cs.first_indexed_at > ${since}`],
    sql` AND `,
  );
  const [row] = await throughIndexes(db, async (tx) =>
    rows<{ n: number }>(
      await tx.execute(sql`${withClause(plan.hitSets)}
                           SELECT count(*)::int AS n FROM candidate_search cs WHERE ${where}`),
    ),
  );
  return row?.n ?? 0;
}

/** The search's filters as stored in the log and in saved searches (no paging, no empty values). */
export function searchParams(input: Partial<TalentSearchInput>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of TALENT_SEARCH_FILTERS) {
    const value = input[key];
    if (value !== undefined && value !== '') out[key] = String(value);
  }
  return out;
}

function queries(text: SearchText) {
  const tsq = (s: string) => (s ? sql`websearch_to_tsquery('talent', ${s})` : sql`NULL::tsquery`);
  return { all: tsq(text.all), any: tsq(text.any), excluded: text.excluded ? tsq(text.excluded) : null };
}

/** Names have at most this many words; a longer search is not compared with names. */
const NAME_MAX_WORDS = 3;

/**
 * The typed words when they could be a name to compare by trigrams ("Jonh" for "John"): enough
 * letters, few enough words (every extra word adds trigrams to look up, for nothing).
 */
const nameWords = (text: SearchText) =>
  text.plain.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 && text.plain.split(/\s+/).length <= NAME_MAX_WORDS
    ? text.plain
    : null;

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
 * count (decision 0166). Disabling sequential scans inflates the plan's estimated cost, which on a
 * PostgreSQL server turns JIT compilation on (600 ms of compiling for a 30 ms query): JIT is off too.
 */
export async function throughIndexes<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
    return work(tx);
  });
}

/** Common table expressions as a WITH clause (none: nothing). */
const withClause = (ctes: SQL[]) => (ctes.length ? sql`WITH ${sql.join(ctes, sql`, `)}` : sql``);

/**
 * The people whose `column` matches `query`, found through the column's GIN index alone (an
 * uncorrelated subquery: hashed once, then a lookup per candidate), so no document is read whole.
 */
const matching = (column: 'document' | 'resume_document' | 'transcript_document', query: SQL) =>
  sql`cs.user_id IN (SELECT user_id FROM candidate_search WHERE ${sql.identifier(column)} @@ ${query})`;
const inSet = (set: 'doc_hits' | 'name_hits') => sql`cs.user_id IN (SELECT user_id FROM ${sql.identifier(set)})`;

/**
 * What a search's text adds to the query: the sets of people its terms and its name words hit (each
 * read once from its index, then looked up), the conditions on them, and the ranking columns.
 *
 * Ranking (decision 0166): people with all the terms before people with some; then by the strongest
 * part that matched (profile, ranked within by ts_rank on its small vector; then résumé and history;
 * then interviews; then notes), plus the name's likeness to the typed words. Recent activity breaks ties.
 */
function textPlan(text: SearchText | null): { hitSets: SQL[]; conditions: SQL[]; rank: SQL } {
  const none = { hitSets: [], conditions: [], rank: sql`true AS all_terms, 0 AS rank` };
  if (!text) return none;
  const { all, any, excluded } = queries(text);
  const name = nameWords(text);
  const hitSets: SQL[] = [];
  const conditions: SQL[] = [];
  if (text.any) {
    hitSets.push(sql`doc_hits AS MATERIALIZED (SELECT user_id FROM candidate_search WHERE document @@ ${any})`);
    // Names sharing enough trigrams with the typed words (pg_trgm's threshold), from the trigram
    // index: only those names are compared in full ("Jonh" for "John").
    if (name) hitSets.push(sql`name_hits AS MATERIALIZED (SELECT user_id FROM candidate_search WHERE name % ${name})`);
    const byName = name
      ? sql` OR (${inSet('name_hits')} AND similarity(cs.name, ${name}) >= ${NAME_SIMILARITY})`
      : sql``;
    conditions.push(sql`(${inSet('doc_hits')}${byName})`);
  }
  // A search of only excluded terms lists everyone else.
  if (excluded) conditions.push(sql`NOT ${matching('document', excluded)}`);
  if (!text.any) return { ...none, conditions };
  // With one positive term, having all the terms is being in the document's hits.
  const allTerms = text.terms === 1 ? inSet('doc_hits') : matching('document', all);
  const likeness = name ? sql`CASE WHEN ${inSet('name_hits')} THEN similarity(cs.name, ${name}) ELSE 0 END` : sql`0`;
  const rank = sql`${allTerms} AS all_terms,
             CASE WHEN cs.profile_document @@ ${any} THEN 3 + ts_rank(cs.profile_document, ${any})
                  WHEN ${matching('resume_document', any)} THEN 2
                  WHEN ${matching('transcript_document', any)} THEN 1
                  ELSE 0 END + ${likeness} AS rank`;
  return { hitSets, conditions, rank };
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
  // A still-blind interview's score neither shows nor filters (decision 0223): the stored best over every
  // interview bounds the visible one from above, so it narrows cheaply before the visible one decides.
  if (input.min_score !== undefined)
    conditions.push(
      sql`cs.best_score >= ${input.min_score} AND ${visibleBestScoreSql(sql`cs.user_id`)} >= ${input.min_score}`,
    );
  if (input.max_gold_error !== undefined) conditions.push(sql`cs.gold_error <= ${input.max_gold_error}::real`);
  if (input.min_agreement !== undefined) conditions.push(sql`cs.agreement >= ${input.min_agreement}::real`);
  // Without a (visible) sample the figure is null, and a person without one is left out.
  if (input.max_work_sample_distance !== undefined)
    conditions.push(sql`${visibleWorkSampleSql('distance')} <= ${input.max_work_sample_distance}::real`);
  if (input.job_id)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM interviews i WHERE i.candidate_id = cs.user_id AND i.job_id = ${input.job_id})`,
    );
  return conditions;
}

/** The rating-record facets' steps: each is a filter value, counted cumulatively. */
const GOLD_ERROR_STEPS = [0.5, 1];
const AGREEMENT_STEPS = [0.9, 0.75, 0.5];
/** Mean distance from gold on the work sample: within half a point, within one. */
const WORK_SAMPLE_STEPS = [0.5, 1];

/** One pass over the matches counts every record threshold (people without a record count nowhere). */
const recordCounts = () =>
  sql.join(
    [
      ...GOLD_ERROR_STEPS.map((step) => sql`count(*) FILTER (WHERE gold_error <= ${sql.raw(`${step}::real`)})`),
      ...AGREEMENT_STEPS.map((step) => sql`count(*) FILTER (WHERE agreement >= ${sql.raw(`${step}::real`)})`),
      ...WORK_SAMPLE_STEPS.map(
        (step) => sql`count(*) FILTER (WHERE work_sample_distance <= ${sql.raw(`${step}::real`)})`,
      ),
    ],
    sql`, `,
  );

function recordFacets(
  counts: number[],
): Pick<TalentSearchReply['facets'], 'max_gold_error' | 'min_agreement' | 'max_work_sample_distance'> {
  const steps = (list: number[], from: number) =>
    list.map((step, i) => ({ value: String(step), count: counts[from + i] ?? 0 })).filter((f) => f.count > 0);
  return {
    max_gold_error: steps(GOLD_ERROR_STEPS, 0),
    min_agreement: steps(AGREEMENT_STEPS, GOLD_ERROR_STEPS.length),
    max_work_sample_distance: steps(WORK_SAMPLE_STEPS, GOLD_ERROR_STEPS.length + AGREEMENT_STEPS.length),
  };
}

/**
 * How a skill key is shown in the facet: as the first matched person with it spelled it (the keys
 * are lower-cased for counting; "DaVinci Resolve" should not come back as "davinci resolve").
 */
const spelling = (key: SQL) =>
  sql`(SELECT s FROM matched m JOIN candidate_search c ON c.user_id = m.user_id, jsonb_array_elements_text(c.skills) AS s
        WHERE ${key} = ANY(m.skill_keys) AND lower(btrim(s)) = ${key} LIMIT 1)`;

/** Which facet a row of the GROUPING SETS count belongs to: its GROUPING() bits (1 = not grouped). */
const VALUE_FACETS = { 3: 'country', 5: 'work_authorization', 6: 'decision' } as const;

/** The country, work authorization and decision facets from their one-pass counts. */
function valueFacets(counts: [number, string, number][]) {
  const facets = { country: [] as Facet[], work_authorization: [] as Facet[], decision: [] as Facet[] };
  for (const [set, value, count] of counts) {
    const key = VALUE_FACETS[set as keyof typeof VALUE_FACETS];
    if (key) facets[key].push({ value, count });
  }
  const top = (list: Facet[]) =>
    list.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1)).slice(0, FACET_SIZE);
  return {
    country: top(facets.country),
    work_authorization: top(facets.work_authorization),
    decision: top(facets.decision),
  };
}
