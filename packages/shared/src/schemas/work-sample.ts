/**
 * The work sample inside the interview (issue 46): the candidate rates a few real items of the job,
 * one at a time, while thinking aloud; the server scores the ratings against gold. Gold appears only
 * in the provider's replies and, for practice example items, after the candidate's own rating.
 */
import { z } from 'zod';
import { dataToAnnotateSchema } from './task';

export * from './work-sample-settings';

/** An item as the task screen shows it: what a candidate may see of it (never its gold). */
export const workItemContentSchema = z.object({
  task_name: z.string(),
  task_description: z.string(),
  instructions: z.string(),
  data_to_annotate: dataToAnnotateSchema.extend({ data_url: z.string().optional() }),
});
export type WorkItemContent = z.infer<typeof workItemContentSchema>;

/** One item of the provider's pool (GET /api/admin/jobs/{id}/work-sample, and the upload's reply). */
export const workSampleItemSchema = z.object({
  item_id: z.string(),
  pool: z.enum(['work_sample', 'example']),
  /** True for every entry of the pools (the upload's reply mixes these with tasks). */
  work_sample: z.literal(true).or(z.literal(false)),
  task_name: z.string(),
  gold_rating: z.number().int(),
  explanation: z.string().nullable(),
  item: workItemContentSchema,
  /** Candidates who were shown it. */
  served: z.number().int(),
  /** Served to more than WORK_SAMPLE_EXPOSURE_LIMIT candidates: time to rotate it. */
  overexposed: z.boolean(),
  created_at: z.string(),
});
export type WorkSampleItem = z.infer<typeof workSampleItemSchema>;

/** GET /api/admin/jobs/{id}/work-sample */
export const workSamplePoolSchema = z.object({
  job_id: z.string(),
  work_sample_count: z.number().int(),
  work_sample_seconds: z.number().int(),
  /** The sample runs: count above 0 and at least that many items in the pool. */
  active: z.boolean(),
  exposure_limit: z.number().int(),
  items: z.array(workSampleItemSchema),
});
export type WorkSamplePool = z.infer<typeof workSamplePoolSchema>;

/** One rated (or served) item of an interview's sample, as the provider reviews it. */
export const workSampleResultItemSchema = z.object({
  item_id: z.string().nullable(),
  position: z.number().int(),
  task_name: z.string(),
  rating: z.number().int().nullable(),
  gold_rating: z.number().int(),
  /** |rating - gold|; null until rated. */
  distance: z.number().int().nullable(),
  /** Seconds from the item being sent to the rating; null until rated. */
  seconds: z.number().nullable(),
  late: z.boolean(),
  /** Seconds into the interview's recording when the item was sent (the console seeks there). */
  offset_seconds: z.number().int().nullable(),
  /** What the candidate said while on this item. */
  think_aloud: z.string(),
});
export type WorkSampleResultItem = z.infer<typeof workSampleResultItemSchema>;

/** `work_sample` of GET /api/admin/interviews/{id}: null without a sample, hidden while blind. */
export const workSampleResultSchema = z.object({
  items: z.array(workSampleResultItemSchema),
  /** Over the rated items; null when none is rated. */
  mean_abs_distance: z.number().nullable(),
  within_one_share: z.number().nullable(),
  median_seconds: z.number().nullable(),
});
export type WorkSampleResult = z.infer<typeof workSampleResultSchema>;

// ---- the socket (docs/product/socket-protocol.md) ----

/** server → client: the next item to rate; never its gold. */
export const workItemMessageSchema = z.object({
  event: z.literal('work_item'),
  item_id: z.string(),
  /** 0-based place of this item in the sample. */
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  /** Time allowed for this item. */
  seconds: z.number().int().positive(),
  /** Seconds already used on it (a reload comes back to the same item with its clock running). */
  elapsed_seconds: z.number().nonnegative(),
  item: workItemContentSchema,
});
export type WorkItemMessage = z.infer<typeof workItemMessageSchema>;

/** server → client, practice only: the reference rating and why, after the candidate's own rating. */
export const workFeedbackMessageSchema = z.object({
  event: z.literal('work_feedback'),
  item_id: z.string(),
  rating: z.number().int(),
  reference_rating: z.number().int(),
  explanation: z.string(),
});
export type WorkFeedbackMessage = z.infer<typeof workFeedbackMessageSchema>;

/** client → server: the candidate's one rating of the item on screen. */
export const workRatingMessageSchema = z.object({
  event: z.literal('work_rating'),
  item_id: z.string().trim().min(1).max(200),
  rating: z
    .number({ message: 'rating must be a whole number from 1 to 5' })
    .int('rating must be a whole number from 1 to 5')
    .min(1, 'rating must be a whole number from 1 to 5')
    .max(5, 'rating must be a whole number from 1 to 5'),
});
export type WorkRatingMessage = z.infer<typeof workRatingMessageSchema>;
