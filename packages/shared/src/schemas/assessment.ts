import { z } from 'zod';

/**
 * The interview assessment rubric. The version is stored with every assessment so that a stored score
 * can always be read against the rubric that produced it; change the version when criteria change.
 */
export const RUBRIC_VERSION = 'rubric-v1';

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
  key: rubricCriterionKeySchema,
  label: z.string(),
  score: z.number().int().min(1).max(5),
  rationale: z.string(),
  /** Verbatim excerpts of the candidate's own turns that justify the score. */
  quotes: z.array(z.string()),
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
  /** Mean of the criteria scores, one decimal; null when not scored. */
  overall_score: z.number().nullable(),
  recommendation: recommendationSchema.nullable(),
  summary: z.string(),
  signals: assessmentSignalsSchema,
  /** Why a configured model was not used (e.g. every reply quoted text the candidate never said). */
  fallback_reason: z.string().nullable(),
  generated_at: z.string(),
  /** What produced it (issue 35); absent on assessments stored before provenance was kept. */
  provenance: provenanceSchema.optional(),
});
export type Assessment = z.infer<typeof assessmentSchema>;
