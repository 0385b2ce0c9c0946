/**
 * The dataset export (GET /api/admin/jobs/{id}/dataset, issue 26): one record per item, streamed
 * page by page (items in keyset order), never built whole in memory. JSONL: one item per line; CSV:
 * one row per rating with the item's fields repeated (an item not yet rated: one row, rating cells
 * empty). Only the ratings' numbers are read whole up front, for the consensus weights.
 */
import { eq, sql } from 'drizzle-orm';
import type { DatasetRecord } from '@app/shared';
import { annotationItems, annotationTasks, jobs } from '../db/schema';
import type { Executor } from '../db/types';
import { rows } from '../db/raw-sql';
import { notFound } from '../http/http-errors';
import { consensusWeights, raterStats, summarizeItem } from './consensus';
import { holdsSubmittedRating, loadJobRatings, reviewState } from './ratings';
import { csvLine } from '../lib/csv';

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
  'rejection_reason',
] as const;

/** Fails before any byte is sent when the job does not exist. */
export async function assertJobExists(db: Executor, jobId: string): Promise<void> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound('Job not found');
}

/** One item of a page as the page query returns it (see `pageQuery`). */
type PageItem = {
  id: string;
  seq: number;
  gold: number | null;
  /** The item's content: what the provider uploaded, from its newest task. */
  content: { name: string; data: Record<string, unknown> } | null;
  /** Submitted ratings, oldest first: [rater_id, rating, notes, submitted_at, status, review_approved, review_reason]. */
  ratings: [string, number, string | null, string, string, boolean | null, string | null][] | null;
};

/**
 * One page of items, each with its content and its submitted ratings, as a single JSON text. Postgres
 * builds the page and JavaScript parses it once: on the embedded database, turning thousands of
 * result rows into objects was most of the export's time, and the content (read from every task)
 * was read three times per item. Each item finds its tasks through the item index alone: the
 * submitted filter sits in the aggregate, because in WHERE it drew the planner (without statistics)
 * into AND-ing the job's status index, a scan of every task of the job per item.
 */
const pageQuery = (jobId: string, after: number | null) => sql`
  SELECT coalesce(json_agg(page ORDER BY page.seq), '[]')::text AS page FROM (
    SELECT i.id, i.seq, i.gold_rating AS gold,
      (SELECT json_build_object('name', ${annotationTasks.taskName}, 'data', ${annotationTasks.dataToAnnotate})
         FROM ${annotationTasks} WHERE ${annotationTasks.itemId} = i.id
         ORDER BY ${annotationTasks.createdAt} DESC, ${annotationTasks.id} DESC LIMIT 1) AS content,
      (SELECT json_agg(json_build_array(${annotationTasks.assigneeId}, ${annotationTasks.qualityRating}, ${annotationTasks.feedbackNotes},
                                        ${annotationTasks.submittedAt}, ${annotationTasks.status}, ${annotationTasks.reviewApproved},
                                        ${annotationTasks.reviewReason})
                       ORDER BY ${annotationTasks.submittedAt}, ${annotationTasks.id}) FILTER (WHERE ${holdsSubmittedRating})
         FROM ${annotationTasks} WHERE ${annotationTasks.itemId} = i.id) AS ratings
    FROM ${annotationItems} i
    WHERE i.job_id = ${jobId} AND i.pool = 'paid' ${after === null ? sql`` : sql`AND i.seq > ${after}`}
    ORDER BY i.seq
    LIMIT ${PAGE}
  ) page`;

/**
 * The job's items with their ratings, one page of the database at a time. `origin` (PUBLIC_URL, else
 * the server's own address; null when it has none) makes the items' relative media URLs absolute,
 * so that the file still leads to them outside the console (issue 34).
 */
export async function* datasetRecords(
  db: Executor,
  jobId: string,
  origin: string | null = null,
): AsyncGenerator<DatasetRecord> {
  const weights = consensusWeights(raterStats(await loadJobRatings(db, jobId)));
  // Items in upload order (seq); the last seq read is the cursor of the next page.
  let cursor: number | null = null;
  for (;;) {
    const [row] = rows<{ page: string }>(await db.execute(pageQuery(jobId, cursor)));
    const items = JSON.parse(row!.page) as PageItem[];
    if (!items.length) return;
    for (const item of items) {
      const ratings = (item.ratings ?? []).map(
        ([raterId, rating, notes, submittedAt, status, reviewApproved, reviewReason]) => {
          const state = reviewState({ status, reviewApproved });
          return {
            rater_id: raterId,
            rating,
            notes: notes ?? '',
            submitted_at: new Date(submittedAt).toISOString(),
            status: state,
            rejection_reason: state === 'rejected' ? (reviewReason ?? null) : null,
          };
        },
      );
      // A rejected rating is kept in the record but is no part of the consensus or the spread.
      const kept = ratings.filter((r) => r.status !== 'rejected');
      yield {
        item_id: item.id,
        ...describe(item.content?.name ?? '', item.content?.data ?? {}, origin),
        gold: item.gold,
        ...summarizeItem(
          kept.map((r) => ({ raterId: r.rater_id, rating: r.rating })),
          weights,
        ),
        ratings,
      };
    }
    cursor = items[items.length - 1]!.seq;
  }
}

/** Title, data type and the URL or text of an item, from what the provider uploaded. */
function describe(taskName: string, data: Record<string, unknown>, origin: string | null) {
  const text = (data.data_content as { text?: string } | undefined)?.text;
  const transcript = data.transcript as string | { speaker: string; text: string }[] | undefined;
  const transcriptText =
    typeof transcript === 'string' ? transcript : transcript?.map((t) => `${t.speaker}: ${t.text}`).join('\n');
  return {
    title: typeof data.title === 'string' && data.title ? data.title : taskName,
    // Without data_type the item is a transcript (docs/product/rules.md).
    data_type: typeof data.data_type === 'string' ? data.data_type : 'transcript',
    url: typeof data.data_url === 'string' ? absolute(data.data_url, origin) : null,
    text: text ?? transcriptText ?? null,
  };
}

/** A URL of this server's (starting with one '/') on `origin`; any other URL as it was given. */
export function absolute(url: string, origin: string | null): string {
  return origin && url.startsWith('/') && !url.startsWith('//') ? origin + url : url;
}

/** JSONL: one item per line. */
export async function* datasetJsonl(db: Executor, jobId: string, origin: string | null = null): AsyncGenerator<string> {
  let batch = '';
  for await (const record of datasetRecords(db, jobId, origin)) {
    batch += JSON.stringify(record) + '\n';
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

/** CSV: one row per rating, the item's fields repeated. */
export async function* datasetCsv(db: Executor, jobId: string, origin: string | null = null): AsyncGenerator<string> {
  let batch = csvLine([...DATASET_CSV_COLUMNS]);
  for await (const r of datasetRecords(db, jobId, origin)) {
    const item = [r.item_id, r.title, r.data_type, r.url, r.text, r.gold, r.consensus, r.spread, r.needs_review];
    if (!r.ratings.length) batch += csvLine([...item, null, null, null, null, null, null]);
    for (const x of r.ratings)
      batch += csvLine([...item, x.rater_id, x.rating, x.notes, x.submitted_at, x.status, x.rejection_reason]);
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}
