/**
 * What the live session asks of a work sample (issue 46): the item to show now, and where a rating
 * goes. A recorded interview's sample lives in the database (a reload or another instance finds it
 * where it was); a practice sample lives in the session, from the job's public example items, and
 * answers each rating with the reference rating and why.
 */
import type { WorkFeedbackMessage, WorkItemContent, WorkItemMessage } from '@app/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { annotationItems } from '../../db/schema';
import { conflict, notFound } from '../../http/http-errors';
import { PRACTICE_SAMPLE_COUNT, WORK_SAMPLE_DEFAULT_SECONDS } from '@app/shared';
import { seededPick } from './order';
import {
  ALREADY_RATED,
  NOT_IN_SAMPLE,
  NOT_SERVED_YET,
  activeSampleSettings,
  itemContent,
  rateItem,
  serveItem,
  startSample,
  storedSample,
  type SampleSettings,
  type WorkItemRow,
} from './store';

export type WorkSampleState = 'not_started' | 'in_progress' | 'done';

export interface WorkSampleSource {
  readonly count: number;
  state(): WorkSampleState;
  /** The item on screen now (the next one is sent when none is open); null once all are rated. */
  current(now: Date): Promise<WorkItemMessage | null>;
  /** Takes the candidate's rating; throws an AppError (404, 409) when it is refused. */
  rate(itemId: string, rating: number, now: Date): Promise<{ feedback?: WorkFeedbackMessage }>;
}

const elapsed = (servedAt: Date, now: Date) => Math.max(0, Math.round((now.getTime() - servedAt.getTime()) / 1000));

/** A recorded interview's sample, kept in `interview_work_items`. */
class StoredSample implements WorkSampleSource {
  constructor(
    private readonly db: Db,
    private readonly interviewId: string,
    private readonly jobId: string,
    private readonly settings: SampleSettings,
    private rows: WorkItemRow[],
  ) {}

  get count() {
    return this.rows.length || this.settings.count;
  }

  state(): WorkSampleState {
    if (!this.rows.length) return 'not_started';
    return this.rows.every((r) => r.rating !== null) ? 'done' : 'in_progress';
  }

  async current(now: Date): Promise<WorkItemMessage | null> {
    if (!this.rows.length) {
      await startSample(this.db, this.interviewId, this.jobId, this.settings);
      this.rows = await storedSample(this.db, this.interviewId);
    }
    const open = this.rows.find((r) => r.rating === null);
    if (!open) return null;
    const served = await serveItem(this.db, open, now);
    this.rows = this.rows.map((r) => (r.id === served.id ? served : r));
    const item = await itemContent(this.db, served.itemId);
    if (!item) {
      // Retired while the candidate was on it: nothing to show, so it counts as passed over.
      return null;
    }
    return {
      event: 'work_item',
      item_id: served.itemId!,
      index: served.position,
      count: this.rows.length,
      seconds: served.secondsAllowed,
      elapsed_seconds: elapsed(served.servedAt!, now),
      item,
    };
  }

  async rate(itemId: string, rating: number, now: Date) {
    const rated = await rateItem(this.db, this.interviewId, itemId, rating, now);
    this.rows = this.rows.map((r) => (r.id === rated.id ? rated : r));
    return {};
  }
}

type ExampleItem = { id: string; gold: number; explanation: string; content: WorkItemContent };

/** A practice sample: nothing stored; each rating is answered with the reference rating and why. */
class PracticeSample implements WorkSampleSource {
  private index = 0;
  private servedAt: Date | null = null;
  private readonly rated = new Set<string>();

  constructor(private readonly items: ExampleItem[]) {}

  get count() {
    return this.items.length;
  }

  state(): WorkSampleState {
    if (this.index >= this.items.length) return 'done';
    return this.servedAt || this.index > 0 ? 'in_progress' : 'not_started';
  }

  async current(now: Date): Promise<WorkItemMessage | null> {
    const item = this.items[this.index];
    if (!item) return null;
    this.servedAt ??= now;
    return {
      event: 'work_item',
      item_id: item.id,
      index: this.index,
      count: this.items.length,
      seconds: WORK_SAMPLE_DEFAULT_SECONDS,
      elapsed_seconds: elapsed(this.servedAt, now),
      item: item.content,
    };
  }

  async rate(itemId: string, rating: number) {
    const at = this.items.findIndex((i) => i.id === itemId);
    if (at < 0) throw notFound(NOT_IN_SAMPLE);
    if (this.rated.has(itemId)) throw conflict(ALREADY_RATED);
    if (at !== this.index || !this.servedAt) throw conflict(NOT_SERVED_YET);
    const item = this.items[at]!;
    this.rated.add(itemId);
    this.index++;
    this.servedAt = null;
    return {
      feedback: {
        event: 'work_feedback' as const,
        item_id: itemId,
        rating,
        reference_rating: item.gold,
        explanation: item.explanation,
      },
    };
  }
}

/**
 * The sample of a session about to start, or null when there is none: a recorded interview's when its
 * job's sample is on (or it already began one), a practice run's from the job's example items.
 */
export async function openWorkSample(
  db: Db,
  start: { interviewId: string; jobId: string | null; practice: boolean; sessionId: string },
): Promise<WorkSampleSource | null> {
  if (!start.jobId) return null;
  if (start.practice) {
    const rows = await db
      .select({
        id: annotationItems.id,
        gold: annotationItems.goldRating,
        explanation: annotationItems.explanation,
        content: annotationItems.content,
      })
      .from(annotationItems)
      .where(and(eq(annotationItems.jobId, start.jobId), eq(annotationItems.pool, 'example')))
      .orderBy(asc(annotationItems.seq));
    const usable = rows.filter((r) => r.content && r.gold !== null);
    const order = seededPick(
      usable.map((r) => r.id),
      PRACTICE_SAMPLE_COUNT,
      start.sessionId,
    );
    const byId = new Map(usable.map((r) => [r.id, r]));
    const items = order.map((id) => {
      const r = byId.get(id)!;
      return { id, gold: r.gold!, explanation: r.explanation ?? '', content: r.content! };
    });
    return items.length ? new PracticeSample(items) : null;
  }
  const rows = await storedSample(db, start.interviewId);
  const settings = await activeSampleSettings(db, start.jobId);
  if (!rows.length && !settings) return null;
  return new StoredSample(
    db,
    start.interviewId,
    start.jobId,
    settings ?? { count: rows.length, seconds: WORK_SAMPLE_DEFAULT_SECONDS },
    rows,
  );
}
