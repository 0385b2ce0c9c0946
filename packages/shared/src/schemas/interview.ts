import { z } from 'zod';
import { optionalUuid } from './common';

/** Interview record statuses (docs/product/rules.md). */
export const INTERVIEW_STATUSES = [
  'not_started',
  'scheduled',
  'in_progress',
  'completed',
  'under_review',
  'approved',
  'rejected',
] as const;
export const interviewStatusSchema = z.enum(INTERVIEW_STATUSES);
export type InterviewStatus = z.infer<typeof interviewStatusSchema>;

/**
 * Statuses that stop a candidate from starting another interview for the same job (docs/product/rules.md, "Starting an interview"). An in_progress interview blocks only other sessions.
 */
export const INTERVIEW_BLOCKING_STATUSES = ['in_progress', 'completed', 'under_review', 'approved'] as const;

/** Statuses of an application that has not started yet (invited, or allowed a retake): starting the interview starts it. */
export const INTERVIEW_NOT_STARTED_STATUSES = [
  'not_started',
  'scheduled',
] as const satisfies readonly InterviewStatus[];

/** Statuses an interview reaches only once the candidate has ended it: completed, then review and decision. */
export const INTERVIEW_ENDED_STATUSES = [
  'completed',
  'under_review',
  'approved',
  'rejected',
] as const satisfies readonly InterviewStatus[];
export const isEndedStatus = (status: string | null | undefined): boolean =>
  (INTERVIEW_ENDED_STATUSES as readonly string[]).includes(status ?? '');

/** Statuses in which the provider may approve or reject an interview (the console offers the decision only then). */
export const INTERVIEW_DECIDABLE_STATUSES = ['completed', 'under_review'] as const satisfies readonly InterviewStatus[];
export const isDecidableStatus = (status: string | null | undefined): boolean =>
  (INTERVIEW_DECIDABLE_STATUSES as readonly string[]).includes(status ?? '');

export const acceptanceStatusSchema = z.enum(['accepted', 'declined']);
export type AcceptanceStatus = z.infer<typeof acceptanceStatusSchema>;

/** One interview as GET /api/interviews returns it. */
export const interviewSchema = z.object({
  id: z.string(),
  job_id: z.string().nullable(),
  candidate_id: z.string(),
  job_title: z.string().nullable(),
  /** The job's position_type. */
  position: z.string().nullable(),
  status: interviewStatusSchema,
  acceptance_status: acceptanceStatusSchema.nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Interview = z.infer<typeof interviewSchema>;

export const interviewListQuerySchema = z.object({
  job_id: optionalUuid('job_id'),
  candidate_id: optionalUuid('candidate_id'),
});
export type InterviewListQuery = z.infer<typeof interviewListQuerySchema>;

/**
 * The provider's decision on a completed interview (POST /api/admin/interviews/{id}/decision).
 * `note` is the optional note to the candidate, the only text e-mailed; `reason` is internal (kept in
 * the decision log, required when the decision goes against the AI's recommendation; issue 43).
 */
export const interviewDecisionRequestSchema = z.object({
  decision: z.enum(['approved', 'rejected'], { message: 'Decision must be approved or rejected' }),
  note: z.string().trim().max(2000, 'Note must be at most 2000 characters').optional(),
  reason: z.string().trim().max(2000, 'Reason must be at most 2000 characters').optional(),
});
export type InterviewDecisionRequest = z.infer<typeof interviewDecisionRequestSchema>;

/** The provider lets the candidate take an interview again (POST /api/admin/interviews/{id}/retake). */
export const interviewRetakeRequestSchema = z.object({
  reason: z
    .string({ message: 'Give a reason for the retake' })
    .trim()
    .min(1, 'Give a reason for the retake')
    .max(2000, 'Reason must be at most 2000 characters'),
});
export type InterviewRetakeRequest = z.infer<typeof interviewRetakeRequestSchema>;

/** An interview as the provider console sees it: the candidate plus the decision fields. */
export const adminInterviewSchema = interviewSchema.extend({
  candidate_email: z.string(),
  candidate_name: z.string().nullable(),
  decision_note: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type AdminInterview = z.infer<typeof adminInterviewSchema>;
