/**
 * Recording retention: interview recordings older than RECORDING_RETENTION_DAYS are deleted (row
 * and bytes); the interview keeps its transcript and assessment and notes when the recording went.
 * The answer audio kept for the careful pass goes at the same age (decision 0172).
 */
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { files, interviews, recordingRemuxes } from '../db/schema';
import { INTERVIEW_MEDIA, type Storage } from '../storage';

const BATCH = 100;

/** Deletes recordings created before `now - days`; returns how many went. */
export async function purgeOldRecordings(
  db: Db,
  storage: Storage,
  days: number,
  log?: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let purged = 0;
  for (;;) {
    const batch = await db
      .select({ interviewId: interviews.id, fileId: files.id, storageKey: files.storageKey })
      .from(interviews)
      .innerJoin(files, eq(files.id, interviews.recordingFileId))
      .where(and(isNotNull(interviews.recordingFileId), lt(files.createdAt, cutoff)))
      .limit(BATCH);
    if (!batch.length) break;
    // The file joined from the recording (decision 0168) goes with it, though it was made later.
    const joined = await db
      .select({ fileId: files.id, storageKey: files.storageKey })
      .from(recordingRemuxes)
      .innerJoin(files, eq(files.id, recordingRemuxes.fileId))
      .where(
        inArray(
          recordingRemuxes.interviewId,
          batch.map((b) => b.interviewId),
        ),
      );
    const gone = [...batch, ...joined];
    await db.transaction(async (tx) => {
      await tx
        .update(interviews)
        .set({ recordingFileId: null, recordingDeletedAt: now })
        .where(
          inArray(
            interviews.id,
            batch.map((b) => b.interviewId),
          ),
        );
      await tx.delete(files).where(
        inArray(
          files.id,
          gone.map((b) => b.fileId),
        ),
      );
    });
    for (const b of gone) {
      await storage.delete(b.storageKey).catch((err: unknown) => {
        log?.error({ err, storageKey: b.storageKey }, 'could not delete an expired recording from storage');
      });
    }
    purged += batch.length;
  }
  // Recordings uploaded but never attached to an interview, past the same age, go too, and so does
  // the kept answer audio (its answer_audio rows cascade).
  const orphans = await db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(and(inArray(files.purpose, [...INTERVIEW_MEDIA]), lt(files.createdAt, cutoff)));
  for (const o of orphans) {
    await db.delete(files).where(eq(files.id, o.id));
    await storage.delete(o.storageKey).catch(() => {});
  }
  return purged + orphans.length;
}
