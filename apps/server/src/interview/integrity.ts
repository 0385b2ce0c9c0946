/**
 * Integrity evidence (issue 35, item 8; decision 0197): what the interview page noticed (focus,
 * tab, full screen, paste, microphone), stamped by the server. Evidence for a person, never a
 * verdict: nothing here reads or writes a status, a score or a recommendation.
 */
import { and, asc, eq } from 'drizzle-orm';
import { isUuid, type IntegrityEvent, type IntegrityKind } from '@app/shared';
import type { Db } from '../db/client';
import { interviews } from '../db/schema';
import { integrityEvents } from '../db/schema-ai-hiring';
import { notFound } from '../http/http-errors';

/** Most events one interview keeps: a page reporting more is broken or hostile, not more informative. */
export const INTEGRITY_MAX_PER_INTERVIEW = 500;

/**
 * Stores one event of the candidate's own interview at `at` (the server's clock); false when there is
 * no such interview of theirs, when it is not in progress (evidence belongs to the live interview: a
 * decided or completed one takes none, decision 0223) or when it already holds the maximum. The socket
 * sends nothing here from a practice session, whatever interview it names.
 */
export async function recordIntegrityEvent(
  db: Db,
  e: { interviewId: string; candidateId: string; kind: IntegrityKind; durationMs?: number; at: Date },
): Promise<boolean> {
  if (!isUuid(e.interviewId)) return false;
  const [row] = await db
    .select({ startedAt: interviews.startedAt })
    .from(interviews)
    .where(
      and(
        eq(interviews.id, e.interviewId),
        eq(interviews.candidateId, e.candidateId),
        eq(interviews.status, 'in_progress'),
      ),
    )
    .limit(1);
  if (!row) return false;
  const count = await db.$count(integrityEvents, eq(integrityEvents.interviewId, e.interviewId));
  if (count >= INTEGRITY_MAX_PER_INTERVIEW) return false;
  const offset = row.startedAt ? Math.max(0, Math.floor((e.at.getTime() - row.startedAt.getTime()) / 1000)) : 0;
  await db.insert(integrityEvents).values({
    interviewId: e.interviewId,
    kind: e.kind,
    at: e.at,
    offsetSeconds: offset,
    durationMs: e.durationMs ?? null,
  });
  return true;
}

export async function listIntegrityEvents(db: Db, interviewId: string): Promise<IntegrityEvent[]> {
  const rows = await db
    .select()
    .from(integrityEvents)
    .where(eq(integrityEvents.interviewId, interviewId))
    .orderBy(asc(integrityEvents.at));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as IntegrityKind,
    offset_seconds: r.offsetSeconds,
    duration_seconds: r.durationMs === null ? null : Math.round(r.durationMs / 100) / 10,
    mark: r.mark,
  }));
}

/** The reviewer's mark on one event: explained or concern. It changes the event, nothing else. */
export async function markIntegrityEvent(
  db: Db,
  interviewId: string,
  eventId: string,
  mark: 'explained' | 'concern',
  adminId: string,
): Promise<IntegrityEvent[]> {
  const updated = isUuid(eventId)
    ? await db
        .update(integrityEvents)
        .set({ mark, markedBy: adminId, markedAt: new Date() })
        .where(and(eq(integrityEvents.id, eventId), eq(integrityEvents.interviewId, interviewId)))
        .returning({ id: integrityEvents.id })
    : [];
  if (!updated.length) throw notFound('Integrity event not found');
  return listIntegrityEvents(db, interviewId);
}
