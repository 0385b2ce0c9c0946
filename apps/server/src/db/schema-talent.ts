/**
 * Talent search (decision 0165): one weighted full-text document per candidate, kept by database
 * triggers in the same transaction as the rows it is made from (drizzle/0002_talent_search.sql), and
 * the provider's saved searches, shortlists and search log.
 */
import { sql } from 'drizzle-orm';
import { customType, index, jsonb, pgTable, primaryKey, real, text, uuid, integer } from 'drizzle-orm/pg-core';
import { at, belongsTo, createdAt, id, mentions } from './columns';
import { files, jobs, users } from './schema';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The text read out of an uploaded résumé, kept for search (goes with the file). */
export const resumeTexts = pgTable('resume_texts', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
});

/** The search document of one candidate. Written only by the talent_refresh() trigger function. */
export const candidateSearch = pgTable(
  'candidate_search',
  {
    userId: belongsTo('user_id', () => users.id).primaryKey(),
    name: text('name').notNull().default(''),
    headline: text('headline'),
    country: text('country'),
    workAuthorization: text('work_authorization'),
    skills: jsonb('skills')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Lower-cased skills, for the filter and its facet. */
    skillKeys: text('skill_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bestScore: real('best_score'),
    /** approved / rejected / none: the latest decision on any of the candidate's interviews. */
    decision: text('decision').notNull().default('none'),
    /**
     * The rating record across every job (talent_refresh_record): ratings submitted, mean absolute
     * error against gold (null without gold), share within one point of the other raters' median
     * (null without another rater). Kept by a trigger on annotation_tasks.
     */
    ratedCount: integer('rated_count').notNull().default(0),
    goldError: real('gold_error'),
    agreement: real('agreement'),
    /**
     * The work sample of the candidate's latest finished interview that has one (issue 46; kept by
     * talent_refresh_work_sample, drizzle/0023): which interview, its mean absolute distance from gold
     * and how many items were rated. Search shows it only while that interview is not blind
     * (otherwise the latest one that is not), as it does the score.
     */
    workSampleInterviewId: uuid('work_sample_interview_id'),
    workSampleDistance: real('work_sample_distance'),
    workSampleItems: integer('work_sample_items').notNull().default(0),
    lastActivityAt: at('last_activity_at').notNull().defaultNow(),
    firstIndexedAt: at('first_indexed_at').notNull().defaultNow(),
    /** Everything (weights A-D): what a search matches, all its terms or some, and what it excludes. */
    document: tsvector('document').notNull(),
    /**
     * The document's parts by weight, so that ranking never reads the whole document (decision 0166):
     * the profile part (A: name, headline, skills, expertise) is small and ranked with ts_rank; the
     * résumé/history part (B) and the interview part (C) are only asked "did it match?", through
     * their GIN indexes. The notes (D) are what is left.
     */
    profileDocument: tsvector('profile_document')
      .notNull()
      .default(sql`''::tsvector`),
    resumeDocument: tsvector('resume_document')
      .notNull()
      .default(sql`''::tsvector`),
    transcriptDocument: tsvector('transcript_document')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    index('candidate_search_document_idx').using('gin', t.document),
    index('candidate_search_resume_document_idx').using('gin', t.resumeDocument),
    index('candidate_search_transcript_document_idx').using('gin', t.transcriptDocument),
    index('candidate_search_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('candidate_search_skill_keys_idx').using('gin', t.skillKeys),
  ],
);

/** A search an admin saved; last_run_at tells which matches are new since they last opened it. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    adminId: belongsTo('admin_id', () => users.id),
    name: text('name').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    lastRunAt: at('last_run_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_searches_admin_idx').on(t.adminId, t.createdAt)],
);

/** People the provider is considering for a job. */
export const shortlistEntries = pgTable(
  'shortlist_entries',
  {
    jobId: belongsTo('job_id', () => jobs.id),
    candidateId: belongsTo('candidate_id', () => users.id),
    addedBy: mentions('added_by', () => users.id),
    invitedAt: at('invited_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.candidateId] })],
);

/** Every talent search: who searched for what (like the recording access log). */
export const talentSearchLog = pgTable(
  'talent_search_log',
  {
    id: id(),
    adminId: mentions('admin_id', () => users.id),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    total: integer('total').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('talent_search_log_created_idx').on(t.createdAt)],
);
