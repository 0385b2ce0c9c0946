/**
 * Whether an ended interview's recording is still to be joined into one file (decision 0168), and
 * how long to wait for it (issue 43 item 23, decision 0224). Until the join is stored, `/recording`
 * says so (503 with Retry-After) instead of serving the first part as if it were the whole.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw-sql';
import { AppError } from '../../http/http-errors';

/** What a join takes once it starts, and the worker's poll: a client asks again after this much. */
export const JOIN_RETRY_SECONDS = 5;
/** The join job is queued a moment after the interview ends (a listener): that moment counts as pending. */
const QUEUEING_GRACE_SECONDS = 60;

export const joiningMessage = (seconds: number) => `The recording is being joined; retry in ${seconds} s`;
export const STILL_RECORDING =
  'This interview is still running: its recording is joined into one file when it ends. Until then its parts play in order from /recording/playlist.';

/** 503 with Retry-After: the recording's parts are being joined. */
export class RecordingJoining extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, joiningMessage(retryAfterSeconds));
  }
}

/**
 * Seconds until the join of an ended interview's recording is expected: a `remux-recording` job for it
 * waits or runs, or the interview ended so recently that its job is only being queued. Null when no
 * join is coming (it failed, ffmpeg is missing, or the interview ended before joins were made).
 */
export async function joinWaitSeconds(
  db: Db,
  interview: { id: string; completedAt: Date | null },
  joinDelaySeconds: number,
  now = new Date(),
): Promise<number | null> {
  let jobs: { state: string; wait: number }[];
  try {
    jobs = rows<{ state: string; wait: number }>(
      await db.execute(sql`
        SELECT state, extract(epoch FROM start_after - now())::float8 AS wait
          FROM pgboss.job WHERE name = 'remux-recording' AND data->>'interviewId' = ${interview.id}`),
    );
  } catch {
    return null; // no job queue in this database: nothing will join it
  }
  const unfinished = jobs.filter((j) => ['created', 'retry', 'active'].includes(j.state));
  if (unfinished.length) {
    const wait = Math.max(...unfinished.map((j) => (j.state === 'active' ? 0 : Number(j.wait))));
    return Math.ceil(Math.max(0, wait)) + JOIN_RETRY_SECONDS;
  }
  if (jobs.length || !interview.completedAt) return null;
  const sinceEnd = (now.getTime() - interview.completedAt.getTime()) / 1000;
  if (sinceEnd > joinDelaySeconds + QUEUEING_GRACE_SECONDS) return null;
  return Math.ceil(Math.max(0, joinDelaySeconds - sinceEnd)) + JOIN_RETRY_SECONDS;
}
