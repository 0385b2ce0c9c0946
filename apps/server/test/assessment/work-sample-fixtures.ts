import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { annotationItems, interviews, jobs, transcriptTurns } from '../../src/db/schema';
import { rateItem, serveItem, startSample, storedSample } from '../../src/interview/work-sample/store';

/** One item of a test sample: its reference rating, the candidate's rating, and what they said while on it. */
export type SampleItem = {
  gold: number;
  rating: number | null;
  said?: string[];
  /** The recognizer's confidence of every word said (absent: typed text, no confidences). */
  confidence?: number;
  /** Seconds from being shown to the rating (default 20). */
  seconds?: number;
  instructions?: string;
};

export const POSTER_INSTRUCTIONS =
  'Rate how readable the poster typography is: check the contrast between text and background and the hierarchy of the headline.';

/**
 * Gives the (in-progress) interview a work sample of these items through the store's own functions, as the
 * live session does: chosen, each shown, the think-aloud stored as candidate turns, each rated; then the
 * interview is completed. Items are keyed by their reference rating's place, whatever order the seed picks.
 */
export async function giveSample(db: Db, interviewId: string, jobId: string, items: SampleItem[], at: Date) {
  // Earlier candidates' items of the job leave the pool (their interviews keep their gold snapshot), so this
  // candidate gets exactly these items.
  await db
    .update(annotationItems)
    .set({ pool: 'example' })
    .where(and(eq(annotationItems.jobId, jobId), eq(annotationItems.pool, 'work_sample')));
  const created = await db
    .insert(annotationItems)
    .values(
      items.map((item, i) => ({
        jobId,
        pool: 'work_sample' as const,
        goldRating: item.gold,
        content: {
          task_name: `Poster ${i + 1}`,
          task_description: 'A concert poster.',
          instructions: item.instructions ?? POSTER_INSTRUCTIONS,
          data_to_annotate: { title: `Poster ${i + 1}`, data_content: { text: 'GIG TONIGHT' } },
        },
      })),
    )
    .returning({ id: annotationItems.id });
  await db.update(jobs).set({ workSampleCount: items.length }).where(eq(jobs.id, jobId));
  await startSample(db, interviewId, jobId, { count: items.length, seconds: 60 });
  const byId = new Map(created.map((c, i) => [c.id, items[i]!]));
  let clock = at.getTime();
  let seq = 1000;
  for (const row of await storedSample(db, interviewId)) {
    const item = byId.get(row.itemId!)!;
    await serveItem(db, row, new Date(clock));
    for (const text of item.said ?? []) {
      const words =
        item.confidence === undefined
          ? null
          : text.split(/\s+/).map((w) => ({ text: w, confidence: item.confidence! }));
      await db.insert(transcriptTurns).values({
        interviewId,
        seq: seq++,
        speaker: 'user',
        text,
        startedAt: new Date(clock + 2000),
        endedAt: new Date(clock + 8000),
        offsetSeconds: 600,
        words,
      });
    }
    if (item.rating !== null)
      await rateItem(db, interviewId, row.itemId!, item.rating, new Date(clock + (item.seconds ?? 20) * 1000));
    clock += 90_000;
  }
  await db
    .update(interviews)
    .set({ status: 'completed', completedAt: new Date(clock) })
    .where(eq(interviews.id, interviewId));
  return created.map((c) => c.id);
}

/** Said while rating: names the instructions' concerns and gives reasons. */
export const REASONED = [
  'The typography is hard to read because the contrast between the yellow text and the background is low.',
];
export const UNREASONED = ['Hmm okay.'];
