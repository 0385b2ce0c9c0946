/**
 * The interview's side of the human-only alternative (issue 35 item 2): the assessment asks whether the
 * candidate chose it before scoring, and what stands in for the AI's scores then. The request, the
 * list and the resolution belong to compliance (compliance/alternatives.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Assessment, AssessmentSignals } from '@app/shared';
import { RUBRIC_VERSION } from '@app/shared';
import type { Db } from '../../db/client';
import { alternativeAssessments } from '../../db/schema-ai-hiring';

/** What stands in for the AI's assessment when the candidate asked for a human-only review. */
export function humanOnlyAssessment(signals: AssessmentSignals, reason: string): Assessment {
  return {
    rubric_version: RUBRIC_VERSION,
    method: 'built_in',
    model: null,
    status: 'human_only',
    criteria: [],
    overall_score: null,
    recommendation: null,
    summary: `Not scored by the AI: the candidate asked for a human-only review. Their reason: ${reason}`,
    signals,
    fallback_reason: null,
    generated_at: new Date().toISOString(),
  };
}

/** The candidate's request for this job, if any (the assessment job asks before scoring). */
export async function findAlternative(db: Db, candidateId: string, jobId: string | null) {
  if (!jobId) return null;
  const [row] = await db
    .select()
    .from(alternativeAssessments)
    .where(and(eq(alternativeAssessments.candidateId, candidateId), eq(alternativeAssessments.jobId, jobId)))
    .limit(1);
  return row ?? null;
}
