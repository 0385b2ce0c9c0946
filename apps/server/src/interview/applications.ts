/** One application per candidate and job (decision 0169), read the same way wherever it is asked. */
import { and, eq, ne } from 'drizzle-orm';
import { interviews } from '../db/schema';
import type { Executor } from '../db/types';

/**
 * The candidate's open application to the job, or null: their interview for it that is not rejected.
 * A rejected one is closed, so a new one may stand beside it; the unique index
 * interviews_one_per_candidate_job holds the same rule. `except` leaves one interview out.
 */
export async function openApplication(
  db: Executor,
  candidateId: string,
  jobId: string,
  except?: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(
      and(
        eq(interviews.candidateId, candidateId),
        eq(interviews.jobId, jobId),
        ne(interviews.status, 'rejected'),
        except === undefined ? undefined : ne(interviews.id, except),
      ),
    )
    .limit(1);
  return row ?? null;
}
