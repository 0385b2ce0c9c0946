import { z } from 'zod';

/**
 * The interview assessment rubric. The version is stored with every assessment so that a stored score
 * can always be read against the rubric that produced it; change the version when criteria change.
 */
export const RUBRIC_VERSION = 'rubric-v1';
/**
 * rubric-v1's four criteria plus `work_sample` (issue 46): the version of an assessment whose interview
 * had a work sample with at least one rating. Without one, an assessment is still rubric-v1: its scores
 * are computed exactly as before.
 */
export const RUBRIC_VERSION_WITH_WORK_SAMPLE = 'rubric-v2';

export const RUBRIC_CRITERIA = [
  {
    key: 'communication',
    label: 'Communication',
    description: 'Clear, complete, well-structured answers that address the question asked.',
  },
  {
    key: 'creative_expertise',
    label: 'Creative expertise',
    description: 'Depth of hands-on creative knowledge: tools, techniques, craft vocabulary, concrete past work.',
  },
  {
    key: 'critique_ability',
    label: 'Critique ability',
    description: 'Can judge creative work and explain why: strengths, weaknesses, what to change and the reasons.',
  },
  {
    key: 'role_fit',
    label: 'Role fit',
    description: "Covers the job's required skills and answers the job's own interview questions.",
  },
] as const;
export type RubricCriterionKey = (typeof RUBRIC_CRITERIA)[number]['key'];
export const rubricCriterionKeySchema = z.enum(RUBRIC_CRITERIA.map((c) => c.key) as [RubricCriterionKey]);

/**
 * The fifth criterion, scored only when the interview had a work sample with a rating (issue 46): the
 * accuracy of the candidate's ratings against the reference ratings, with the reasoning heard while rating.
 */
export const WORK_SAMPLE_CRITERION = {
  key: 'work_sample',
  label: 'Work sample',
  description:
    "Rates real items of the job close to their reference ratings, and says why in the terms the item's instructions and the job's skills use.",
} as const;
/** Every criterion an assessment may hold: the four core ones (always, when scored) and the work sample. */
export const ASSESSMENT_CRITERIA = [...RUBRIC_CRITERIA, WORK_SAMPLE_CRITERION] as const;
export type CriterionKey = RubricCriterionKey | typeof WORK_SAMPLE_CRITERION.key;
export const criterionKeySchema = z.enum(ASSESSMENT_CRITERIA.map((c) => c.key) as [CriterionKey]);
/** Whether the reasoning part of the work-sample criterion was heard surely enough to judge (decision 0173). */
export const WORK_SAMPLE_REASONING = ['heard', 'insufficient_audio'] as const;

/** What each score means, shared by the model prompt and the console legend. */
export const RUBRIC_SCALE: Record<number, string> = {
  1: 'No evidence',
  2: 'Weak',
  3: 'Adequate',
  4: 'Strong',
  5: 'Exceptional',
};

export const RECOMMENDATIONS = ['advance', 'consider', 'do_not_advance'] as const;
export const recommendationSchema = z.enum(RECOMMENDATIONS);
export type Recommendation = z.infer<typeof recommendationSchema>;
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  advance: 'Advance',
  consider: 'Consider',
  do_not_advance: 'Do not advance',
};

export const criterionAssessmentSchema = z.object({
  key: criterionKeySchema,
  label: z.string(),
  score: z.number().int().min(1).max(5),
  rationale: z.string(),
  /** Verbatim excerpts of the candidate's own turns that justify the score. */
  quotes: z.array(z.string()),
  /**
   * work_sample only: whether the think-aloud was heard surely enough to judge the reasoning; when not,
   * the score is the accuracy part alone.
   */
  reasoning: z.enum(WORK_SAMPLE_REASONING).optional(),
});
export type CriterionAssessment = z.infer<typeof criterionAssessmentSchema>;

/** Measured facts about the conversation, shown beside the scores so a reviewer can check them. */
export const assessmentSignalsSchema = z.object({
  candidate_turns: z.number().int(),
  candidate_words: z.number().int(),
  speaking_seconds: z.number().int(),
  skills_covered: z.array(z.string()),
  skills_missing: z.array(z.string()),
  questions_answered: z.array(z.string()),
  questions_unanswered: z.array(z.string()),
});
export type AssessmentSignals = z.infer<typeof assessmentSignalsSchema>;

/**
 * The work sample's figures the work_sample criterion was scored from (issue 46): aggregates only, never
 * an item's reference rating nor the sign of a distance.
 */
export const assessmentWorkSampleSchema = z.object({
  /** Items the candidate rated (of `count` chosen). */
  rated: z.number().int(),
  count: z.number().int(),
  mean_abs_distance: z.number(),
  within_one_share: z.number(),
  /** Rated items within one point of the reference rating. */
  within_one: z.number().int(),
  median_seconds: z.number().nullable(),
  /** Rated after the time allowed (kept, and marked). */
  late: z.number().int(),
  /** The accuracy part of the score (1-5), from the figures alone. */
  accuracy_score: z.number().int().min(1).max(5),
  /** The reasoning part (1-5); null when the think-aloud was not heard surely enough. */
  reasoning_score: z.number().int().min(1).max(5).nullable(),
});
export type AssessmentWorkSample = z.infer<typeof assessmentWorkSampleSchema>;

/* Provenance ------------------------------------------------------------------------------------- */

/** What produced an assessment, stored with it (item 9). */
export const provenanceSchema = z.object({
  rubric_version: z.string(),
  method: z.enum(['built_in', 'model']),
  model: z.string().nullable(),
  /** SHA-256 of the instructions the scorer followed (the model's prompt, or the built-in rules). */
  prompt_sha256: z.string(),
  /** Which speech recognizer wrote the candidate's turns (the live or the careful pass, and its engine). */
  recognizer: z.string(),
  /** SHA-256 of the transcript as scored. */
  transcript_sha256: z.string(),
  /** Why the live transcript was scored instead of the careful pass's (queue full, time limit; decision 0224). */
  transcript_note: z.string().optional(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

/** interviews.assessment (jsonb). */
export const assessmentSchema = z.object({
  rubric_version: z.string(),
  /** built_in: the transparent heuristic; model: an OpenAI-compatible language model. */
  method: z.enum(['built_in', 'model']),
  model: z.string().nullable(),
  /**
   * needs_human_review: the transcript was too short or unintelligible to score; insufficient_audio:
   * too little of what the candidate said was heard surely (decision 0173); human_only: the candidate
   * asked for a human-only review, so no AI scored it (issue 35). None of these has scores.
   */
  status: z.enum(['scored', 'needs_human_review', 'insufficient_audio', 'human_only']),
  criteria: z.array(criterionAssessmentSchema),
  /**
   * Mean of the criteria scores, one decimal (the work sample's included when present); null when not
   * scored. An unscored assessment may still hold the work_sample criterion: its accuracy part stands.
   */
  overall_score: z.number().nullable(),
  recommendation: recommendationSchema.nullable(),
  summary: z.string(),
  signals: assessmentSignalsSchema,
  /** Why a configured model was not used (e.g. every reply quoted text the candidate never said). */
  fallback_reason: z.string().nullable(),
  generated_at: z.string(),
  /** What produced it (issue 35); absent on assessments stored before provenance was kept. */
  provenance: provenanceSchema.optional(),
  /** The work sample's figures, when the interview had one with a rating (issue 46). */
  work_sample: assessmentWorkSampleSchema.optional(),
});
export type Assessment = z.infer<typeof assessmentSchema>;
