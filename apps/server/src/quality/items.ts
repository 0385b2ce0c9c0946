/**
 * Adding a job's items (issue 26) and its work-sample and example pools (issue 46). A paid item is
 * rated by raters through tasks; a work-sample item is rated only by candidates inside the interview
 * and an example item only in practice, so neither ever becomes a task: the raters' gold checks and
 * the candidates' sample never share an item.
 */
import { and, count, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  WORK_SAMPLE_EXPOSURE_LIMIT,
  workSampleRuns,
  type AdminTask,
  type TaskStatus,
  type WorkItemContent,
  type WorkSampleItem,
  type WorkSamplePool,
  type itemCreateSchema,
} from '@app/shared';
import type { Db } from '../db/client';
import { annotationItems, annotationTasks, jobs } from '../db/schema';
import { interviewWorkItems } from '../db/schema-work-sample';
import { conflict, notFound, unprocessable } from '../http/http-errors';
import type { Executor } from '../db/types';
import { acceptedRaterCount, assertAssignable, selectAdminTasks, toAdminTaskDto } from './tasks';

type ParsedItemCreate = z.output<typeof itemCreateSchema>;
type PoolName = 'work_sample' | 'example';

const poolOf = (t: ParsedItemCreate): PoolName | null => (t.work_sample ? 'work_sample' : t.example ? 'example' : null);

const contentOf = (t: ParsedItemCreate): WorkItemContent => ({
  task_name: t.task_name,
  task_description: t.task_description,
  instructions: t.instructions,
  data_to_annotate: t.data_to_annotate,
});

/**
 * Adds items to a job (issue 26): each entry becomes one item, with its gold answer if given, rated
 * through `ratersPerItem` tasks. The first task of an entry goes to its assignee when one is given;
 * the others are pending, for distribution. An entry marked `work_sample` or `example` joins that
 * pool instead and makes no task. The reply keeps the entries' order: a task per paid item, the pool
 * item for the others.
 */
export async function createTasks(
  db: Db,
  jobId: string,
  input: ParsedItemCreate[],
  ratersPerItem = 1,
): Promise<(AdminTask | WorkSampleItem)[]> {
  const paid = input.filter((t) => !poolOf(t));
  const { taskIds, itemIds } = await db.transaction(async (tx) => {
    const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
    if (!job) throw notFound('Job not found');
    if (job.status === 'completed' || job.status === 'archived') {
      throw conflict(`Tasks cannot be added to this job: it is ${job.status}.`);
    }
    if (ratersPerItem > 1 && paid.length) {
      const raters = await acceptedRaterCount(tx, jobId);
      if (ratersPerItem > raters) {
        throw unprocessable(
          `raters_per_item is ${ratersPerItem}, but this job has ${raters} accepted rater${raters === 1 ? '' : 's'}; each item needs that many different raters.`,
        );
      }
    }
    for (const assignee of new Set(paid.map((t) => t.assignee_id).filter((a): a is string => Boolean(a)))) {
      await assertAssignable(tx, assignee, jobId);
    }
    const items = await tx
      .insert(annotationItems)
      .values(
        input.map((t) => {
          const pool = poolOf(t);
          return pool
            ? {
                jobId,
                goldRating: t.gold_rating ?? null,
                pool,
                content: contentOf(t),
                explanation: t.explanation ?? null,
              }
            : { jobId, goldRating: t.gold_rating ?? null };
        }),
      )
      .returning({ id: annotationItems.id });
    const paidEntries = input.flatMap((t, i) => (poolOf(t) ? [] : [{ t, itemId: items[i]!.id }]));
    const rows = paidEntries.length
      ? await tx
          .insert(annotationTasks)
          .values(
            paidEntries.flatMap(({ t, itemId }) =>
              Array.from({ length: ratersPerItem }, (_, copy) => {
                const assignee = copy === 0 ? (t.assignee_id ?? null) : null;
                return {
                  jobId,
                  itemId,
                  assigneeId: assignee,
                  status: (assignee ? 'assigned' : 'pending') as TaskStatus,
                  taskName: t.task_name,
                  taskDescription: t.task_description,
                  instructions: t.instructions,
                  dataToAnnotate: t.data_to_annotate as Record<string, unknown>,
                };
              }),
            ),
          )
          .returning({ id: annotationTasks.id, itemId: annotationTasks.itemId })
      : [];
    return { taskIds: rows, itemIds: items.map((i) => i.id) };
  });
  const created = taskIds.length
    ? await selectAdminTasks(
        db,
        inArray(
          annotationTasks.id,
          taskIds.map((r) => r.id),
        ),
      )
    : [];
  const byId = new Map(created.map((r) => [r.task.id, r]));
  const pooled = new Map((await poolItems(db, inArray(annotationItems.id, itemIds))).map((p) => [p.item_id, p]));
  // Keep the order the provider sent them in: the tasks of a paid entry, or its pool item.
  return input.flatMap((t, i): (AdminTask | WorkSampleItem)[] =>
    poolOf(t)
      ? [pooled.get(itemIds[i]!)!]
      : taskIds.filter((r) => r.itemId === itemIds[i]).map((r) => toAdminTaskDto(byId.get(r.id)!)),
  );
}

/** Pool items (work-sample and example) matching `where`, with how many candidates were shown each. */
async function poolItems(db: Executor, where: SQL): Promise<WorkSampleItem[]> {
  const rows = await db
    .select()
    .from(annotationItems)
    .where(and(where, inArray(annotationItems.pool, ['work_sample', 'example'])))
    .orderBy(annotationItems.seq);
  const served = rows.length
    ? await db
        .select({ itemId: interviewWorkItems.itemId, n: count() })
        .from(interviewWorkItems)
        .where(
          and(
            inArray(
              interviewWorkItems.itemId,
              rows.map((r) => r.id),
            ),
            isNotNull(interviewWorkItems.servedAt),
          ),
        )
        .groupBy(interviewWorkItems.itemId)
    : [];
  const servedBy = new Map(served.map((r) => [r.itemId, r.n]));
  return rows.map((r) => {
    const n = servedBy.get(r.id) ?? 0;
    return {
      item_id: r.id,
      pool: r.pool as PoolName,
      work_sample: r.pool === 'work_sample',
      task_name: r.content?.task_name ?? '',
      gold_rating: r.goldRating ?? 0,
      explanation: r.explanation,
      item: r.content!,
      served: n,
      overexposed: r.pool === 'work_sample' && n > WORK_SAMPLE_EXPOSURE_LIMIT,
      created_at: r.createdAt.toISOString(),
    };
  });
}

/** GET /api/admin/jobs/{id}/work-sample: the job's settings and both pools. */
export async function workSamplePool(db: Db, jobId: string): Promise<WorkSamplePool> {
  const [job] = await db
    .select({ count: jobs.workSampleCount, seconds: jobs.workSampleSeconds })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) throw notFound('Job not found');
  const items = await poolItems(db, eq(annotationItems.jobId, jobId));
  const size = items.filter((i) => i.pool === 'work_sample').length;
  return {
    job_id: jobId,
    work_sample_count: job.count,
    work_sample_seconds: job.seconds,
    active: workSampleRuns(job.count, size),
    exposure_limit: WORK_SAMPLE_EXPOSURE_LIMIT,
    items,
  };
}

/**
 * Retires a pool item (an over-exposed one is rotated out): it is deleted; interviews that used it
 * keep their copy of its name and gold rating.
 */
export async function retirePoolItem(db: Db, itemId: string): Promise<void> {
  const [row] = await db
    .delete(annotationItems)
    .where(and(eq(annotationItems.id, itemId), inArray(annotationItems.pool, ['work_sample', 'example'])))
    .returning({ id: annotationItems.id });
  if (!row) throw notFound('Work-sample item not found');
}
