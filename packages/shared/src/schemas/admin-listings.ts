import { z } from 'zod';
import { workSampleResultSchema } from './work-sample';
import { jobSchema, jobStatusSchema } from './job';
import { adminInterviewSchema, interviewStatusSchema } from './interview';
import { adminTaskSchema, taskStatusSchema } from './task';
import { earningStatusSchema } from './earnings';
import { dollarsSchema, optionalUuid } from './common';
import { assessmentSchema, provenanceSchema } from './assessment';
import { adminAppealSchema, integrityEventSchema } from './oversight';
import { transcriptTurnSchema } from '../interview-protocol';

/** Paging for every provider-console list: 1-based page, at most 100 rows a page. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').default(1),
  page_size: z.coerce.number().int().min(1).max(100, 'page_size is at most 100').default(20),
});
export type PageQuery = z.input<typeof pageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type Page<T> = { items: T[]; total: number; page: number; page_size: number };

/** A number of rows (interviews, tasks, recipients, ...). */
const count = z.number().int();
/** One count field a name, in the order named: the tallies a list row or a progress summary carries. */
const countsOf = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, count])) as Record<K, typeof count>;
const optionalSearch = z.string().trim().max(200).optional();

/* Jobs ------------------------------------------------------------------------------------------ */

export const adminJobListQuerySchema = pageQuerySchema.extend({
  status: jobStatusSchema.optional(),
  q: optionalSearch,
});

export const adminJobListItemSchema = jobSchema.extend(
  countsOf('applicants', 'awaiting_review', 'approved', 'tasks_total', 'tasks_open'),
);
export type AdminJobListItem = z.infer<typeof adminJobListItemSchema>;

/* Interviews ------------------------------------------------------------------------------------ */

export const adminInterviewListQuerySchema = pageQuerySchema.extend({
  status: interviewStatusSchema.optional(),
  job_id: optionalUuid('job_id'),
  candidate_id: optionalUuid('candidate_id'),
  q: optionalSearch,
});

export const assessmentSummarySchema = assessmentSchema.pick({
  method: true,
  status: true,
  overall_score: true,
  recommendation: true,
});

export const adminInterviewListItemSchema = adminInterviewSchema.extend({
  candidate_resume_url: z.string().nullable(),
  assessed_at: z.string().nullable(),
  assessment: assessmentSummarySchema.nullable(),
});
export type AdminInterviewListItem = z.infer<typeof adminInterviewListItemSchema>;

/** The stored turn without its clock times: the console seeks by offset. */
export const adminTranscriptTurnSchema = transcriptTurnSchema.omit({ started_at: true, ended_at: true });
export type AdminTranscriptTurn = z.infer<typeof adminTranscriptTurnSchema>;

export const adminInterviewDetailSchema = adminInterviewListItemSchema.extend({
  assessment: assessmentSchema.nullable(),
  started_at: z.string().nullable(),
  has_recording: z.boolean(),
  /** Which pass wrote the candidate turns (decision 0172). */
  transcript_pass: z.enum(['live', 'careful']),
  transcript: z.array(adminTranscriptTurnSchema),
  candidate_position: z.string().nullable(),
  /** Issue 35: a blind interview answers `assessment: null` until the reviewer posts their own scores. */
  assessment_hidden: z.boolean(),
  /** The reviewer's own blind scores, once posted. */
  human_scores: z.array(z.object({ criterion: z.string(), score: z.number().int() })).nullable(),
  provenance: provenanceSchema.nullable(),
  integrity_events: z.array(integrityEventSchema),
  appeal: adminAppealSchema.nullable(),
  /** The work sample beside gold (issue 46): null without one, and hidden with the assessment while blind. */
  work_sample: workSampleResultSchema.nullable(),
});
export type AdminInterviewDetail = z.infer<typeof adminInterviewDetailSchema>;

/* Candidates ------------------------------------------------------------------------------------ */

export const adminCandidateListQuerySchema = pageQuerySchema.extend({
  q: optionalSearch,
  /** Only candidates with an interview in this status (e.g. approved = accepted candidates). */
  interview_status: interviewStatusSchema.optional(),
  job_id: optionalUuid('job_id'),
});

export const adminCandidateListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  profile_completed: z.boolean(),
  position: z.string().nullable(),
  country: z.string().nullable(),
  resume_url: z.string().nullable(),
  interviews: count,
  approved_interviews: count,
  created_at: z.string(),
});
export type AdminCandidateListItem = z.infer<typeof adminCandidateListItemSchema>;

/** Which candidate a per-candidate row is about. */
const candidateIdentity = { user_id: z.string(), email: z.string(), name: z.string().nullable() };

export const candidateTaskProgressSchema = z.object({
  ...candidateIdentity,
  ...countsOf('assigned', 'in_progress', 'submitted', 'accepted', 'rejected', 'total'),
});
export type CandidateTaskProgress = z.infer<typeof candidateTaskProgressSchema>;

export const candidateBalanceSchema = z.object({
  ...candidateIdentity,
  pending: dollarsSchema,
  available: dollarsSchema,
  paid: dollarsSchema,
});
export type CandidateBalance = z.infer<typeof candidateBalanceSchema>;

export const adminCandidateDetailSchema = adminCandidateListItemSchema.extend({
  profile: z.record(z.string(), z.unknown()).nullable(),
  interview_list: z.array(adminInterviewListItemSchema),
  task_progress: candidateTaskProgressSchema,
  balance: candidateBalanceSchema,
});
export type AdminCandidateDetail = z.infer<typeof adminCandidateDetailSchema>;

/* Tasks ----------------------------------------------------------------------------------------- */

export const adminTaskListQuerySchema = pageQuerySchema.extend({
  job_id: optionalUuid('job_id'),
  assignee_id: optionalUuid('assignee_id'),
  status: taskStatusSchema.optional(),
  /** submitted = completed and waiting for the provider's review. */
  review: z.enum(['waiting', 'accepted', 'rejected']).optional(),
});
export type AdminTaskListItem = z.infer<typeof adminTaskSchema>;

export const taskProgressQuerySchema = z.object({ job_id: optionalUuid('job_id') });

/* Money ----------------------------------------------------------------------------------------- */

export const balancesQuerySchema = pageQuerySchema.extend({
  q: optionalSearch,
  only_available: z.enum(['true', 'false']).optional(),
});

export const adminTransactionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  task_name: z.string(),
  job_title: z.string(),
  amount: dollarsSchema,
  hours: z.number(),
  status: earningStatusSchema,
  payout_id: z.string().nullable(),
  created_at: z.string(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const transactionsQuerySchema = pageQuerySchema.extend({
  user_id: optionalUuid('user_id'),
  status: earningStatusSchema.optional(),
});

export const payoutHistoryItemSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by_email: z.string().nullable(),
  total: dollarsSchema,
  recipients: count,
  transactions: count,
});
export type PayoutHistoryItem = z.infer<typeof payoutHistoryItemSchema>;
