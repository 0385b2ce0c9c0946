import { z } from 'zod';
import { optionalUuid } from './common';

/**
 * Responsible AI hiring (issue 35): the notice before an interview, the human-only alternative,
 * voluntary self-identification and the bias audit (docs/product/responsible-ai.md).
 */

/** The AI-assessment notice the candidate acknowledges; its version is stored with the consent. */
export const AI_ASSESSMENT_NOTICE = {
  version: '2026-11-ai-1',
  text:
    'This interview is conducted by an AI interviewer, not a person. It asks the questions, transcribes what ' +
    'you say and an AI system scores the content of your answers against the criteria below, quoting your own ' +
    'words as evidence. It never assesses your voice, tone, emotion, face, accent or appearance. A person at ' +
    'the company reads the transcript and the scores and makes the decision; the AI only assists. You may ask ' +
    'for a human-only review instead: then no AI scores your interview.',
  acknowledgement: 'I have read this notice and agree that an AI system assists in assessing my interview.',
} as const;

/** Integrity signals the interview page may report (listed in the notice). */
export const AI_NOTICE_INTEGRITY_SIGNALS = [
  'focus_lost',
  'tab_hidden',
  'fullscreen_exit',
  'paste',
  'microphone_changed',
] as const;

export const aiNoticeSchema = z.object({
  version: z.string(),
  text: z.string(),
  criteria: z.array(z.object({ name: z.string(), description: z.string() })),
  human_review: z.literal(true),
  retention_days: z.number().int(),
  alternative_available: z.literal(true),
  integrity_signals: z.array(z.string()),
  /** How to ask for a human-only review (plain words). */
  alternative_instructions: z.string(),
  /** The public page of the published bias-audit summaries (issue 43 item 17). */
  bias_audit_url: z.string(),
});

/** Where anyone can read the published bias-audit summaries (the web's page; its API is /api/public/bias-audit). */
export const BIAS_AUDIT_PAGE = '/bias-audit';
export type AiNotice = z.infer<typeof aiNoticeSchema>;

// ---- the human-only alternative ----

export const alternativeRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Tell us briefly why you would like a human-only review')
    .max(2000, 'Keep the reason under 2,000 characters'),
});
export type AlternativeRequest = z.infer<typeof alternativeRequestSchema>;

export const ALTERNATIVE_STATUSES = ['requested', 'resolved'] as const;
export const alternativeStatusSchema = z.enum(ALTERNATIVE_STATUSES);

export const alternativeCreatedSchema = z.object({ id: z.string(), status: alternativeStatusSchema });

/** GET /api/jobs/{id}/alternative-assessment: the candidate's own request for this job, or null. */
export const ownAlternativeSchema = z
  .object({ id: z.string(), status: alternativeStatusSchema, created_at: z.string() })
  .nullable();

export const adminAlternativeSchema = z.object({
  id: z.string(),
  status: alternativeStatusSchema,
  reason: z.string(),
  job_id: z.string().nullable(),
  job_title: z.string().nullable(),
  candidate_id: z.string(),
  candidate_name: z.string().nullable(),
  candidate_email: z.string(),
  interview_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type AdminAlternative = z.infer<typeof adminAlternativeSchema>;

export const alternativeResolveSchema = z.object({
  note: z.string().trim().min(1, 'Write a note on how the request was handled').max(4000),
});

// ---- voluntary self-identification (EEO-1 categories) ----

export const SEX_CATEGORIES = ['female', 'male', 'decline'] as const;
export const RACE_ETHNICITY_CATEGORIES = [
  'hispanic_or_latino',
  'white',
  'black_or_african_american',
  'asian',
  'native_hawaiian_or_pacific_islander',
  'american_indian_or_alaska_native',
  'two_or_more',
  'decline',
] as const;
export type SexCategory = (typeof SEX_CATEGORIES)[number];
export type RaceEthnicityCategory = (typeof RACE_ETHNICITY_CATEGORIES)[number];

export const SEX_LABELS: Record<SexCategory, string> = {
  female: 'Female',
  male: 'Male',
  decline: 'I decline to self-identify',
};
export const RACE_ETHNICITY_LABELS: Record<RaceEthnicityCategory, string> = {
  hispanic_or_latino: 'Hispanic or Latino',
  white: 'White (not Hispanic or Latino)',
  black_or_african_american: 'Black or African American (not Hispanic or Latino)',
  asian: 'Asian (not Hispanic or Latino)',
  native_hawaiian_or_pacific_islander: 'Native Hawaiian or Other Pacific Islander (not Hispanic or Latino)',
  american_indian_or_alaska_native: 'American Indian or Alaska Native (not Hispanic or Latino)',
  two_or_more: 'Two or more races (not Hispanic or Latino)',
  decline: 'I decline to self-identify',
};

export const selfIdentificationSchema = z.strictObject({
  sex: z.enum(SEX_CATEGORIES, { message: `sex must be one of: ${SEX_CATEGORIES.join(', ')}` }),
  race_ethnicity: z.enum(RACE_ETHNICITY_CATEGORIES, {
    message: `race_ethnicity must be one of: ${RACE_ETHNICITY_CATEGORIES.join(', ')}`,
  }),
});
export type SelfIdentification = z.infer<typeof selfIdentificationSchema>;

export const selfIdentificationReplySchema = selfIdentificationSchema.extend({ updated_at: z.string() }).nullable();
export type SelfIdentificationReply = z.infer<typeof selfIdentificationReplySchema>;

/** Why we ask, shown with the form (EEOC: record-keeping, never decisions). */
export const SELF_IDENTIFICATION_PURPOSE =
  'Optional. We ask only to check that our AI assessment treats every group fairly (a bias audit). Your answer ' +
  'is stored apart from your applications, is never shown to the people who review them, and is used only in ' +
  'totals. Not answering, or declining, never affects an application.';

// ---- the bias audit ----

const groupBase = {
  group: z.string(),
  /** Null when suppressed. */
  n: z.number().int().nullable(),
  /**
   * Why the group shows no count, rate or ratio, or null (decision 0222): `small`, fewer than `min_cell`
   * people (empty groups included); `complementary`, hidden with a small group that a total would give
   * away; `withheld`, the whole view shows no group.
   */
  suppressed: z.enum(['small', 'complementary', 'withheld']).nullable(),
  impact_ratio: z.number().nullable(),
  excluded: z.boolean(),
  /** Impact ratio under 0.8 (the EEOC four-fifths screen). */
  below_four_fifths: z.boolean(),
  /** Two-sided Fisher's exact test against the highest-rate group (decision 0192); null for that group. */
  p_value: z.number().nullable(),
  significant: z.boolean(),
};
export const scoringGroupSchema = z.object({ ...groupBase, scoring_rate: z.number().nullable() });
export const selectionGroupSchema = z.object({ ...groupBase, selection_rate: z.number().nullable() });
export type ScoringGroup = z.infer<typeof scoringGroupSchema>;
export type SelectionGroup = z.infer<typeof selectionGroupSchema>;

/** The rule the figures were shown under (decision 0222). */
export const auditSuppressionSchema = z.object({
  /** Groups of fewer people than this read "fewer than {min_cell}". */
  min_cell: z.number().int(),
  /** A view or a publication needs at least this many AI-scored people. */
  min_sample: z.number().int(),
  /** Why no group of this view is shown (too few people, or too close to a broader view), else null. */
  withheld: z.string().nullable(),
});
export type AuditSuppression = z.infer<typeof auditSuppressionSchema>;

const tablesOf = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ sex: z.array(row), race_ethnicity: z.array(row), intersectional: z.array(row) });

export const biasAuditSchema = z.object({
  generated_at: z.string(),
  job_id: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  sample_size: z.number().int(),
  unknown_count: z.number().int(),
  /** Unknown per dimension: no answer or declined for sex, for race/ethnicity. */
  unknown: z.object({ sex: z.number().int(), race_ethnicity: z.number().int() }),
  median_score: z.number().nullable(),
  decided: z.number().int(),
  scoring: tablesOf(scoringGroupSchema),
  selection: tablesOf(selectionGroupSchema),
  /** Plain-words notes: exclusions under 2 %, the significance test, the data used. */
  notes: z.array(z.string()),
  suppression: auditSuppressionSchema,
});
export type BiasAudit = z.infer<typeof biasAuditSchema>;

const dateSchema = z.iso.date({ message: 'Use a date as YYYY-MM-DD' });
export const biasAuditQuerySchema = z.object({
  job_id: optionalUuid('job_id'),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});

export const biasAuditPublishSchema = z.object({
  job_id: optionalUuid('job_id'),
  auditor: z.string().trim().min(1, 'Name the independent auditor').max(200),
  audit_date: dateSchema,
});

export const publishedBiasAuditSchema = z.object({
  id: z.string(),
  job_id: z.string().nullable(),
  job_title: z.string().nullable(),
  auditor: z.string(),
  audit_date: z.string(),
  /** The first use of the AI assessment in the audited data (LL144 "distribution date"). */
  distribution_date: z.string().nullable(),
  published_at: z.string(),
  /** The figures of the audit as it was published: the same fields as the live audit's. */
  ...biasAuditSchema.pick({
    sample_size: true,
    unknown_count: true,
    median_score: true,
    scoring: true,
    selection: true,
    notes: true,
    suppression: true,
  }).shape,
});
export type PublishedBiasAudit = z.infer<typeof publishedBiasAuditSchema>;
