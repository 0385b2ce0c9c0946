/**
 * Who is a rater of a job: a candidate whose interview for it was accepted. A retake withdraws the
 * acceptance (decision 0149), and with it the right to start and submit the job's tasks (decision 0170).
 */
import { and, eq } from 'drizzle-orm';
import { interviews, users } from '../db/schema';
import type { Executor } from '../db/types';

/**
 * The interviews that make their candidate a rater of the job: accepted, and the person still a
 * candidate. For queries on `interviews` joined with `users` on the candidate.
 */
export const acceptedForJob = (jobId: string) =>
  and(eq(interviews.jobId, jobId), eq(interviews.acceptanceStatus, 'accepted'), eq(users.role, 'candidate'));

/** True when the user is a candidate whose interview for the job was accepted (may get tasks). */
export async function isAcceptedForJob(db: Executor, userId: string, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.candidateId))
    .where(and(eq(interviews.candidateId, userId), acceptedForJob(jobId)))
    .limit(1);
  return Boolean(row);
}
