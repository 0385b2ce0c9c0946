/**
 * The dataset export (GET /api/admin/jobs/{id}/dataset, issue 26): one record per item, streamed
 * page by page (items in keyset order), never built whole in memory. JSONL: one item per line; CSV:
 * one row per rating with the item's fields repeated (an item not yet rated: one row, rating cells
 * empty). Only the ratings' numbers are read whole up front, for the consensus weights.
 */
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { DatasetRecord } from '@app/shared';
import { annotationItems, annotationTasks, jobs } from '../../db/schema';
import type { Executor } from '../../db/types';
import { notFound } from '../../lib/http-errors';
import { byItem, consensusWeights, raterStats, summarizeItem } from './consensus';
import { loadJobRatings, reviewState, SUBMITTED } from './ratings';
import { csvLine } from '../../lib/csv';

/** Items per page read from the database. */
const PAGE = 1000;

export const DATASET_CSV_COLUMNS = [
  'item_id',
  'title',
  'data_type',
  'url',
  'text',
  'gold',
  'consensus',
  'spread',
  'needs_review',
  'rater_id',
  'rating',
  'notes',
  'submitted_at',
  'status',
] as const;

/** Fails before any byte is sent when the job does not exist. */
export async function assertJobExists(db: Executor, jobId: string): Promise<void> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound('Job not found');
}

/** The job's items with their ratings, one page of the database at a time. */
export async function* datasetRecords(db: Executor, jobId: string): AsyncGenerator<DatasetRecord> {
  const weights = consensusWeights(raterStats(await loadJobRatings(db, jobId)));
  // Items in upload order (seq); the last seq read is the cursor of the next page.
  let cursor: number | null = null;
  for (;;) {
    const pageWhere = and(
      eq(annotationItems.jobId, jobId),
      cursor === null ? undefined : gt(annotationItems.seq, cursor),
    );
    const pageOrder = [asc(annotationItems.seq)];
    const items: { id: string; gold: number | null; seq: number }[] = await db
      .select({ id: annotationItems.id, gold: annotationItems.goldRating, seq: annotationItems.seq })
      .from(annotationItems)
      .where(pageWhere)
      .orderBy(...pageOrder)
      .limit(PAGE);
    if (!items.length) return;
    // The page's tasks are found through the page's seq range (index on items, then on tasks),
    // not through a list of 1,000 ids, which the planner turns into a comparison per id per row.
    const page = db
      .select({ id: annotationItems.id })
      .from(annotationItems)
      .where(and(pageWhere, lte(annotationItems.seq, items[items.length - 1]!.seq)));
    // One read of every task of the page's items; which are submitted is decided here, not in SQL,
    // where a status condition drew the planner (without statistics) into a scan per item.
    const rows = await db
      .select({
        id: annotationTasks.id,
        itemId: annotationTasks.itemId,
        taskName: annotationTasks.taskName,
        data: annotationTasks.dataToAnnotate,
        createdAt: annotationTasks.createdAt,
        raterId: annotationTasks.assigneeId,
        rating: annotationTasks.qualityRating,
        notes: annotationTasks.feedbackNotes,
        submittedAt: annotationTasks.submittedAt,
        status: annotationTasks.status,
        reviewApproved: annotationTasks.reviewApproved,
      })
      .from(annotationTasks)
      .where(inArray(annotationTasks.itemId, page));
    const byCreation = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
      a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
    const contents = [...rows].sort(byCreation).reverse();
    const ratings = rows
      .filter((r) => (SUBMITTED as readonly string[]).includes(r.status) && r.rating !== null)
      .sort((a, b) => a.submittedAt!.getTime() - b.submittedAt!.getTime() || a.id.localeCompare(b.id));
    const content = new Map(contents.map((c) => [c.itemId, c]));
    const rated = byItem(ratings);
    for (const item of items) {
      const c = content.get(item.id);
      const list = rated.get(item.id) ?? [];
      yield {
        item_id: item.id,
        ...describe(c?.taskName ?? '', c?.data ?? {}),
        gold: item.gold,
        ...summarizeItem(
          list.map((r) => ({ raterId: r.raterId!, rating: r.rating! })),
          weights,
        ),
        ratings: list.map((r) => ({
          rater_id: r.raterId!,
          rating: r.rating!,
          notes: r.notes ?? '',
          submitted_at: r.submittedAt!.toISOString(),
          status: reviewState(r),
        })),
      };
    }
    cursor = items[items.length - 1]!.seq;
  }
}

/** Title, data type and the URL or text of an item, from what the provider uploaded. */
function describe(taskName: string, data: Record<string, unknown>) {
  const text = (data.data_content as { text?: string } | undefined)?.text;
  const transcript = data.transcript as string | { speaker: string; text: string }[] | undefined;
  const transcriptText =
    typeof transcript === 'string' ? transcript : transcript?.map((t) => `${t.speaker}: ${t.text}`).join('\n');
  return {
    title: typeof data.title === 'string' && data.title ? data.title : taskName,
    // Without data_type the item is a transcript (docs/product/rules.md).
    data_type: typeof data.data_type === 'string' ? data.data_type : 'transcript',
    url: typeof data.data_url === 'string' ? data.data_url : null,
    text: text ?? transcriptText ?? null,
  };
}

/** JSONL: one item per line. */
export async function* datasetJsonl(db: Executor, jobId: string): AsyncGenerator<string> {
  let batch = '';
  for await (const record of datasetRecords(db, jobId)) {
    batch += JSON.stringify(record) + '\n';
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

/** CSV: one row per rating, the item's fields repeated. */
export async function* datasetCsv(db: Executor, jobId: string): AsyncGenerator<string> {
  let batch = csvLine([...DATASET_CSV_COLUMNS]);
  for await (const r of datasetRecords(db, jobId)) {
    const item = [r.item_id, r.title, r.data_type, r.url, r.text, r.gold, r.consensus, r.spread, r.needs_review];
    if (!r.ratings.length) batch += csvLine([...item, null, null, null, null, null]);
    for (const x of r.ratings) batch += csvLine([...item, x.rater_id, x.rating, x.notes, x.submitted_at, x.status]);
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}
