import { z } from 'zod';
import { RUBRIC_CRITERIA, WORK_SAMPLE_CRITERION, criterionKeySchema } from './assessment';
import { oneOf, optionalUuid } from './common';

/*
 * Human oversight, explanation and appeal, integrity evidence and provenance (issue 35, items 6-9;
 * docs/product/responsible-ai.md).
 */

/* Oversight ------------------------------------------------------------------------------------ */

/**
 * The reviewer's own rubric scores on a blind interview: every core criterion once, 1-5, and the work
 * sample's (issue 46) optionally: not every interview has one, and the reviewer may not judge it.
 */
export const humanScoresRequestSchema = z.object({
  scores: z
    .array(
      z.object({
        criterion: criterionKeySchema,
        score: z
          .number({ message: 'Score must be a whole number from 1 to 5' })
          .int('Score must be a whole number from 1 to 5')
          .min(1, 'Score must be a whole number from 1 to 5')
          .max(5, 'Score must be a whole number from 1 to 5'),
      }),
    )
    .max(RUBRIC_CRITERIA.length + 1, `Give one score per criterion (${RUBRIC_CRITERIA.length})`)
    .refine(
      (s) =>
        new Set(s.map((x) => x.criterion)).size === s.length &&
        RUBRIC_CRITERIA.every((c) => s.some((x) => x.criterion === c.key)),
      `Give one score for each criterion: ${RUBRIC_CRITERIA.map((c) => c.key).join(', ')} (and ${WORK_SAMPLE_CRITERION.key} if you judged it)`,
    ),
});
export type HumanScoresRequest = z.infer<typeof humanScoresRequestSchema>;
export type HumanScore = HumanScoresRequest['scores'][number];

export const oversightQuerySchema = z.object({ job_id: optionalUuid('job_id') });

export const criterionAgreementSchema = z.object({
  criterion: criterionKeySchema,
  /** Blind interviews with both a human and an AI score on this criterion. */
  n: z.number().int(),
  mean_abs_difference: z.number().nullable(),
  /** Interval alpha over (human, AI) pairs; null when undefined (fewer than two pairs or no variation). */
  krippendorff_alpha: z.number().nullable(),
});

/** GET /api/admin/oversight: how often people depart from the AI, and how well it agrees with blind human scores. */
export const oversightReportSchema = z.object({
  decided: z.number().int(),
  overrides: z.number().int(),
  override_rate: z.number().nullable(),
  blind: z.object({ reviewed: z.number().int(), agreement: z.array(criterionAgreementSchema) }),
  /** The console's warnings: rubber-stamping, agreement dropping (decision 0195). */
  alerts: z.array(z.object({ kind: z.enum(['rubber_stamping', 'agreement_drop']), message: z.string() })),
});
export type OversightReport = z.infer<typeof oversightReportSchema>;

/* Integrity evidence ----------------------------------------------------------------------------- */

export const INTEGRITY_KINDS = ['focus_lost', 'tab_hidden', 'fullscreen_exit', 'paste', 'microphone_changed'] as const;
export const integrityKindSchema = oneOf('kind', INTEGRITY_KINDS);
export type IntegrityKind = z.infer<typeof integrityKindSchema>;
export const INTEGRITY_KIND_LABELS: Record<IntegrityKind, string> = {
  focus_lost: 'Window lost focus',
  tab_hidden: 'Tab hidden',
  fullscreen_exit: 'Left full screen',
  paste: 'Pasted text',
  microphone_changed: 'Microphone changed',
};
export const INTEGRITY_MARKS = ['explained', 'concern'] as const;

export const integrityEventSchema = z.object({
  id: z.string(),
  kind: integrityKindSchema,
  offset_seconds: z.number().int(),
  duration_seconds: z.number().nullable(),
  mark: z.enum(INTEGRITY_MARKS).nullable(),
});
export type IntegrityEvent = z.infer<typeof integrityEventSchema>;

export const integrityMarkRequestSchema = z.object({
  mark: z.enum(INTEGRITY_MARKS, { message: 'Mark must be explained or concern' }),
});

/* Explanation, appeal, corrections ---------------------------------------------------------------- */

export const APPEAL_WINDOW_DAYS = 30;

export const explanationSchema = z.object({
  ai_used: z.boolean(),
  /** Whether the AI's assessment came to a score (it does not when too little was heard clearly). */
  ai_scored: z.boolean(),
  role: z.string(),
  criteria: z.array(z.object({ name: z.string(), description: z.string() })),
  decision: z.enum(['approved', 'rejected']),
  human_review: z.literal(true),
  decided_at: z.string(),
  appeal_until: z.string(),
  /**
   * The work sample (issue 46), when the interview had one with a rating: how many items were within one
   * point of the reference rating and the criterion's score and rationale; never a reference rating.
   */
  work_sample: z
    .object({
      rated: z.number().int(),
      within_one: z.number().int(),
      /** Null when the AI did not score it (a human-only review). */
      score: z.number().int().nullable(),
      rationale: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** The candidate's appeal, once made. */
  appeal: z
    .object({ status: z.enum(['open', 'upheld', 'overturned']), created_at: z.string(), note: z.string().nullable() })
    .nullable(),
});
export type Explanation = z.infer<typeof explanationSchema>;

const reason = z
  .string({ message: 'Give a reason' })
  .trim()
  .min(1, 'Give a reason')
  .max(4000, 'Reason must be at most 4000 characters');

export const appealRequestSchema = z.object({ reason });

export const appealStatusSchema = z.enum(['open', 'upheld', 'overturned']);
export const adminAppealSchema = z.object({
  id: z.string(),
  interview_id: z.string(),
  job_id: z.string().nullable(),
  job_title: z.string().nullable(),
  candidate_name: z.string().nullable(),
  candidate_email: z.string(),
  reason: z.string(),
  decision_appealed: z.enum(['approved', 'rejected']),
  status: appealStatusSchema,
  resolution_note: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;
export const adminAppealsQuerySchema = z.object({
  status: appealStatusSchema.optional(),
  job_id: optionalUuid('job_id'),
});

export const appealResolveRequestSchema = z.object({
  outcome: z.enum(['upheld', 'overturned'], { message: 'Outcome must be upheld or overturned' }),
  note: z
    .string({ message: 'Write a note for the candidate' })
    .trim()
    .min(1, 'Write a note for the candidate')
    .max(4000, 'Note must be at most 4000 characters'),
});
export type AppealResolveRequest = z.infer<typeof appealResolveRequestSchema>;

export const transcriptCorrectionsRequestSchema = z.object({
  corrections: z
    .array(
      z.object({
        seq: z.number().int().nonnegative(),
        text: z
          .string({ message: 'Write the corrected text' })
          .trim()
          .min(1, 'Write the corrected text')
          .max(4000, 'A correction must be at most 4000 characters'),
      }),
    )
    .min(1, 'Send at least one correction')
    .max(200, 'At most 200 corrections at once'),
});
export const transcriptCorrectionsReplySchema = z.object({
  corrections: z.array(z.object({ seq: z.number().int(), text: z.string(), created_at: z.string() })),
});
