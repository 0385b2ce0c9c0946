import { asc, eq, sql } from 'drizzle-orm';
import type { Assessment } from '@app/shared';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { interviews, transcriptTurns } from '../../db/schema';
import { builtInAssessment, computeSignals, unscoredAssessment, type AssessmentInput } from './built-in';
import { modelAssessment, type ModelSettings } from './model';
import { provenanceOf } from './provenance';
import { findAlternative, humanOnlyAssessment } from './human-only';
import { itemContents, storedSample } from '../work-sample/store';
import { withWorkSample, workSamplePart, type WorkSamplePart } from './work-sample';
import { interviewAndJob } from '../with-job';

export { builtInAssessment } from './built-in';
export { checkModelReply, ModelReplyRejected } from './model';

/** The assessment model from ASSESSMENT_LLM_*, else the interview's LLM_* settings, else none. */
export function assessmentModelSettings(config: Config): ModelSettings | null {
  const c = config as Config & Record<string, unknown>;
  const baseUrl = config.ASSESSMENT_LLM_BASE_URL ?? (c.LLM_BASE_URL as string | undefined);
  const model = config.ASSESSMENT_LLM_MODEL ?? (c.LLM_MODEL as string | undefined);
  if (!baseUrl || !model) return null;
  return { baseUrl, model, apiKey: config.ASSESSMENT_LLM_API_KEY ?? (c.LLM_API_KEY as string | undefined) };
}

/**
 * Scores a transcript. With a model configured, its answer is used only if it passes every check
 * (schema, one score per criterion, each quote found in the candidate's words); after the retries the
 * built-in assessment is used and says why.
 */
export async function assess(input: AssessmentInput, model: ModelSettings | null): Promise<Assessment> {
  const sample = workSamplePart(input.workSample, input.job);
  // The rules' work_sample criterion, where the model's judgement is not used; the accuracy is always the server's.
  const withSample = (a: Assessment) => (sample ? withWorkSample(a, sample) : a);
  const { allText, signals } = computeSignals(input);
  const method = model ? 'model' : 'built_in';
  const unscored = unscoredAssessment(input, { signals, allText }, method, model?.model ?? null);
  if (unscored) return withSample(unscored);
  if (!model) return withSample(builtInAssessment(input));
  try {
    return await modelAssessment(model, input, signals, 3, sample);
  } catch (err) {
    return withSample({
      ...builtInAssessment(input),
      fallback_reason: `Model ${model.model} not used: ${(err as Error).message}`,
    });
  }
}

export type { WorkSamplePart };

export async function loadAssessmentInput(db: Db, interviewId: string) {
  const row = await interviewAndJob(db, interviewId);
  if (!row) return null;
  const turns = await db
    .select()
    .from(transcriptTurns)
    .where(eq(transcriptTurns.interviewId, interviewId))
    .orderBy(asc(transcriptTurns.seq));
  const all = turns.map((t) => ({
    speaker: t.speaker,
    text: t.text,
    startedAt: t.startedAt,
    endedAt: t.endedAt,
    words: t.words,
  }));
  // With a work sample (issue 46), what was said once its first item was shown is thinking aloud.
  const rows = await storedSample(db, interviewId);
  const firstShown = Math.min(...rows.map((r) => r.servedAt?.getTime() ?? Infinity));
  const input: AssessmentInput = {
    job: row.job ? { title: row.job.title, skills: row.job.skills, customQuestions: row.job.customQuestions } : null,
    turns: all.filter((t) => t.startedAt.getTime() < firstShown),
    ...(rows.length && {
      workSample: {
        rows,
        contents: await itemContents(
          db,
          rows.map((r) => r.itemId),
        ),
        turns: all.filter((t) => t.speaker === 'user' && t.startedAt.getTime() >= firstShown),
      },
    }),
  };
  return { interview: row.interview, input, allTurns: all };
}

/**
 * The background job: assesses a completed interview, stores the result and moves it to under_review.
 * An interview already decided keeps its decision (the assessment is still stored for the record).
 */
export async function assessInterview(
  db: Db,
  config: Config,
  interviewId: string,
  /** Why the live transcript is the record, when the careful pass wrote none (decision 0224). */
  opts: { transcriptNote?: string } = {},
): Promise<Assessment | null> {
  const loaded = await loadAssessmentInput(db, interviewId);
  if (!loaded) return null;
  // A candidate who asked for a human-only review is not scored by any AI (issue 35 item 2).
  const alternative = await findAlternative(db, loaded.interview.candidateId, loaded.interview.jobId);
  const scored = alternative
    ? humanOnlyAssessment(computeSignals(loaded.input).signals, alternative.reason)
    : await assess(loaded.input, assessmentModelSettings(config));
  const assessment: Assessment = {
    ...scored,
    provenance: provenanceOf(scored, config, loaded.interview.transcriptPass, loaded.allTurns, opts.transcriptNote),
  };
  // One statement, so no reader sees the assessment beside a status that has not moved yet. The
  // status moves only from completed: a decision taken while the assessment ran is never overwritten.
  await db
    .update(interviews)
    .set({
      assessment,
      assessedAt: new Date(),
      updatedAt: new Date(),
      status: sql`CASE WHEN ${interviews.status} = 'completed' THEN 'under_review' ELSE ${interviews.status} END`,
    })
    .where(eq(interviews.id, interviewId));
  return assessment;
}
