/** An interview's work sample as the provider reviews it (issue 46): each item beside gold, and the figures. */
import type { WorkSampleResult, WorkSampleResultItem } from '@app/shared';
import type { Db } from '../../db/client';
import { round } from '../../lib/round';
import { thinkAloudOf } from './reasoning';
import { summarize } from './score';
import { storedSample, userTurnsOf, type WorkItemRow } from './store';

type Turn = { text: string; startedAt: Date };

/**
 * Each item with what the candidate said while it was on screen: the candidate turns that began after
 * it was sent and before the next one was (the last item: until the end).
 */
export function resultItems(rows: WorkItemRow[], turns: Turn[]): WorkSampleResultItem[] {
  const perItem = thinkAloudOf(rows, turns);
  return rows.map((row, i) => {
    const said = perItem[i]!;
    const seconds =
      row.ratedAt && row.servedAt ? round((row.ratedAt.getTime() - row.servedAt.getTime()) / 1000, 1) : null;
    return {
      item_id: row.itemId,
      position: row.position,
      task_name: row.taskName,
      rating: row.rating,
      gold_rating: row.goldRating,
      distance: row.rating === null ? null : Math.abs(row.rating - row.goldRating),
      seconds,
      late: row.late,
      offset_seconds: row.offsetSeconds,
      think_aloud: said
        .map((t) => t.text.trim())
        .filter(Boolean)
        .join(' '),
    };
  });
}

/** `work_sample` of GET /api/admin/interviews/{id}: null when the interview had no sample. */
export async function workSampleResult(db: Db, interviewId: string): Promise<WorkSampleResult | null> {
  const rows = await storedSample(db, interviewId);
  if (!rows.length) return null;
  const turns = await userTurnsOf(db, [interviewId]);
  return summarize(resultItems(rows, turns));
}

/**
 * What the candidate may read of their own sample (the explanation of a decision, the account export):
 * how many items they rated and how many were within one point of the reference rating, and each of their
 * own ratings with its timing. Never a reference rating nor a distance; null when nothing was rated.
 */
export async function candidateWorkSample(db: Db, interviewId: string) {
  const rows = await storedSample(db, interviewId);
  const rated = rows.filter((r) => r.rating !== null);
  if (!rated.length) return null;
  return {
    rated: rated.length,
    within_one: rated.filter((r) => Math.abs(r.rating! - r.goldRating) <= 1).length,
    items: rows.map((r) => ({
      position: r.position,
      task_name: r.taskName,
      rating: r.rating,
      served_at: r.servedAt?.toISOString() ?? null,
      rated_at: r.ratedAt?.toISOString() ?? null,
      late: r.late,
    })),
  };
}
