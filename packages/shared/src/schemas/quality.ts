/**
 * Rating quality (issue 26): items rated by several raters, gold items, agreement, rater reliability,
 * consensus, the review queue and the dataset export. Gold appears only in the provider's replies.
 */
import { z } from 'zod';
import { taskCreateSchema } from './task';
import { EXPLANATION_MAX_LENGTH } from './work-sample-settings';

/** The most raters one item may have (issue 26: 1-9). */
export const RATERS_PER_ITEM_MAX = 9;
/** Defaults of the automatic pause: gold error above this after at least that many gold items. */
export const PAUSE_GOLD_ERROR_ABOVE = 1.0;
export const PAUSE_MIN_GOLD_ITEMS = 5;
/** Rated items a rater needs before their ratings are weighted by reliability in the consensus. */
export const CONSENSUS_RECORD_MIN_ITEMS = 25;
export const REJECTION_REASON_MAX_LENGTH = 500;

export const goldRatingSchema = z
  .number({ message: 'gold_rating must be a whole number from 1 to 5' })
  .int('gold_rating must be a whole number from 1 to 5')
  .min(1, 'gold_rating must be a whole number from 1 to 5')
  .max(5, 'gold_rating must be a whole number from 1 to 5');

/** One uploaded entry: a task, optionally with the provider's known answer. */
export const itemCreateSchema = taskCreateSchema
  .extend({
    gold_rating: goldRatingSchema.nullish(),
    /** Joins the job's work-sample pool (issue 46): rated by candidates in the interview, never by raters. */
    work_sample: z.boolean({ message: 'work_sample must be true or false' }).optional(),
    /** A public practice example: shown with its answer and explanation after a practice rating. */
    example: z.boolean({ message: 'example must be true or false' }).optional(),
    explanation: z.string().trim().max(EXPLANATION_MAX_LENGTH).optional(),
  })
  .superRefine((item, ctx) => {
    const pooled = item.work_sample === true || item.example === true;
    if (item.work_sample && item.example)
      ctx.addIssue({
        code: 'custom',
        path: ['example'],
        message: 'An item is a work-sample item or an example, not both',
      });
    if (pooled && (item.gold_rating === undefined || item.gold_rating === null))
      ctx.addIssue({
        code: 'custom',
        path: ['gold_rating'],
        message: 'A work-sample or example item needs its gold_rating',
      });
    if (pooled && item.assignee_id)
      ctx.addIssue({ code: 'custom', path: ['assignee_id'], message: 'A work-sample or example item is not assigned' });
    if (item.example && !item.explanation)
      ctx.addIssue({ code: 'custom', path: ['explanation'], message: 'An example item needs an explanation' });
  });
export type ItemCreate = z.input<typeof itemCreateSchema>;

/** POST /api/admin/jobs/{id}/tasks: each entry becomes one item rated by raters_per_item raters. */
export const itemsUploadRequestSchema = z.object({
  tasks: z.array(itemCreateSchema).min(1, 'Add at least one task').max(200, 'At most 200 tasks at a time'),
  raters_per_item: z
    .number({ message: `raters_per_item must be a whole number from 1 to ${RATERS_PER_ITEM_MAX}` })
    .int(`raters_per_item must be a whole number from 1 to ${RATERS_PER_ITEM_MAX}`)
    .min(1, `raters_per_item must be a whole number from 1 to ${RATERS_PER_ITEM_MAX}`)
    .max(RATERS_PER_ITEM_MAX, `raters_per_item must be a whole number from 1 to ${RATERS_PER_ITEM_MAX}`)
    .default(1),
});
export type ItemsUploadRequest = z.input<typeof itemsUploadRequestSchema>;

/** POST /api/admin/jobs/{id}/tasks/distribute */
/** POST /api/admin/jobs/{id}/tasks/distribute: how many tasks went out, and to whom (issue 34: their e-mails). */
export const distributeReplySchema = z.object({
  job_id: z.string(),
  assigned: z.number().int(),
  raters: z.array(z.object({ user_id: z.string(), assigned: z.number().int() })),
});
export type DistributeReply = z.infer<typeof distributeReplySchema>;

export const RATER_STATUSES = ['active', 'paused'] as const;
export const raterStatusSchema = z.enum(RATER_STATUSES);
export type RaterStatus = z.infer<typeof raterStatusSchema>;

/** A rater's record on one job. */
export const raterRecordSchema = z.object({
  tasks_rated: z.number().int(),
  gold_rated: z.number().int(),
  /** Mean absolute difference from gold; null without gold items rated. */
  gold_mean_abs_error: z.number().nullable(),
  /** Mean signed difference from gold, or from the other raters' median on items without gold. */
  bias: z.number().nullable(),
  /** Share of the rater's items where they are within one point of the other raters' median. */
  agreement: z.number().nullable(),
  status: raterStatusSchema,
});
export type RaterRecord = z.infer<typeof raterRecordSchema>;

/** One rater in the quality report; also the reply of pause and unpause. */
export const qualityRaterSchema = raterRecordSchema.extend({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  paused_reason: z.string().nullable(),
});
export type QualityRater = z.infer<typeof qualityRaterSchema>;

/** "Does it predict?" (issue 46): each accepted rater's first this many paid gold items are compared with their work sample. */
export const PREDICTION_PAID_ITEMS = 20;
/** A rater counts once this many of their paid gold items are in (fewer say little about them). */
export const PREDICTION_MIN_PAID_ITEMS = 5;

/** GET /api/admin/jobs/{id}/quality */
export const qualityReportSchema = z.object({
  /** Krippendorff's alpha (interval) over items with at least two submitted ratings; null when undefined. */
  krippendorff_alpha: z.number().nullable(),
  items_total: z.number().int(),
  items_compared: z.number().int(),
  items_needing_review: z.number().int(),
  review_queue_count: z.number().int(),
  unassigned_tasks: z.number().int(),
  settings: z.object({ pause_gold_error_above: z.number(), pause_min_gold_items: z.number().int() }),
  raters: z.array(qualityRaterSchema),
  /**
   * Does the work sample predict the job (issue 46)? Pearson r between accepted raters' work-sample
   * distance from gold and the distance from gold of their first PREDICTION_PAID_ITEMS paid gold items,
   * over the n raters with both; r is null when n < 3 or either side does not vary.
   */
  work_sample_prediction: z.object({ r: z.number().nullable(), n: z.number().int() }),
});
export type QualityReport = z.infer<typeof qualityReportSchema>;

export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export const reviewStateSchema = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof reviewStateSchema>;

/** GET /api/admin/jobs/{id}/review-queue?limit=20 */
export const reviewQueueQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .default(20),
});

export const reviewRatingSchema = z.object({
  task_id: z.string(),
  rater_id: z.string(),
  rater_name: z.string(),
  rating: z.number().int(),
  notes: z.string(),
  submitted_at: z.string(),
  review: reviewStateSchema,
  auto_approved: z.boolean(),
  rater: raterRecordSchema,
});
export type ReviewRating = z.infer<typeof reviewRatingSchema>;

export const reviewItemSchema = z.object({
  item_id: z.string(),
  task_name: z.string(),
  task_description: z.string(),
  instructions: z.string(),
  data_to_annotate: z.record(z.string(), z.unknown()),
  gold: z.number().int().nullable(),
  consensus: z.number().nullable(),
  spread: z.number().nullable(),
  needs_review: z.boolean(),
  ratings: z.array(reviewRatingSchema),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewQueueSchema = z.object({ total: z.number().int(), items: z.array(reviewItemSchema) });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** GET /api/admin/jobs/{id}/dataset?format=jsonl|csv */
export const DATASET_FORMATS = ['jsonl', 'csv'] as const;
export const datasetQuerySchema = z.object({
  format: z.enum(DATASET_FORMATS, { message: 'format must be jsonl or csv' }).default('jsonl'),
});

/** One line of the JSONL dataset (one item). */
export const datasetRecordSchema = z.object({
  item_id: z.string(),
  title: z.string(),
  data_type: z.string(),
  url: z.string().nullable(),
  text: z.string().nullable(),
  gold: z.number().int().nullable(),
  consensus: z.number().nullable(),
  spread: z.number().nullable(),
  needs_review: z.boolean(),
  ratings: z.array(
    z.object({
      rater_id: z.string(),
      rating: z.number().int(),
      notes: z.string(),
      submitted_at: z.string(),
      status: reviewStateSchema,
      /** The provider's reason, for a rejected rating; null otherwise. */
      rejection_reason: z.string().nullable(),
    }),
  ),
});
export type DatasetRecord = z.infer<typeof datasetRecordSchema>;
