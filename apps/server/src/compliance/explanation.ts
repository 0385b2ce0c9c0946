/**
 * What the candidate may read after a decision (issue 35, item 7; GDPR Art. 22 / EU AI Act Art. 86):
 * whether and how the AI was used, the criteria, the decision, that a person made it, and until
 * when they may appeal.
 */
import { and, eq } from 'drizzle-orm';
import {
  APPEAL_WINDOW_DAYS,
  RUBRIC_CRITERIA,
  WORK_SAMPLE_CRITERION,
  isUuid,
  type Assessment,
  type Explanation,
} from '@app/shared';
import type { Db } from '../db/client';
import { interviews, jobs } from '../db/schema';
import { appeals } from '../db/schema-ai-hiring';
import { conflict, notFound } from '../http/http-errors';
import { INTERVIEW_NOT_FOUND, candidateWorkSample } from '../interview';

export const NOT_DECIDED_YET = 'There is no decision on this interview yet; the explanation follows the decision.';

/** The candidate's own decided interview; strangers get the same 404 as a missing one. */
export async function decidedInterviewOf(db: Db, id: string, candidateId: string) {
  if (!isUuid(id)) throw notFound(INTERVIEW_NOT_FOUND);
  const [row] = await db
    .select({ interview: interviews, jobTitle: jobs.title })
    .from(interviews)
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(and(eq(interviews.id, id), eq(interviews.candidateId, candidateId)))
    .limit(1);
  if (!row) throw notFound(INTERVIEW_NOT_FOUND);
  const { status, decidedAt } = row.interview;
  if ((status !== 'approved' && status !== 'rejected') || !decidedAt) throw conflict(NOT_DECIDED_YET);
  return { ...row, decision: status, decidedAt, appealUntil: appealUntil(decidedAt) };
}

export const appealUntil = (decidedAt: Date) => new Date(decidedAt.getTime() + APPEAL_WINDOW_DAYS * 86_400_000);

export async function getExplanation(db: Db, id: string, candidateId: string): Promise<Explanation> {
  const d = await decidedInterviewOf(db, id, candidateId);
  const assessment = d.interview.assessment as (Assessment | { status: string }) | null;
  const [appeal] = await db.select().from(appeals).where(eq(appeals.interviewId, id)).limit(1);
  const sample = await candidateWorkSample(db, id);
  const criterion = (assessment as Assessment | null)?.criteria?.find((c) => c.key === WORK_SAMPLE_CRITERION.key);
  return {
    // A human-only assessment (the candidate asked for the alternative) was not made by the AI.
    ai_used: Boolean(assessment && assessment.status !== 'human_only'),
    // Too short or unclear to score (needs_human_review, insufficient_audio): a person judged it alone.
    ai_scored: assessment?.status === 'scored',
    role: d.jobTitle ?? 'The position',
    criteria: [...RUBRIC_CRITERIA, ...(sample ? [WORK_SAMPLE_CRITERION] : [])].map((c) => ({
      name: c.label,
      description: c.description,
    })),
    // The work sample (issue 46): the count within one point and the criterion's score and rationale, which
    // hold no reference rating; a human-only review has the count without a score.
    work_sample: sample
      ? {
          rated: sample.rated,
          within_one: sample.within_one,
          score: criterion?.score ?? null,
          rationale: criterion?.rationale ?? null,
        }
      : null,
    decision: d.decision,
    human_review: true,
    decided_at: d.decidedAt.toISOString(),
    appeal_until: d.appealUntil.toISOString(),
    appeal: appeal
      ? {
          status: appeal.outcome ?? 'open',
          created_at: appeal.createdAt.toISOString(),
          note: appeal.resolutionNote,
        }
      : null,
  };
}
