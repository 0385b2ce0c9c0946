/**
 * The work_sample criterion (issue 46): scored only when the interview had a work sample with at least
 * one rating. Two parts, both checkable by a reviewer:
 * - accuracy, from the figures alone (mean distance from the reference rating, share within one point);
 *   no model can change it;
 * - reasoning, from what the candidate said while rating (work-sample/reasoning.ts, or the model's
 *   judgement of the same), reported as `insufficient_audio` when too little of it was heard surely
 *   (decision 0173's rule applied to the think-aloud turns); then the score is the accuracy part alone.
 * The rationale and quotes never hold a reference rating nor the sign of a distance: the candidate reads
 * them in the explanation of a decision.
 */
import {
  RUBRIC_VERSION_WITH_WORK_SAMPLE,
  WORK_SAMPLE_CRITERION,
  type Assessment,
  type AssessmentWorkSample,
  type CriterionAssessment,
  type WorkItemContent,
} from '@app/shared';
import { itemReasoning, reasonedCount, reasoningScore, thinkAloudOf } from '../work-sample/reasoning';
import { resultItems } from '../work-sample/result';
import { summarize } from '../work-sample/score';
import type { WorkItemRow } from '../work-sample/store';
import { reasonAudioInsufficient, recommendationFor, type AssessmentJob } from './built-in';
import type { Turn } from './text';

/** What the assessment reads of an interview's sample: its rows, the items' content, the think-aloud turns. */
export type SampleInput = { rows: WorkItemRow[]; contents: Map<string, WorkItemContent>; turns: Turn[] };

/**
 * Accuracy 1-5 from the mean absolute distance: ≤ 0.5 → 5, ≤ 1 → 4, ≤ 1.5 → 3, < 2.5 → 2, else 1;
 * one less (never below 1) when most rated items were two or more points off.
 */
export function accuracyScore(meanAbsDistance: number, withinOneShare: number): number {
  const m = meanAbsDistance;
  const band = m <= 0.5 ? 5 : m <= 1 ? 4 : m <= 1.5 ? 3 : m < 2.5 ? 2 : 1;
  return Math.max(1, band - (withinOneShare < 0.5 ? 1 : 0));
}

/** Accuracy weighs three times the reasoning: the sample's first question is whether the ratings are right. */
export const combinedScore = (accuracy: number, reasoning: number | null) =>
  reasoning === null ? accuracy : Math.min(5, Math.max(1, Math.round((3 * accuracy + reasoning) / 4)));

/** The model's judgement of the reasoning part (its quotes checked against the think-aloud turns). */
export type ReasoningJudgement = { score: number; rationale: string; quotes: string[] };

export type WorkSamplePart = {
  figures: Omit<AssessmentWorkSample, 'reasoning_score'>;
  /** Null when the think-aloud was not heard surely enough: why. */
  audioNote: string | null;
  /** The rules' reasoning part; null when not heard surely enough. */
  builtIn: ReasoningJudgement | null;
  /** What the model is shown: each rated item's task, instructions and think-aloud (never its gold). */
  items: { task_name: string; instructions: string; think_aloud: string }[];
  /** The candidate's think-aloud texts, the only place its quotes may come from. */
  thinkAloudTexts: string[];
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The sample's part of the assessment, or null when there is no sample or no rating. */
export function workSamplePart(sample: SampleInput | undefined, job: AssessmentJob | null): WorkSamplePart | null {
  if (!sample?.rows.length) return null;
  const items = resultItems(sample.rows, sample.turns);
  const summary = summarize(items);
  const rated = items.filter((i) => i.distance !== null);
  if (!rated.length || summary.mean_abs_distance === null || summary.within_one_share === null) return null;
  const withinOne = rated.filter((i) => i.distance! <= 1).length;
  const accuracy = accuracyScore(summary.mean_abs_distance, summary.within_one_share);
  const perItem = thinkAloudOf(sample.rows, sample.turns);
  const heardTurns = perItem.filter((_, i) => items[i]!.distance !== null).flat();
  const audioNote = reasonAudioInsufficient({ job: null, turns: heardTurns });
  const reasoning = rated.map((i) =>
    itemReasoning(i.think_aloud, i.item_id ? (sample.contents.get(i.item_id) ?? null) : null, job),
  );
  const reasonScore = reasoningScore(reasoning);
  const quotes = [
    ...reasoning.filter((r) => r.points > 0 && r.quote).map((r) => r.quote!),
    ...reasoning.filter((r) => r.points === 0 && r.quote).map((r) => r.quote!),
  ].slice(0, 2);
  const said = reasoning.filter((r) => r.text.trim()).length;
  const builtIn: ReasoningJudgement | null = audioNote
    ? null
    : {
        score: reasonScore,
        quotes,
        rationale: said
          ? `Named what the item's instructions or the job's skills care about, with a reason, on ${reasonedCount(reasoning)} of ${plural(rated.length, 'item')} (reasoning ${reasonScore}/5).`
          : `Nothing was said while rating, so no reasoning was heard (reasoning ${reasonScore}/5).`,
      };
  return {
    figures: {
      rated: rated.length,
      count: items.length,
      mean_abs_distance: summary.mean_abs_distance,
      within_one_share: summary.within_one_share,
      within_one: withinOne,
      median_seconds: summary.median_seconds,
      late: rated.filter((i) => i.late).length,
      accuracy_score: accuracy,
    },
    audioNote,
    builtIn,
    items: rated.map((i) => ({
      task_name: i.task_name,
      instructions: (i.item_id && sample.contents.get(i.item_id)?.instructions) || '',
      think_aloud: i.think_aloud,
    })),
    thinkAloudTexts: heardTurns.map((t) => t.text),
  };
}

/** The criterion from the part, with the model's reasoning judgement when it gave a valid one. */
export function workSampleCriterion(
  part: WorkSamplePart,
  judged?: ReasoningJudgement | null,
): { criterion: CriterionAssessment; figures: AssessmentWorkSample } {
  const f = part.figures;
  const reasoning = part.audioNote ? null : (judged ?? part.builtIn);
  const timing = [
    f.median_seconds === null ? null : `median ${f.median_seconds} s per item`,
    f.late ? `${f.late} rated after the time allowed` : null,
  ].filter(Boolean);
  const accuracyText =
    `${f.within_one} of ${plural(f.rated, 'rated item')} within one point of the reference rating; ` +
    `mean distance ${f.mean_abs_distance} points (accuracy ${f.accuracy_score}/5)` +
    (timing.length ? `; ${timing.join(', ')}.` : '.');
  const reasoningText = reasoning
    ? reasoning.rationale
    : `Reasoning not judged: ${part.audioNote} The score is the accuracy part alone.`;
  return {
    criterion: {
      key: WORK_SAMPLE_CRITERION.key,
      label: WORK_SAMPLE_CRITERION.label,
      score: combinedScore(f.accuracy_score, reasoning?.score ?? null),
      rationale: `${accuracyText} ${reasoningText}`,
      quotes: reasoning?.quotes ?? [],
      reasoning: part.audioNote ? 'insufficient_audio' : 'heard',
    },
    figures: { ...f, reasoning_score: reasoning?.score ?? null },
  };
}

/**
 * The assessment with the work_sample criterion added (rubric-v2). A scored assessment's overall score and
 * recommendation include it; an unscored one keeps no overall score, but the criterion's accuracy stands.
 */
export function withWorkSample(
  assessment: Assessment,
  part: WorkSamplePart,
  judged?: ReasoningJudgement | null,
): Assessment {
  const { criterion, figures } = workSampleCriterion(part, judged);
  const criteria = [...assessment.criteria.filter((c) => c.key !== criterion.key), criterion];
  const scored = assessment.status === 'scored';
  const overall = scored
    ? Math.round((criteria.reduce((s, c) => s + c.score, 0) / criteria.length) * 10) / 10
    : assessment.overall_score;
  return {
    ...assessment,
    rubric_version: RUBRIC_VERSION_WITH_WORK_SAMPLE,
    criteria,
    overall_score: overall,
    // The model's recommendation is its own; the built-in one follows the overall score, as without a sample.
    recommendation:
      scored && assessment.method === 'built_in' && overall !== null
        ? recommendationFor(overall)
        : assessment.recommendation,
    summary: scored
      ? `${assessment.summary} ${criterion.label} ${criterion.score}/5.${assessment.method === 'built_in' ? ` Overall with the work sample ${overall}/5.` : ''}`
      : `${assessment.summary} ${criterion.label} ${criterion.score}/5 (scored from the ratings).`,
    work_sample: figures,
  };
}
