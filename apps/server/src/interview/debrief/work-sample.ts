/**
 * The work sample in the candidate's debrief (issue 46): the count of items within one point of the
 * reference rating and one tip, keyed on what went wrong first (far off, little reasoning heard, slow).
 * Never a reference rating nor the sign of a distance: the candidate may rate the same items again.
 */
import type { DebriefWorkSample, WorkItemContent } from '@app/shared';
import type { Db } from '../../db/client';
import { reasonAudioInsufficient } from '../assessment/built-in';
import { itemReasoning, reasonedCount, thinkAloudOf, type ReasoningJob } from '../work-sample/reasoning';
import { resultItems } from '../work-sample/result';
import { itemContents, storedSample, type WorkItemRow } from '../work-sample/store';
import type { DebriefTurn } from './compute';

export const WORK_SAMPLE_TIPS: Record<DebriefWorkSample['tip_key'], string> = {
  scale:
    "Read the instructions' scale again before each rating: check what each point stands for, then pick the one that fits the item.",
  reason: 'Say why as you rate: name what the instructions ask you to judge and what you see in the item.',
  time: 'Watch the time allowed: settle on a rating within it, then move on to the next item.',
  keep: 'Keep rating this way: read the instructions, say what you see, then give your rating.',
};

/** The part from the stored rows and the turns; null without a rating. */
export function debriefWorkSample(
  rows: WorkItemRow[],
  turns: DebriefTurn[],
  contents: Map<string, WorkItemContent>,
  job: ReasoningJob,
): DebriefWorkSample | null {
  const userTurns = turns.filter((t) => t.speaker === 'user');
  const items = resultItems(rows, userTurns);
  const ratedAt = items.flatMap((item, i) => (item.distance !== null ? [i] : []));
  if (!ratedAt.length) return null;
  const rated = ratedAt.map((i) => items[i]!);
  const withinOne = rated.filter((i) => i.distance! <= 1).length;
  const perItem = thinkAloudOf(rows, userTurns);
  const heard = ratedAt.flatMap((i) => perItem[i]!);
  // Too little heard surely: say nothing about the reasoning rather than judge words that may be wrong.
  const reasoningHeard = !reasonAudioInsufficient({ job: null, turns: heard });
  const reasoned = reasonedCount(
    rated.map((i) => itemReasoning(i.think_aloud, i.item_id ? (contents.get(i.item_id) ?? null) : null, job)),
  );
  const tipKey: DebriefWorkSample['tip_key'] =
    withinOne < rated.length
      ? 'scale'
      : reasoningHeard && reasoned * 2 < rated.length
        ? 'reason'
        : rated.some((i) => i.late)
          ? 'time'
          : 'keep';
  const noun = rated.length === 1 ? 'item' : 'items';
  return {
    rated: rated.length,
    within_one: withinOne,
    summary: `${withinOne} of ${rated.length} ${noun} within one point of the reference rating.`,
    tip: WORK_SAMPLE_TIPS[tipKey],
    tip_key: tipKey,
  };
}

/** The interview's work sample for its debrief, and the moment its first item was shown (think-aloud after). */
export async function loadDebriefSample(db: Db, interviewId: string) {
  const rows = await storedSample(db, interviewId);
  const firstShown = Math.min(...rows.map((r) => r.servedAt?.getTime() ?? Infinity));
  return {
    rows,
    firstShown,
    contents: await itemContents(
      db,
      rows.map((r) => r.itemId),
    ),
  };
}
