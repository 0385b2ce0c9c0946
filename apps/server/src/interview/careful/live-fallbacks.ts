import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types';
import { interviews } from '../../db/schema';

/**
 * How many interviews assessed within the last `hours` stand on their live transcript because the
 * careful pass could not run for them (queue bound, start deadline, time limit, failure: the
 * provenance's transcript_note, decision 0224). One a careful pass later replaced is not counted.
 * The console's health page shows it (issue 45).
 */
export async function countLiveFallbacks(db: Executor, now: Date, hours = 24): Promise<number> {
  const since = new Date(now.getTime() - hours * 3600_000);
  const [row] = await db
    .select({ n: count() })
    .from(interviews)
    .where(
      and(
        gte(interviews.assessedAt, since),
        eq(interviews.transcriptPass, 'live'),
        sql`${interviews.assessment} -> 'provenance' ->> 'transcript_note' IS NOT NULL`,
      ),
    );
  return row?.n ?? 0;
}
