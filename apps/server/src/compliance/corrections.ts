/**
 * The candidate's transcript corrections (issue 35, item 7): kept beside the turn, which is never
 * overwritten; the reviewer reads both (`candidate_correction` beside `text`).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isEndedStatus, isUuid } from '@app/shared';
import type { Db } from '../db/client';
import { interviews, transcriptTurns } from '../db/schema';
import { transcriptCorrections } from '../db/schema-ai-hiring';
import type { Executor } from '../db/types';
import { conflict, notFound, unprocessable } from '../http/http-errors';
import { INTERVIEW_NOT_FOUND } from '../interview';

/** Corrections one interview keeps in all: enough for every answer several times over. */
export const CORRECTIONS_MAX = 1000;
const NOT_ENDED = 'Corrections can be sent once the interview has ended.';
export const LIMIT_REACHED = 'This interview has reached its limit of corrections.';

export async function addCorrections(
  db: Db,
  id: string,
  candidateId: string,
  corrections: { seq: number; text: string }[],
) {
  if (!isUuid(id)) throw notFound(INTERVIEW_NOT_FOUND);
  const [iv] = await db
    .select({ status: interviews.status })
    .from(interviews)
    .where(and(eq(interviews.id, id), eq(interviews.candidateId, candidateId)))
    .limit(1);
  if (!iv) throw notFound(INTERVIEW_NOT_FOUND);
  if (!isEndedStatus(iv.status)) {
    throw conflict(NOT_ENDED);
  }
  const seqs = [...new Set(corrections.map((c) => c.seq))];
  const own = await db
    .select({ seq: transcriptTurns.seq })
    .from(transcriptTurns)
    .where(
      and(eq(transcriptTurns.interviewId, id), eq(transcriptTurns.speaker, 'user'), inArray(transcriptTurns.seq, seqs)),
    );
  const ownSeqs = new Set(own.map((t) => t.seq));
  const stranger = seqs.find((s) => !ownSeqs.has(s));
  if (stranger !== undefined) throw unprocessable(`Turn ${stranger} is not one of your answers in this interview.`);
  await db.transaction(async (tx) => {
    // Count and insert under the interview's row lock: parallel requests each counting before any
    // had inserted stored 1,400 rows past the cap (issue 43 item 13). The status is read again under
    // the lock, so nothing lands on an interview that changed in between.
    const [locked] = await tx
      .select({ status: interviews.status })
      .from(interviews)
      .where(eq(interviews.id, id))
      .for('update');
    if (!locked || !isEndedStatus(locked.status)) throw conflict(NOT_ENDED);
    const count = await tx.$count(transcriptCorrections, eq(transcriptCorrections.interviewId, id));
    if (count + corrections.length > CORRECTIONS_MAX) throw conflict(LIMIT_REACHED);
    await tx
      .insert(transcriptCorrections)
      .values(corrections.map((c) => ({ interviewId: id, seq: c.seq, text: c.text })));
  });
  return { corrections: await latestCorrections(db, id) };
}

/** The newest correction of each turn. */
export async function latestCorrections(db: Executor, id: string) {
  const rows = await db
    .select()
    .from(transcriptCorrections)
    .where(eq(transcriptCorrections.interviewId, id))
    .orderBy(asc(transcriptCorrections.seq), asc(transcriptCorrections.createdAt));
  const bySeq = new Map<number, { seq: number; text: string; created_at: string }>();
  for (const r of rows) bySeq.set(r.seq, { seq: r.seq, text: r.text, created_at: r.createdAt.toISOString() });
  return [...bySeq.values()];
}
