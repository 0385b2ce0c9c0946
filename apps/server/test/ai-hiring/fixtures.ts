import {
  RUBRIC_CRITERIA,
  RUBRIC_VERSION,
  type Assessment,
  type InterviewStatus,
  type Recommendation,
} from '@app/shared';
import { eq } from 'drizzle-orm';
import { interviews } from '../../src/db/schema';
import { createInterview } from '../../src/interview/interviews';
import type { TestContext } from '../helpers/build';

/** The fields every fixture assessment shares: the built-in rubric and plain signals. */
function fixtureAssessment(
  a: Pick<Assessment, 'status' | 'criteria' | 'overall_score' | 'recommendation' | 'summary'>,
): Assessment {
  return {
    rubric_version: RUBRIC_VERSION,
    method: 'built_in',
    model: null,
    ...a,
    signals: {
      candidate_turns: 3,
      candidate_words: 120,
      speaking_seconds: 60,
      skills_covered: [],
      skills_missing: [],
      questions_answered: [],
      questions_unanswered: [],
    },
    fallback_reason: null,
    generated_at: new Date().toISOString(),
  };
}

/** A scored assessment with these per-criterion scores (rubric order) and recommendation. */
export function scoredAssessment(scores: number[], recommendation: Recommendation | null): Assessment {
  return fixtureAssessment({
    status: recommendation ? 'scored' : 'needs_human_review',
    criteria: recommendation
      ? RUBRIC_CRITERIA.map((c, i) => ({
          key: c.key,
          label: c.label,
          score: scores[i]!,
          rationale: 'r',
          quotes: ['q'],
        }))
      : [],
    overall_score: recommendation ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
    recommendation,
    summary: 'Summary.',
  });
}

/** An interview of `candidateId` in `jobId` with a stored assessment, ready for a decision. */
export async function assessedInterview(
  t: TestContext,
  o: { jobId: string; candidateId: string; assessment: Assessment; status?: InterviewStatus },
) {
  const iv = await createInterview(t.database.db, {
    jobId: o.jobId,
    candidateId: o.candidateId,
    status: o.status ?? 'under_review',
    completedAt: new Date(),
  });
  await t.database.db
    .update(interviews)
    .set({ assessment: o.assessment, assessedAt: new Date(), startedAt: new Date(Date.now() - 600_000) })
    .where(eq(interviews.id, iv.id));
  return iv;
}

/** Scores in the request shape, rubric order. */
export const scoresOf = (scores: number[]) => RUBRIC_CRITERIA.map((c, i) => ({ criterion: c.key, score: scores[i]! }));

/** A valid stored assessment with this overall score (status scored) or another status. */
export function storedAssessment(overall: number | null, status: Assessment['status'] = 'scored'): Assessment {
  return fixtureAssessment({
    status,
    criteria: [],
    overall_score: overall,
    recommendation: overall === null ? null : 'consider',
    summary: 'Fixture.',
  });
}
