/**
 * Interviews nobody came back to (decision 0225). A live session marks its interview as held
 * (`last_active_at`, every minute and when its socket closes); an `in_progress` interview that nobody
 * has held for the abandon time is ended with what it has, as if its candidate had pressed End: with
 * answers it is completed and assessed, without any it is open to be started again (decision 0149).
 * A database sweep, so it runs after a restart and whichever instance held the session.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { interviews, jobs } from '../db/schema';
import type { AppEvents } from '../lib/app-events';
import { completeInterview } from './interviews';

/** Interviews ended per sweep at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

export type SweepOutcome = { ended: { interviewId: string; status: string }[]; failed: number };

type Log = { warn: (obj: object, msg: string) => void };

export async function endAbandonedInterviews(
  db: Db,
  events: AppEvents,
  opts: { now: Date; abandonMinutes: number; log?: Log },
): Promise<SweepOutcome> {
  const cutoff = new Date(opts.now.getTime() - opts.abandonMinutes * 60_000);
  const lastHeld = sql`coalesce(${interviews.lastActiveAt}, ${interviews.startedAt}, ${interviews.updatedAt})`;
  // Only for active jobs: one whose job closed cannot be completed (decision 0083) nor resumed.
  const stale = await db
    .select({ id: interviews.id, candidateId: interviews.candidateId })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(and(eq(interviews.status, 'in_progress'), eq(jobs.status, 'active'), lt(lastHeld, cutoff)))
    .orderBy(asc(lastHeld))
    .limit(SWEEP_BATCH);
  const outcome: SweepOutcome = { ended: [], failed: 0 };
  for (const { id, candidateId } of stale) {
    // Claimed only while still stale: a candidate who came back since keeps the interview.
    const claimed = await db
      .update(interviews)
      .set({ lastActiveAt: opts.now })
      .where(and(eq(interviews.id, id), eq(interviews.status, 'in_progress'), lt(lastHeld, cutoff)))
      .returning({ id: interviews.id });
    if (!claimed.length) continue;
    try {
      const done = await completeInterview(db, id, candidateId, events);
      outcome.ended.push({ interviewId: id, status: done.status });
      // Told apart from an interview its candidate ended: the job's funnel shows it among technical failures.
      events.emit('interview.abandoned', { interviewId: id });
    } catch (err) {
      outcome.failed += 1;
      opts.log?.warn({ err, interviewId: id }, 'ending an abandoned interview failed');
    }
  }
  return outcome;
}
