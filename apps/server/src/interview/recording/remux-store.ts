/**
 * The joined recording's row (decision 0168): which one is current, and removing it with the
 * recording it was made from. Apart from the join itself so the recording services can use it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, recordingRemuxes } from '../../db/schema';
import { deleteFile, type FileRow, type Storage } from '../../storage';

export type RemuxRow = typeof recordingRemuxes.$inferSelect;

/** The interview's joined file when it was made from all `chunkCount` chunks stored now; null otherwise. */
export async function currentRemux(
  db: Db,
  interviewId: string,
  chunkCount: number,
): Promise<{ row: RemuxRow; file: FileRow } | null> {
  const [hit] = await db
    .select({ row: recordingRemuxes, file: files })
    .from(recordingRemuxes)
    .innerJoin(files, eq(files.id, recordingRemuxes.fileId))
    .where(eq(recordingRemuxes.interviewId, interviewId))
    .limit(1);
  return hit && chunkCount > 0 && hit.row.chunkCount === chunkCount ? hit : null;
}

/** Removes the interview's joined file (row and bytes), if it has one. */
export async function discardRemux(db: Db, storage: Storage, interviewId: string): Promise<void> {
  const rows = await db
    .select({ file: files })
    .from(recordingRemuxes)
    .innerJoin(files, eq(files.id, recordingRemuxes.fileId))
    .where(eq(recordingRemuxes.interviewId, interviewId));
  for (const r of rows) await deleteFile(db, storage, r.file);
}
