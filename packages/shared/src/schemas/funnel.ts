/**
 * The completion funnel of a job (issue 47, item 2) and the candidate's one satisfaction question
 * after an interview or a practice run (item 3).
 */
import { z } from 'zod';
import { oneOf, optionalUuid } from './common';
import { text } from './text';

/** The funnel's steps, in the order a person goes through them. */
export const FUNNEL_STEPS = [
  'invited',
  'opened',
  'signed_up',
  'consented',
  'started',
  'completed',
  'assessed',
  'decided',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  invited: 'Invited',
  opened: 'Opened',
  signed_up: 'Signed up',
  consented: 'Consented',
  started: 'Started',
  completed: 'Completed',
  assessed: 'Assessed',
  decided: 'Decided',
};

/**
 * Technical failures the interview page reports (the candidate's browser is the only one that
 * knows): no microphone (the camera or microphone could not be opened), connection lost (the
 * socket gave up reconnecting), ended early (the candidate pressed End before the interviewer closed).
 */
export const REPORTED_FAILURE_KINDS = ['no_microphone', 'connection_lost', 'ended_early'] as const;
/** And the one the server sees: nobody came back to an interview in progress, so the sweep ended it. */
export const TECHNICAL_FAILURE_KINDS = [...REPORTED_FAILURE_KINDS, 'abandoned'] as const;
export const technicalFailureKindSchema = oneOf('kind', TECHNICAL_FAILURE_KINDS);
export type TechnicalFailureKind = z.infer<typeof technicalFailureKindSchema>;

export const TECHNICAL_FAILURE_LABELS: Record<TechnicalFailureKind, string> = {
  no_microphone: 'No microphone',
  connection_lost: 'Connection lost',
  ended_early: 'Ended early',
  abandoned: 'Left and never came back',
};

export const technicalFailureRequestSchema = z.object({
  kind: oneOf('kind', REPORTED_FAILURE_KINDS),
  interview_id: optionalUuid('interview_id'),
});
export type TechnicalFailureRequest = z.infer<typeof technicalFailureRequestSchema>;

export const funnelQuerySchema = z.object({
  campaign_id: optionalUuid('campaign_id'),
  format: z.enum(['json', 'csv'], { message: 'format must be json or csv' }).optional(),
});
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

export const funnelStepSchema = z.object({
  step: z.enum(FUNNEL_STEPS),
  count: z.number().int(),
  /** count / the previous step's count; null for the first step or when the previous count is 0. */
  conversion: z.number().nullable(),
  /** Median over the people who reached both steps; null when nobody did. */
  median_seconds_from_previous: z.number().nullable(),
});
export type FunnelStepRow = z.infer<typeof funnelStepSchema>;

export const satisfactionSummarySchema = z.object({
  /** Mean of the scores given (skips left out), two decimals; null with none. */
  average: z.number().nullable(),
  count: z.number().int(),
  skipped: z.number().int(),
});
export type SatisfactionSummary = z.infer<typeof satisfactionSummarySchema>;

export const funnelSchema = z.object({
  job_id: z.uuid(),
  campaign_id: z.uuid().nullable(),
  steps: z.array(funnelStepSchema),
  /** People counted from `consented` on who applied without an invitation (job-wide funnel only). */
  uninvited: z.number().int(),
  satisfaction: satisfactionSummarySchema,
  /** People whose last step reached is `step` (everyone not yet decided). */
  stopped: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count: z.number().int() })),
  /** People who met each technical failure at least once. */
  technical_failures: z.array(z.object({ kind: technicalFailureKindSchema, count: z.number().int() })),
});
export type Funnel = z.infer<typeof funnelSchema>;

export const SATISFACTION_COMMENT_MAX = 2000;

const scoreSchema = z
  .number({ message: 'score must be a whole number from 1 to 5' })
  .int({ message: 'score must be a whole number from 1 to 5' })
  .min(1, { message: 'score must be a whole number from 1 to 5' })
  .max(5, { message: 'score must be a whole number from 1 to 5' });
const commentSchema = text()
  .max(SATISFACTION_COMMENT_MAX, { message: `comment must be at most ${SATISFACTION_COMMENT_MAX} characters` })
  .optional();

/** `{score, comment?}` or `{skipped: true}`: one answer, never both. */
export const satisfactionRequestSchema = z.union(
  [z.strictObject({ score: scoreSchema, comment: commentSchema }), z.strictObject({ skipped: z.literal(true) })],
  { message: 'Send {score: 1-5, comment?} or {skipped: true}' },
);
export type SatisfactionRequest = z.infer<typeof satisfactionRequestSchema>;

export const practiceSatisfactionRequestSchema = z.union(
  [
    z.strictObject({
      session_id: z.uuid({ message: 'session_id must be a UUID' }),
      job_id: optionalUuid('job_id'),
      score: scoreSchema,
      comment: commentSchema,
    }),
    z.strictObject({
      session_id: z.uuid({ message: 'session_id must be a UUID' }),
      job_id: optionalUuid('job_id'),
      skipped: z.literal(true),
    }),
  ],
  { message: 'Send {session_id, job_id?, score: 1-5, comment?} or {session_id, job_id?, skipped: true}' },
);
export type PracticeSatisfactionRequest = z.infer<typeof practiceSatisfactionRequestSchema>;

/** The stored answer as the candidate reads it back. */
export const satisfactionAnswerSchema = z.object({
  score: z.number().int().nullable(),
  comment: z.string().nullable(),
  skipped: z.boolean(),
  created_at: z.string(),
});
export type SatisfactionAnswer = z.infer<typeof satisfactionAnswerSchema>;

/** The console's view of a job's answers: comments without names (candidates answer more openly). */
export const jobSatisfactionSchema = z.object({
  interviews: satisfactionSummarySchema,
  practice: satisfactionSummarySchema,
  comments: z.array(
    z.object({
      source: z.enum(['interview', 'practice']),
      score: z.number().int(),
      comment: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type JobSatisfaction = z.infer<typeof jobSatisfactionSchema>;
