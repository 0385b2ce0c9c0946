/**
 * Talent search: the provider finds people across profiles, résumés, interviews and notes
 * (decision 0165). GET /api/admin/talent and its saved searches and shortlists.
 */
import { z } from 'zod';

export const TALENT_SEARCH_MAX_LIMIT = 50;
export const TALENT_DECISIONS = ['approved', 'rejected', 'none'] as const;
/** A talent search's filters: the query parameters a saved search keeps and the console's page address holds. */
export const TALENT_SEARCH_FILTERS = [
  'q',
  'skills',
  'country',
  'work_authorization',
  'decision',
  'min_score',
  'max_gold_error',
  'min_agreement',
  'max_work_sample_distance',
  'job_id',
] as const;

/**
 * A filter left empty (`""` or blanks from a form or an address, or null) is no filter at all: an
 * empty number would otherwise read as 0 and narrow the search (issue 32, decision 0171).
 */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());

const optionalFilter = unsetIfEmpty(z.string().trim().max(200));

/** A number filter from `min` to `max`; the messages name the query parameter. */
const numberFilter = (name: string, min: number, max: number) =>
  unsetIfEmpty(
    z.coerce
      .number({ message: `${name} must be a number` })
      .min(min, `${name} is between ${min} and ${max}`)
      .max(max, `${name} is between ${min} and ${max}`),
  );

/** GET /api/admin/talent query. `skills` is a comma-separated list; every one must match. */
export const talentSearchQuerySchema = z.object({
  q: unsetIfEmpty(z.string().trim().max(500, 'The search is at most 500 characters')),
  skills: unsetIfEmpty(z.string().trim().max(1000)),
  country: optionalFilter,
  work_authorization: optionalFilter,
  decision: unsetIfEmpty(z.enum(TALENT_DECISIONS, { message: 'decision must be approved, rejected or none' })),
  min_score: numberFilter('min_score', 1, 5),
  /** The rating record (issue 26): at most this mean error against gold items (0-4). */
  max_gold_error: numberFilter('max_gold_error', 0, 4),
  /** At least this share (0-1) of ratings within one point of the other raters' median. */
  min_agreement: numberFilter('min_agreement', 0, 1),
  /**
   * The work sample (issue 46): at most this mean distance from gold (0-4) on the items of the latest
   * interview with a rated sample. People without a sample are left out only when it is set.
   */
  max_work_sample_distance: numberFilter('max_work_sample_distance', 0, 4),
  job_id: unsetIfEmpty(z.uuid({ message: 'job_id must be a UUID' })),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit is at least 1')
    .max(TALENT_SEARCH_MAX_LIMIT, `limit is at most ${TALENT_SEARCH_MAX_LIMIT}`)
    .default(20),
  cursor: z.string().max(200).optional(),
});
export type TalentSearchQuery = z.input<typeof talentSearchQuerySchema>;

export const talentMatchSchema = z.object({
  source: z.enum(['profile', 'resume', 'transcript', 'note']),
  /** Matched words inside <mark>…</mark>; everything else HTML-escaped. */
  snippet: z.string(),
  interview_id: z.string().optional(),
  offset_seconds: z.number().int().optional(),
});
export type TalentMatch = z.infer<typeof talentMatchSchema>;

export const talentResultSchema = z.object({
  candidate_id: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  country: z.string().nullable(),
  skills: z.array(z.string()),
  best_assessment_score: z.number().nullable(),
  decision: z.enum(TALENT_DECISIONS),
  /** The rating record across jobs; null where there is none (no gold item, no other rater). */
  rated_count: z.number().int(),
  gold_error: z.number().nullable(),
  agreement: z.number().nullable(),
  /**
   * The latest interview's work sample (issue 46): mean distance from gold and items rated; null and 0
   * without one (or while its interview is still blind). Never the gold ratings themselves.
   */
  work_sample_distance: z.number().nullable(),
  work_sample_items: z.number().int(),
  matches: z.array(talentMatchSchema),
});
export type TalentResult = z.infer<typeof talentResultSchema>;

const facetSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const talentSearchReplySchema = z.object({
  total: z.number().int(),
  results: z.array(talentResultSchema),
  facets: z.object({
    skills: facetSchema,
    country: facetSchema,
    work_authorization: facetSchema,
    decision: facetSchema,
    /** Cumulative: each value is a max_gold_error filter and how many people it keeps. */
    max_gold_error: facetSchema,
    /** Cumulative: each value is a min_agreement filter and how many people it keeps. */
    min_agreement: facetSchema,
    /** Cumulative: each value is a max_work_sample_distance filter and how many people it keeps. */
    max_work_sample_distance: facetSchema,
  }),
  next_cursor: z.string().nullable(),
});
export type TalentSearchReply = z.infer<typeof talentSearchReplySchema>;

/* Saved searches ------------------------------------------------------------------------------- */

/** The filters a saved search keeps (the search query without paging). */
export const talentSearchParamsSchema = talentSearchQuerySchema.omit({ limit: true, cursor: true });

export const savedSearchCreateSchema = z.object({
  name: z.string().trim().min(1, 'Give the search a name').max(120, 'The name is at most 120 characters'),
  params: talentSearchParamsSchema,
});

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  params: z.record(z.string(), z.string()),
  last_run_at: z.string(),
  created_at: z.string(),
  /** People who match now and entered the index after last_run_at. */
  new_matches: z.number().int(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/* Shortlists ------------------------------------------------------------------------------------ */

export const shortlistAddSchema = z.object({ candidate_id: z.uuid({ message: 'candidate_id must be a UUID' }) });

export const shortlistEntrySchema = z.object({
  job_id: z.string(),
  candidate_id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  headline: z.string().nullable(),
  added_at: z.string(),
  invited_at: z.string().nullable(),
  /** The candidate's interview for this job, if any (an invitation starts one). */
  interview_status: z.string().nullable(),
});
export type ShortlistEntry = z.infer<typeof shortlistEntrySchema>;
