/** One interview read with its job, the join most readers of one interview start from. */
import { eq } from 'drizzle-orm';
import { interviews, jobs } from '../db/schema';
import type { Executor } from '../db/types';

/** The interview `id` and its job (null when the job is gone); undefined when there is no such interview. */
export async function interviewAndJob(db: Executor, id: string) {
  const [row] = await db
    .select({ interview: interviews, job: jobs })
    .from(interviews)
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.id, id))
    .limit(1);
  return row;
}
