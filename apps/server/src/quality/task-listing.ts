/** The console's task list and the progress per candidate. */
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AdminTask, CandidateTaskProgress, Page, TaskStatus } from '@app/shared';
import type { Db } from '../db/client';
import { annotationItems, annotationTasks, jobs, users } from '../db/schema';
import { toAdminTaskDto } from './tasks';
import { type Paging, int, countWhere, pageFrom } from '../lib/listing-query';

export async function listAdminTasks(
  db: Db,
  q: Paging & {
    job_id?: string;
    assignee_id?: string;
    status?: TaskStatus;
    review?: 'waiting' | 'accepted' | 'rejected';
  },
): Promise<Page<AdminTask>> {
  const where = and(
    q.job_id ? eq(annotationTasks.jobId, q.job_id) : undefined,
    q.assignee_id ? eq(annotationTasks.assigneeId, q.assignee_id) : undefined,
    q.status ? eq(annotationTasks.status, q.status) : undefined,
    q.review === 'waiting'
      ? and(eq(annotationTasks.status, 'completed'), isNull(annotationTasks.reviewApproved))
      : q.review
        ? and(isNotNull(annotationTasks.reviewApproved), eq(annotationTasks.reviewApproved, q.review === 'accepted'))
        : undefined,
  );
  const rows = db
    .select({
      task: annotationTasks,
      jobTitle: jobs.title,
      jobStatus: jobs.status,
      assigneeEmail: users.email,
      gold: annotationItems.goldRating,
    })
    .from(annotationTasks)
    .innerJoin(jobs, eq(jobs.id, annotationTasks.jobId))
    .leftJoin(users, eq(users.id, annotationTasks.assigneeId))
    .leftJoin(annotationItems, eq(annotationItems.id, annotationTasks.itemId))
    .where(where)
    // Work waiting for review first, then newest.
    .orderBy(
      desc(sql`(${annotationTasks.status} = 'completed' and ${annotationTasks.reviewApproved} is null)`),
      desc(annotationTasks.createdAt),
      asc(annotationTasks.taskName),
      desc(annotationTasks.id),
    );
  return pageFrom(rows, q, () => countWhere(db, annotationTasks, where), toAdminTaskDto);
}

/** Per assignee: how many tasks are where (assigned, in progress, submitted, accepted, rejected). */
export async function taskProgress(db: Db, q: { jobId?: string; userId?: string }): Promise<CandidateTaskProgress[]> {
  const t = annotationTasks;
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      assigned: sql<number>`count(*) filter (where ${t.status} = 'assigned')::int`,
      inProgress: sql<number>`count(*) filter (where ${t.status} = 'in_progress')::int`,
      submitted: sql<number>`count(*) filter (where ${t.status} = 'completed' and ${t.reviewApproved} is null)::int`,
      accepted: sql<number>`count(*) filter (where ${t.reviewApproved} = true)::int`,
      rejected: sql<number>`count(*) filter (where ${t.reviewApproved} = false)::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.assigneeId))
    .where(and(q.jobId ? eq(t.jobId, q.jobId) : undefined, q.userId ? eq(t.assigneeId, q.userId) : undefined))
    .groupBy(users.id, users.email, users.name)
    .orderBy(asc(users.email));
  return rows.map((r) => ({
    user_id: r.userId,
    email: r.email,
    name: r.name,
    assigned: int(r.assigned),
    in_progress: int(r.inProgress),
    submitted: int(r.submitted),
    accepted: int(r.accepted),
    rejected: int(r.rejected),
    total: int(r.total),
  }));
}

/* Money ----------------------------------------------------------------------------------------- */
