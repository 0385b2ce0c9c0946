/** The console's job list: each job with its interview and task counts. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { INTERVIEW_DECIDABLE_STATUSES, type AdminJobListItem, type JobStatus, type Page } from '@app/shared';
import type { Db } from '../db/client';
import { annotationTasks, interviews, jobs } from '../db/schema';
import { toJobDto } from './jobs';
import { JOB_ID, type Paging, int, search, countWhere, pageFrom } from '../lib/listing-query';

export async function listAdminJobs(
  db: Db,
  q: Paging & { status?: JobStatus; q?: string },
): Promise<Page<AdminJobListItem>> {
  const where = and(q.status ? eq(jobs.status, q.status) : undefined, search(q.q, jobs.title, jobs.positionType));
  const rows = db
    .select({
      job: jobs,
      applicants: sql<number>`(select count(*)::int from ${interviews} i where i.job_id = ${JOB_ID})`,
      awaiting: sql<number>`(select count(*)::int from ${interviews} i where i.job_id = ${JOB_ID} and ${inArray(sql`i.status`, INTERVIEW_DECIDABLE_STATUSES)})`,
      approved: sql<number>`(select count(*)::int from ${interviews} i where i.job_id = ${JOB_ID} and i.status = 'approved')`,
      tasksTotal: sql<number>`(select count(*)::int from ${annotationTasks} t where t.job_id = ${JOB_ID})`,
      tasksOpen: sql<number>`(select count(*)::int from ${annotationTasks} t where t.job_id = ${JOB_ID} and t.status in ('pending', 'assigned', 'in_progress'))`,
    })
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
  return pageFrom(
    rows,
    q,
    () => countWhere(db, jobs, where),
    (r) => ({
      ...toJobDto(r.job),
      applicants: int(r.applicants),
      awaiting_review: int(r.awaiting),
      approved: int(r.approved),
      tasks_total: int(r.tasksTotal),
      tasks_open: int(r.tasksOpen),
    }),
  );
}

/* Interviews ------------------------------------------------------------------------------------ */
