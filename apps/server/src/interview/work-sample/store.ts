/**
 * The work sample's records (issue 46): the items chosen for an interview, when each was sent, and the
 * one rating each takes. Every check a rating must pass is made here, against the stored rows.
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { workSampleRuns, type WorkItemContent } from '@app/shared';
import { workSamplePoolSize } from '../../jobs';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { annotationItems, interviews, jobs, transcriptTurns } from '../../db/schema';
import { interviewWorkItems } from '../../db/schema-work-sample';
import { conflict, notFound } from '../../http/http-errors';
import { chooseOrder } from './order';

export type WorkItemRow = typeof interviewWorkItems.$inferSelect;
export type SampleSettings = { count: number; seconds: number };

export const NOT_IN_SAMPLE = 'This item is not part of your work sample.';
export const NOT_SERVED_YET = 'This item has not been shown to you yet.';
export const ALREADY_RATED = 'This item has already been rated.';
export const INTERVIEW_OVER = 'This interview is not in progress.';

/** The job's sample as it runs now: null when it is off (count 0, or fewer pool items than the count). */
export async function activeSampleSettings(db: Db, jobId: string): Promise<SampleSettings | null> {
  const [job] = await db
    .select({ count: jobs.workSampleCount, seconds: jobs.workSampleSeconds })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job || job.count <= 0) return null;
  return workSampleRuns(job.count, await workSamplePoolSize(db, jobId)) ? job : null;
}

/** The interview's sample in the candidate's order; empty before it started. */
export function storedSample(db: Executor, interviewId: string): Promise<WorkItemRow[]> {
  return db
    .select()
    .from(interviewWorkItems)
    .where(eq(interviewWorkItems.interviewId, interviewId))
    .orderBy(asc(interviewWorkItems.position));
}

/**
 * Chooses the interview's items once (later calls return them): seeded by the interview, never the
 * order the job's previous candidate got. Under a lock per job, so two candidates starting at once
 * are still "in a row".
 */
export async function startSample(db: Db, interviewId: string, jobId: string, settings: SampleSettings) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`work-sample:${jobId}`}))`);
    const [existing] = await tx
      .select({ id: interviewWorkItems.id })
      .from(interviewWorkItems)
      .where(eq(interviewWorkItems.interviewId, interviewId))
      .limit(1);
    if (existing) return;
    const pool = await tx
      .select({ id: annotationItems.id, gold: annotationItems.goldRating, content: annotationItems.content })
      .from(annotationItems)
      .where(and(eq(annotationItems.jobId, jobId), eq(annotationItems.pool, 'work_sample')))
      .orderBy(asc(annotationItems.seq));
    const [last] = await tx
      .select({ interviewId: interviewWorkItems.interviewId })
      .from(interviewWorkItems)
      .innerJoin(interviews, eq(interviews.id, interviewWorkItems.interviewId))
      .where(and(eq(interviews.jobId, jobId), ne(interviewWorkItems.interviewId, interviewId)))
      .orderBy(desc(interviewWorkItems.createdAt))
      .limit(1);
    const previous = last ? (await storedSample(tx, last.interviewId)).map((r) => r.itemId ?? '') : [];
    const count = Math.min(settings.count, pool.length);
    const order = chooseOrder(
      pool.map((p) => p.id),
      count,
      interviewId,
      previous,
    );
    const byId = new Map(pool.map((p) => [p.id, p]));
    if (!order.length) return;
    await tx.insert(interviewWorkItems).values(
      order.map((itemId, position) => ({
        interviewId,
        itemId,
        position,
        taskName: byId.get(itemId)!.content?.task_name ?? '',
        goldRating: byId.get(itemId)!.gold ?? 0,
        secondsAllowed: settings.seconds,
      })),
    );
  });
}

/**
 * Marks the row as sent at `now` (once: a reload re-sends it with its first time) and stores where that
 * falls in the recording: seconds from the interview's first turn, as the transcript counts them.
 */
export async function serveItem(db: Db, row: WorkItemRow, now: Date): Promise<WorkItemRow> {
  if (row.servedAt) return row;
  const [first] = await db
    .select({ startedAt: transcriptTurns.startedAt, offset: transcriptTurns.offsetSeconds })
    .from(transcriptTurns)
    .where(eq(transcriptTurns.interviewId, row.interviewId))
    .orderBy(asc(transcriptTurns.seq))
    .limit(1);
  const base = first ? first.startedAt.getTime() - first.offset * 1000 : now.getTime();
  const [served] = await db
    .update(interviewWorkItems)
    .set({ servedAt: now, offsetSeconds: Math.max(0, Math.floor((now.getTime() - base) / 1000)) })
    .where(and(eq(interviewWorkItems.id, row.id), isNull(interviewWorkItems.servedAt)))
    .returning();
  if (served) return served;
  const [current] = await db.select().from(interviewWorkItems).where(eq(interviewWorkItems.id, row.id));
  return current!;
}

/** The item as the task screen shows it (never its gold); null when it was retired meanwhile. */
export async function itemContent(db: Db, itemId: string | null): Promise<WorkItemContent | null> {
  if (!itemId) return null;
  const [row] = await db
    .select({ content: annotationItems.content })
    .from(annotationItems)
    .where(eq(annotationItems.id, itemId));
  return row?.content ?? null;
}

/** The items' content by id (retired items are missing): what the scoring reads the instructions from. */
export async function itemContents(db: Db, itemIds: (string | null)[]): Promise<Map<string, WorkItemContent>> {
  const ids = itemIds.filter((id): id is string => Boolean(id));
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: annotationItems.id, content: annotationItems.content })
    .from(annotationItems)
    .where(inArray(annotationItems.id, ids));
  return new Map(rows.flatMap((r) => (r.content ? [[r.id, r.content] as const] : [])));
}

/**
 * Stores the candidate's one rating of `itemId`, stamped by the server: refused (nothing stored) for
 * an item not in this interview's sample (404), not sent yet, already rated, or once the interview
 * is over (409). A rating after the time allowed is kept and marked late.
 */
export async function rateItem(
  db: Db,
  interviewId: string,
  itemId: string,
  rating: number,
  now: Date,
): Promise<WorkItemRow> {
  const [interview] = await db
    .select({ status: interviews.status })
    .from(interviews)
    .where(eq(interviews.id, interviewId));
  if (!interview) throw notFound(NOT_IN_SAMPLE);
  const [row] = await db
    .select()
    .from(interviewWorkItems)
    .where(and(eq(interviewWorkItems.interviewId, interviewId), eq(interviewWorkItems.itemId, itemId)));
  if (!row) throw notFound(NOT_IN_SAMPLE);
  if (interview.status !== 'in_progress') throw conflict(INTERVIEW_OVER);
  if (!row.servedAt) throw conflict(NOT_SERVED_YET);
  if (row.rating !== null) throw conflict(ALREADY_RATED);
  const late = now.getTime() - row.servedAt.getTime() > row.secondsAllowed * 1000;
  const [rated] = await db
    .update(interviewWorkItems)
    .set({ rating, ratedAt: now, late })
    .where(and(eq(interviewWorkItems.id, row.id), isNull(interviewWorkItems.rating)))
    .returning();
  // Two ratings racing: the first one stored wins, the other is a replay.
  if (!rated) throw conflict(ALREADY_RATED);
  return rated;
}

/** The candidate turns of several interviews, for the think-aloud of their items. */
export function userTurnsOf(db: Db, interviewIds: string[]) {
  return db
    .select({
      interviewId: transcriptTurns.interviewId,
      text: transcriptTurns.text,
      startedAt: transcriptTurns.startedAt,
    })
    .from(transcriptTurns)
    .where(and(inArray(transcriptTurns.interviewId, interviewIds), eq(transcriptTurns.speaker, 'user')))
    .orderBy(asc(transcriptTurns.seq));
}
