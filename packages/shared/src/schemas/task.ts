import { z } from 'zod';
import { optionalUuid } from './common';
import { linkText } from './text';
import { jobStatusSchema } from './job';
import { FEEDBACK_MAX_LENGTH } from '../constants';

/** Creative (annotation) task statuses (docs/product/rules.md). */
export const TASK_STATUSES = ['pending', 'assigned', 'in_progress', 'completed', 'reviewed'] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const TASK_DATA_TYPES = ['text', 'image', 'video', 'audio', 'document'] as const;
export const taskDataTypeSchema = z.enum(TASK_DATA_TYPES);
export type TaskDataType = z.infer<typeof taskDataTypeSchema>;

/** Rating labels shown next to the 1-5 buttons on the task screen (docs/product/screens/task.md). */
export const QUALITY_RATING_LABELS: Record<number, string> = {
  1: 'Poor Quality',
  2: 'Needs Improvement',
  3: 'Good Foundation',
  4: 'Strong Execution',
  5: 'Exceptional Work',
};

export const transcriptTurnEntrySchema = z.object({
  speaker: z.string().trim().min(1).max(100),
  text: z.string().max(20000),
});

/** A data URL is either server-relative (`/api/files/<id>`) or an absolute http(s) URL. */
const dataUrlSchema = linkText(2000, { files: true }).refine((v) => v !== '', {
  message: 'data_url must be an http(s) URL or an uploaded file (/api/files/...)',
});

/** The item a task asks the candidate to rate. Without data_type the item is a transcript. */
export const dataToAnnotateSchema = z.object({
  title: z.string().trim().max(300).optional(),
  description: z.string().trim().max(5000).optional(),
  data_type: taskDataTypeSchema.optional(),
  data_content: z.object({ text: z.string().max(100000) }).optional(),
  data_url: dataUrlSchema.optional(),
  transcript: z.union([z.string().max(100000), z.array(transcriptTurnEntrySchema).max(2000)]).optional(),
});
export type DataToAnnotate = z.infer<typeof dataToAnnotateSchema>;

/** The item as stored and sent back: its link was checked on the way in, so replies carry it as is. */
const storedDataToAnnotateSchema = dataToAnnotateSchema.extend({ data_url: z.string().optional() });

/** One task as the candidate reads it (GET /api/annotations/...). */
export const annotationTaskSchema = z.object({
  id: z.string(),
  job_id: z.string(),
  job_title: z.string(),
  job_status: jobStatusSchema,
  assignee_id: z.string().nullable(),
  status: taskStatusSchema,
  task_name: z.string(),
  task_description: z.string(),
  instructions: z.string(),
  data_to_annotate: storedDataToAnnotateSchema,
  quality_rating: z.number().int().nullable(),
  feedback_notes: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
});
export type AnnotationTask = z.infer<typeof annotationTaskSchema>;

/** The provider's view adds the assignee, the review, and the item with its gold answer (issue 26). */
export const adminTaskSchema = annotationTaskSchema.extend({
  assignee_email: z.string().nullable(),
  review_approved: z.boolean().nullable(),
  reviewed_at: z.string().nullable(),
  /** The item this task rates; the tasks of one item are rated by different raters. */
  item_id: z.string(),
  /** The provider's known answer for the item; never in a candidate's reply. */
  gold_rating: z.number().int().nullable(),
  /** Approved by the server's rules (near gold or the item's consensus), not by hand. */
  auto_approved: z.boolean(),
  /** The provider's reason for a rejection; the rater sees it with the earning. */
  review_reason: z.string().nullable(),
});
export type AdminTask = z.infer<typeof adminTaskSchema>;

/** POST /api/annotations/{taskId}/submit. The page disables submit at rating 0, so 1-5 are valid. */
export const taskSubmitRequestSchema = z.object({
  quality_rating: z
    .number({ message: 'Please provide a quality rating' })
    .int('Rating must be a whole number')
    .min(1, 'Please provide a quality rating')
    .max(5, 'Rating must be between 1 and 5'),
  feedback_notes: z
    .string({ message: 'Please provide feedback notes' })
    .trim()
    .min(1, 'Please provide feedback notes')
    .max(FEEDBACK_MAX_LENGTH, `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters`),
});
export type TaskSubmitRequest = z.infer<typeof taskSubmitRequestSchema>;

export const taskCreateSchema = z.object({
  task_name: z.string().trim().min(1, 'Task name is required').max(300),
  task_description: z.string().trim().max(5000).default(''),
  instructions: z.string().trim().max(10000).default(''),
  data_to_annotate: dataToAnnotateSchema,
  assignee_id: optionalUuid('assignee_id'),
});
export type TaskCreate = z.input<typeof taskCreateSchema>;

/** POST /api/admin/jobs/{id}/tasks */
export const taskCreateRequestSchema = z.object({
  tasks: z.array(taskCreateSchema).min(1, 'Add at least one task').max(200, 'At most 200 tasks at a time'),
});
export type TaskCreateRequest = z.input<typeof taskCreateRequestSchema>;

/** POST /api/admin/tasks/{id}/assign */
export const taskAssignRequestSchema = z.object({ user_id: z.uuid({ message: 'user_id must be a UUID' }) });

/** POST /api/admin/tasks/assign: several assignments at once, applied all or nothing. */
export const taskBulkAssignRequestSchema = z.object({
  assignments: z
    .array(
      z.object({
        task_id: z.uuid({ message: 'task_id must be a UUID' }),
        user_id: z.uuid({ message: 'user_id must be a UUID' }),
      }),
    )
    .min(1, 'Add at least one assignment')
    .max(200, 'At most 200 assignments at a time')
    .refine((list) => new Set(list.map((a) => a.task_id)).size === list.length, 'Each task may appear only once'),
});
export type TaskBulkAssignRequest = z.input<typeof taskBulkAssignRequestSchema>;

export const REJECTION_REASON_REQUIRED = 'Please give a reason for the rejection';

/** POST /api/admin/tasks/{id}/review: a rejection carries a reason the rater sees with the earning. */
export const taskReviewRequestSchema = z
  .object({
    approved: z.boolean({ message: 'approved must be true or false' }),
    reason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.approved && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REJECTION_REASON_REQUIRED });
  });
export type TaskReviewRequest = z.input<typeof taskReviewRequestSchema>;
