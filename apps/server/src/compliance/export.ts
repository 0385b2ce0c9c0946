/**
 * The candidate's issue-35 records in their own account export: appeal, corrections, integrity evidence,
 * and their own work-sample ratings (issue 46).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appeals } from '../db/schema-ai-hiring';
import { latestCorrections } from './corrections';
import { candidateWorkSample, listIntegrityEvents } from '../interview';

export async function exportOversightRecords(db: Db, interviewId: string) {
  const [appeal] = await db.select().from(appeals).where(eq(appeals.interviewId, interviewId)).limit(1);
  return {
    appeal: appeal
      ? {
          reason: appeal.reason,
          created_at: appeal.createdAt.toISOString(),
          status: appeal.outcome ?? 'open',
          resolution_note: appeal.resolutionNote,
          resolved_at: appeal.resolvedAt?.toISOString() ?? null,
        }
      : null,
    transcript_corrections: await latestCorrections(db, interviewId),
    integrity_events: (await listIntegrityEvents(db, interviewId)).map(({ id: _id, ...e }) => e),
    // The candidate's own work-sample ratings (issue 46); never the reference ratings.
    work_sample: await candidateWorkSample(db, interviewId),
  };
}
