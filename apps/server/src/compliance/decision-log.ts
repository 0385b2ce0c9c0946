/**
 * The append-only decision log (issue 35, item 9; decision 0198): decisions, overrides, blind scores,
 * appeals and audit publications. Rows name ids only (no foreign keys), so they outlive recordings,
 * interviews and accounts; a database trigger refuses changes and deletions younger than three years.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { decisionLog } from '../db/schema-ai-hiring';
import type { Executor } from '../db/types';

export type DecisionLogKind = (typeof decisionLog.$inferInsert)['kind'];

export type DecisionLogEntry = {
  kind: DecisionLogKind;
  interviewId?: string | null;
  jobId?: string | null;
  actorId?: string | null;
  details: Record<string, unknown>;
};

/** Appends one entry; call it inside the transaction of the action it records, so neither exists without the other. */
export async function appendDecisionLog(db: Executor, entry: DecisionLogEntry): Promise<void> {
  await db.insert(decisionLog).values({
    kind: entry.kind,
    interviewId: entry.interviewId ?? null,
    jobId: entry.jobId ?? null,
    actorId: entry.actorId ?? null,
    details: entry.details,
  });
}

/** The retention job: entries older than `days` (at least three years, enforced by the config and the trigger) go. */
export async function purgeDecisionLog(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const gone = await db
    .delete(decisionLog)
    .where(lt(decisionLog.createdAt, cutoff))
    .returning({ seq: decisionLog.seq });
  return gone.length;
}
