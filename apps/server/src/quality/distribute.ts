/**
 * Distribution (issue 26, decision 0155): the job's unassigned tasks go to its accepted, active
 * raters, evenly, never two tasks of one item to the same rater. The job row is locked for the
 * whole run, so a second call waits, then finds nothing left to assign.
 */
import { and, asc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { annotationTasks, interviews, jobRaters, jobs, users } from '../db/schema';
import { conflict, notFound } from '../http/http-errors';
import { acceptedForJob } from './acceptance';
import { unassignedTasksOf } from './ratings';

export const NO_ACTIVE_RATERS =
  'This job has no active raters to distribute tasks to. Accept candidates for the job, or unpause a paused rater, then distribute again.';

/** What a distribution did: tasks assigned in all, and to whom how many (for their e-mails, issue 34). */
export type Distribution = { assigned: number; raters: { user_id: string; assigned: number }[] };

export async function distributeTasks(db: Db, jobId: string): Promise<Distribution> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).for('update');
    if (!job) throw notFound('Job not found');
    if (job.status === 'completed' || job.status === 'archived') {
      throw conflict(`Tasks of this job cannot be distributed: it is ${job.status}.`);
    }
    const paused = tx
      .select({ id: jobRaters.userId })
      .from(jobRaters)
      .where(and(eq(jobRaters.jobId, jobId), eq(jobRaters.status, 'paused')));
    const raters = (
      await tx
        .selectDistinct({ id: interviews.candidateId })
        .from(interviews)
        .innerJoin(users, eq(users.id, interviews.candidateId))
        .where(and(acceptedForJob(jobId), notInArray(interviews.candidateId, paused)))
        .orderBy(asc(interviews.candidateId))
    ).map((r) => r.id);
    if (!raters.length) throw conflict(NO_ACTIVE_RATERS);

    const open = await tx
      .select({ id: annotationTasks.id, itemId: annotationTasks.itemId })
      .from(annotationTasks)
      .where(unassignedTasksOf(jobId))
      .orderBy(asc(annotationTasks.createdAt), asc(annotationTasks.id));
    if (!open.length) return { assigned: 0, raters: [] };

    // Who already holds which item, and each rater's open load (assigned or in progress).
    const held = await tx
      .select({ itemId: annotationTasks.itemId, userId: annotationTasks.assigneeId, status: annotationTasks.status })
      .from(annotationTasks)
      .where(and(eq(annotationTasks.jobId, jobId), isNotNull(annotationTasks.assigneeId)));
    const plan = planDistribution(
      raters,
      open,
      held.map((h) => ({
        itemId: h.itemId,
        userId: h.userId!,
        open: h.status === 'assigned' || h.status === 'in_progress',
      })),
    );

    if (!plan.length) return { assigned: 0, raters: [] };
    // One statement for the whole plan, its ids as two array parameters (not one parameter per id).
    const list = (ids: string[]) => `{${ids.join(',')}}`;
    const result = await tx.execute(sql`
      update ${annotationTasks} as t set assignee_id = v.user_id, status = 'assigned'
      from unnest(${list(plan.map((p) => p.taskId))}::uuid[], ${list(plan.map((p) => p.userId))}::uuid[]) as v(task_id, user_id)
      where t.id = v.task_id and t.status = 'pending' and t.assignee_id is null
      returning t.id, t.assignee_id`);
    const rows = (result as unknown as { rows: { id: string; assignee_id: string }[] }).rows;
    const per = new Map<string, number>();
    for (const r of rows) per.set(r.assignee_id, (per.get(r.assignee_id) ?? 0) + 1);
    return {
      assigned: rows.length,
      raters: [...per].map(([user_id, assigned]) => ({ user_id, assigned })),
    };
  });
}

/**
 * The assignment plan, pure: each open task, in order, to the rater with the least open load who
 * holds nothing of its item yet (ties to the one earliest in the list). Tasks no rater can take stay
 * unassigned.
 */
export function planDistribution(
  raters: readonly string[],
  tasks: readonly { id: string; itemId: string }[],
  held: readonly { itemId: string; userId: string; open: boolean }[],
): { taskId: string; userId: string }[] {
  const load = new Map(raters.map((r) => [r, 0]));
  const holders = new Map<string, Set<string>>();
  const hold = (itemId: string, userId: string) => {
    const set = holders.get(itemId);
    if (set) set.add(userId);
    else holders.set(itemId, new Set([userId]));
  };
  for (const h of held) {
    hold(h.itemId, h.userId);
    if (h.open && load.has(h.userId)) load.set(h.userId, load.get(h.userId)! + 1);
  }
  const plan: { taskId: string; userId: string }[] = [];
  for (const task of tasks) {
    const taken = holders.get(task.itemId);
    let best: string | null = null;
    let bestLoad = Infinity;
    for (const r of raters) {
      const l = load.get(r)!;
      if (l < bestLoad && !taken?.has(r)) {
        best = r;
        bestLoad = l;
      }
    }
    if (best === null) continue;
    load.set(best, bestLoad + 1);
    hold(task.itemId, best);
    plan.push({ taskId: task.id, userId: best });
  }
  return plan;
}
