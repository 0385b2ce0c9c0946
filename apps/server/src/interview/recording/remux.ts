/**
 * Once an interview has ended, its recording's segments are joined into one seekable file (decision
 * 0168): `/recording` serves it and the console plays it on one timeline. Until then, or when the
 * join cannot be made, the segments play as a playlist (decision 0145).
 *
 * The join runs as a background job on any instance: the parts are copied from Storage (local folder
 * or S3) into a temporary folder, joined there by ffmpeg, and the result stored as a file of the
 * candidate's (so account deletion and retention remove it like the chunks). Running it twice, or on
 * two instances at once, keeps one result: the row is written in a transaction that rechecks the
 * interview, and a loser's file is deleted.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import { isInterviewFinished } from '@app/shared';
import type { Db } from '../../db/client';
import { files, interviews, recordingChunks, recordingRemuxes } from '../../db/schema';
import { ToolFailedError, ToolMissingError } from '../../lib/media-tools';
import { RECORDING_CONTENT_TYPE, RECORDING_MAX_BYTES, RECORDING_PURPOSE, findInterview } from './interview-recordings';
import { joinParts, type MediaTools } from './join';
import { chunkTotal, listSegments, type Segment } from './chunks';
import { currentRemux } from './remux-store';
import { deleteFile, findFile, openFile, saveFile, type Storage } from '../../storage';

/** Stream copy reads and writes at disk speed: a long interview takes seconds; this is the ceiling. */
export const REMUX_TIME_LIMIT_MS = 15 * 60 * 1000;

export type RemuxOutcome =
  | { remuxed: true; durationMs: number }
  | {
      remuxed: false;
      reason: string;
      /** ffmpeg missing or failing: the playlist stays, logged as a warning */ failed?: boolean;
    };

/** Copies one segment's chunks, end to end, from Storage into `file`. */
async function download(db: Db, storage: Storage, segment: Segment, file: string) {
  for (const chunk of segment.chunks) {
    const row = await findFile(db, chunk.fileId);
    if (!row) throw new Error(`chunk ${chunk.seq} of segment ${segment.segment} has no file`);
    await pipeline(await openFile(storage, row), fs.createWriteStream(file, { flags: 'a' }));
  }
}

/**
 * Joins an ended interview's segments into one file, unless a current one exists. Storage and
 * database errors are thrown (the job retries); ffmpeg missing or failing is an outcome (the
 * playlist stays), since running it again would fail the same way.
 */
export async function remuxRecording(
  db: Db,
  storage: Storage,
  tools: MediaTools,
  interviewId: string,
): Promise<RemuxOutcome> {
  const interview = await findInterview(db, interviewId);
  if (!interview || !isInterviewFinished({ status: interview.status })) {
    return { remuxed: false, reason: 'the interview is not ended' };
  }
  const segments = await listSegments(db, interview.id);
  if (!segments.length) return { remuxed: false, reason: 'no recording sent in slices' };
  const existing = await currentRemux(db, interview.id, chunkTotal(segments));
  if (existing) return { remuxed: true, durationMs: existing.row.durationMs };

  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'recording-remux-'));
  try {
    const parts = segments.map((_, i) => path.join(dir, `part-${i}.webm`));
    for (const [i, segment] of segments.entries()) await download(db, storage, segment, parts[i]!);
    let joined;
    try {
      joined = await joinParts(tools, dir, parts, Date.now() + REMUX_TIME_LIMIT_MS);
    } catch (err) {
      if (err instanceof ToolMissingError || err instanceof ToolFailedError) {
        return { remuxed: false, failed: true, reason: err.message };
      }
      throw err;
    }
    const file = await saveFile(db, storage, {
      ownerId: interview.candidateId,
      purpose: RECORDING_PURPOSE,
      contentType: RECORDING_CONTENT_TYPE,
      originalName: `interview_${interview.id}.webm`,
      body: fs.createReadStream(joined.file),
      maxBytes: RECORDING_MAX_BYTES,
    });
    let start = 0;
    const partsInFile = segments.map((s, i) => {
      const part = { segment: s.segment, start_ms: start, duration_ms: joined.partDurationsMs[i]! };
      start += part.duration_ms;
      return part;
    });
    const kept = await keepRemux(db, storage, {
      interviewId: interview.id,
      fileId: file.id,
      chunkCount: chunkTotal(segments),
      durationMs: joined.durationMs,
      parts: partsInFile,
    });
    if (!kept) {
      await deleteFile(db, storage, file);
      return { remuxed: false, reason: 'the recording changed or was joined elsewhere meanwhile' };
    }
    return { remuxed: true, durationMs: joined.durationMs };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Records the joined file if it still stands for the interview's recording: the interview has
 * ended and has exactly the chunks joined (a retake or a late chunk since makes it stale), and no
 * other run has recorded the same. Replaces a stale earlier one. False when not kept.
 */
async function keepRemux(db: Db, storage: Storage, row: typeof recordingRemuxes.$inferInsert): Promise<boolean> {
  const replaced = await db.transaction(async (tx) => {
    // The interview row's lock orders this against a retake (which locks it too, decision 0149).
    const [interview] = await tx
      .select({ status: interviews.status })
      .from(interviews)
      .where(eq(interviews.id, row.interviewId))
      .for('update');
    if (!interview || !isInterviewFinished({ status: interview.status })) return false;
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(recordingChunks)
      .where(eq(recordingChunks.interviewId, row.interviewId));
    if (Number(count?.n ?? 0) !== row.chunkCount) return false;
    const [old] = await tx
      .select({ row: recordingRemuxes, file: files })
      .from(recordingRemuxes)
      .innerJoin(files, eq(files.id, recordingRemuxes.fileId))
      .where(eq(recordingRemuxes.interviewId, row.interviewId));
    if (old?.row.chunkCount === row.chunkCount) return false;
    if (old) await tx.delete(files).where(eq(files.id, old.file.id));
    await tx.insert(recordingRemuxes).values(row);
    return old ? old.file : true;
  });
  if (replaced && replaced !== true) await storage.delete(replaced.storageKey).catch(() => {});
  return replaced !== false;
}
