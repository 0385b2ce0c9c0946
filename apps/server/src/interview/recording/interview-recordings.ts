/**
 * Interview recordings: the candidate's webm upload (streamed to storage, never buffered whole)
 * and reading it back with byte ranges for the provider's player. Bytes live in the app's Storage
 * (local folder or S3) with a `files` row of purpose interview_recording.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { isUuid } from '@app/shared';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { files, interviews, recordingChunks, recordingRemuxes } from '../../db/schema';
import type { Caller } from '../../lib/authz';
import { AppError, notFound } from '../../http/http-errors';
import { deleteFile, findFile, saveFile, type FileRow, type Storage } from '../../storage';
import { INTERVIEW_NOT_FOUND } from '../rules';
import { discardRemux } from './remux-store';

export const RECORDING_PURPOSE = 'interview_recording';
export const RECORDING_CONTENT_TYPE = 'video/webm';
/** A 30-minute interview at 2.5 Mbit/s is about 560 MB; 1 GB leaves room for longer talks. */
export const RECORDING_MAX_BYTES = 1024 * 1024 * 1024;
/** Every WebM (Matroska) file starts with the EBML header magic. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

export const NOT_WEBM = 'The recording must be a WebM video';
export { INTERVIEW_NOT_FOUND };
export const NO_RECORDING = 'No recording for this interview';

/** Passes the bytes through, failing with 415 unless they start with the EBML magic. */
export async function* requireWebm(body: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let checked = false;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    if (checked) {
      yield buf;
      continue;
    }
    head = Buffer.concat([head, buf]);
    if (head.length < EBML_MAGIC.length) continue;
    if (!head.subarray(0, EBML_MAGIC.length).equals(EBML_MAGIC)) throw new AppError(415, NOT_WEBM);
    checked = true;
    yield head;
  }
  if (!checked) throw new AppError(415, NOT_WEBM);
}

/** Streams an upload into storage as a recording file owned by the caller (not yet attached). */
export function storeRecording(
  db: Db,
  storage: Storage,
  caller: Caller,
  input: { body: AsyncIterable<Uint8Array>; name: string; maxBytes: number },
): Promise<FileRow> {
  return saveFile(db, storage, {
    ownerId: caller.sub,
    purpose: RECORDING_PURPOSE,
    contentType: RECORDING_CONTENT_TYPE,
    originalName: input.name,
    body: requireWebm(input.body),
    maxBytes: input.maxBytes,
  });
}

export async function findInterview(db: Db, interviewId: string) {
  if (!isUuid(interviewId)) return null;
  const [row] = await db.select().from(interviews).where(eq(interviews.id, interviewId)).limit(1);
  return row ?? null;
}

/** A recording belongs to an interview that has run: in progress, or just finished. */
const RECORDABLE = ['in_progress', 'completed', 'under_review'] as const;
export const NOT_RECORDABLE = 'This interview cannot take a recording (it has not started or has been decided).';
export const isRecordable = (status: string) => (RECORDABLE as readonly string[]).includes(status);

/**
 * The check made before a recording's body is read: the interview named in the query (or header)
 * is the caller's and in a recordable state; when the client names none (spec clients send the id
 * inside the multipart body only), the caller must at least have one recordable interview.
 */
export async function authorizeRecordingUpload(db: Db, caller: Caller, interviewId: string | undefined) {
  if (interviewId !== undefined) {
    const interview = await findInterview(db, interviewId);
    if (!interview || interview.candidateId !== caller.sub) throw notFound(INTERVIEW_NOT_FOUND);
    if (!isRecordable(interview.status)) throw new AppError(409, NOT_RECORDABLE);
    return;
  }
  const [any] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(and(eq(interviews.candidateId, caller.sub), inArray(interviews.status, [...RECORDABLE])))
    .limit(1);
  if (!any) throw new AppError(409, NOT_RECORDABLE);
}

/**
 * Attaches a stored recording to the caller's own interview (`recording_file_id`), replacing and
 * removing an earlier one. Another user's (or an unknown) interview is a 404, and the upload is
 * deleted.
 */
export async function attachRecording(
  db: Db,
  storage: Storage,
  caller: Caller,
  input: { interviewId: string; sessionId: string | null; file: FileRow },
) {
  const interview = await findInterview(db, input.interviewId);
  if (!interview || interview.candidateId !== caller.sub) {
    await deleteFile(db, storage, input.file);
    throw notFound(INTERVIEW_NOT_FOUND);
  }
  if (!isRecordable(interview.status)) {
    await deleteFile(db, storage, input.file);
    throw new AppError(409, NOT_RECORDABLE);
  }
  // A whole file replaces whatever the browser had sent in chunks (decision 0145).
  await discardChunks(db, storage, interview.id, input.file.id);
  await db
    .update(interviews)
    .set({ recordingFileId: input.file.id, sessionId: interview.sessionId ?? input.sessionId, updatedAt: new Date() })
    .where(eq(interviews.id, interview.id));
  if (interview.recordingFileId && interview.recordingFileId !== input.file.id) {
    const old = await findFile(db, interview.recordingFileId);
    if (old) await deleteFile(db, storage, old);
  }
  return {
    file_id: input.file.id,
    interview_id: interview.id,
    size_bytes: input.file.sizeBytes,
    content_type: RECORDING_CONTENT_TYPE,
  };
}

/**
 * Removes the interview's chunked recording (rows and bytes) and the file joined from it (decision
 * 0168), keeping `keep` (a file just attached).
 */
export async function discardChunks(db: Db, storage: Storage, interviewId: string, keep?: string): Promise<void> {
  await discardRemux(db, storage, interviewId);
  const rows = await db
    .select({ file: files })
    .from(recordingChunks)
    .innerJoin(files, eq(files.id, recordingChunks.fileId))
    .where(eq(recordingChunks.interviewId, interviewId));
  for (const r of rows) if (r.file.id !== keep) await deleteFile(db, storage, r.file);
}

/**
 * Drops the interview's recording, its slices, the file joined from them (decision 0168) and a
 * whole-file upload, inside the caller's transaction: the rows go at once (their links answer 404),
 * and the storage keys are returned for deleteRecordingBytes once the change is committed (a
 * retake, decision 0167).
 */
export async function dropRecording(tx: Executor, interviewId: string): Promise<string[]> {
  const [interview] = await tx
    .select({ fileId: interviews.recordingFileId })
    .from(interviews)
    .where(eq(interviews.id, interviewId));
  const slices = tx
    .select({ id: recordingChunks.fileId })
    .from(recordingChunks)
    .where(eq(recordingChunks.interviewId, interviewId));
  const joined = tx
    .select({ id: recordingRemuxes.fileId })
    .from(recordingRemuxes)
    .where(eq(recordingRemuxes.interviewId, interviewId));
  const recordingFiles = [inArray(files.id, slices), inArray(files.id, joined)];
  if (interview?.fileId) recordingFiles.push(eq(files.id, interview.fileId));
  const dropped = await tx
    .delete(files)
    .where(and(eq(files.purpose, RECORDING_PURPOSE), or(...recordingFiles)))
    .returning({ storageKey: files.storageKey });
  // recording_chunks and recording_remuxes rows go with their files (on delete cascade).
  await tx.update(interviews).set({ recordingFileId: null }).where(eq(interviews.id, interviewId));
  return dropped.map((f) => f.storageKey);
}

/**
 * Deletes the bytes whose rows a retake dropped (the recording's and the kept answer audio's); a
 * failure is logged (the rows are gone already).
 */
export async function deleteRecordingBytes(
  storage: Storage,
  storageKeys: string[],
  log?: { error: (obj: object, msg: string) => void },
): Promise<void> {
  for (const key of storageKeys) {
    await storage
      .delete(key)
      .catch((err: unknown) =>
        log?.error({ err, storageKey: key }, 'could not delete a discarded recording or answer audio'),
      );
  }
}

/** The shared Range parser (http/http-range.ts), re-exported for the recording route. */
export { parseRange } from '../../http/http-range';
