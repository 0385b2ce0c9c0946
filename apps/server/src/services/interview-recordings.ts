/**
 * Interview recordings: the candidate's webm upload (streamed to storage, never buffered whole) and
 * reading it back with byte ranges for the provider's player.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { Role } from '@app/shared';
import type { Db } from '../db/client';
import { files, interviews } from '../db/schema';
import { AppError, notFound } from '../lib/http-errors';

export const RECORDING_PURPOSE = 'interview_recording';
export const RECORDING_CONTENT_TYPE = 'video/webm';
/** A 30-minute interview at 2.5 Mbit/s is about 560 MB; 1 GB leaves room for longer talks. */
export const RECORDING_MAX_BYTES = 1024 * 1024 * 1024;
/** Every WebM (Matroska) file starts with the EBML header magic. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

export const NOT_WEBM = 'The recording must be a WebM video';
export const INTERVIEW_NOT_FOUND = 'Interview not found';
export const NO_RECORDING = 'No recording for this interview';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Recordings live under DATA_DIR/uploads/recordings with a random, unguessable name. */
export function recordingsDir(dataDir: string) {
  return path.join(dataDir, 'uploads', 'recordings');
}

function keyToPath(dataDir: string, key: string) {
  // Keys are generated here (hex), but never trust a stored value to stay inside the folder.
  if (!/^recordings\/[0-9a-f]{64}\.webm$/.test(key)) throw new Error('bad storage key');
  return path.join(dataDir, 'uploads', key);
}

/** Passes bytes through, failing with 415 unless the stream starts with the EBML magic. */
class WebmSniffer extends Transform {
  private head = Buffer.alloc(0);
  private checked = false;
  bytes = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.checked) return done(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < EBML_MAGIC.length) return done();
    if (!this.head.subarray(0, EBML_MAGIC.length).equals(EBML_MAGIC)) return done(new AppError(415, NOT_WEBM));
    this.checked = true;
    const out = this.head;
    this.head = Buffer.alloc(0);
    done(null, out);
  }

  override _flush(done: TransformCallback) {
    if (!this.checked) return done(new AppError(415, NOT_WEBM));
    done();
  }
}

/** Writes the upload to a new file; returns its key and size. The partial file is removed on failure. */
export async function storeRecordingStream(
  dataDir: string,
  stream: Readable,
): Promise<{ storageKey: string; sizeBytes: number }> {
  fs.mkdirSync(recordingsDir(dataDir), { recursive: true });
  const storageKey = `recordings/${crypto.randomBytes(32).toString('hex')}.webm`;
  const target = keyToPath(dataDir, storageKey);
  const sniffer = new WebmSniffer();
  try {
    await pipeline(stream, sniffer, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    fs.rmSync(target, { force: true });
    throw err;
  }
  return { storageKey, sizeBytes: sniffer.bytes };
}

export function removeStoredRecording(dataDir: string, storageKey: string) {
  fs.rmSync(keyToPath(dataDir, storageKey), { force: true });
}

type Caller = { sub: string; role: Role };

async function findInterview(db: Db, interviewId: string) {
  if (!UUID.test(interviewId)) return null;
  const [row] = await db.select().from(interviews).where(eq(interviews.id, interviewId)).limit(1);
  return row ?? null;
}

/**
 * Attaches a stored upload to the caller's own interview: a `files` row, `recording_file_id` set,
 * and any earlier recording of the interview removed. Another user's (or an unknown) interview is a
 * 404, and the stored file is deleted.
 */
export async function attachRecording(
  db: Db,
  dataDir: string,
  caller: Caller,
  input: { interviewId: string; sessionId: string | null; storageKey: string; sizeBytes: number; name: string },
) {
  const interview = await findInterview(db, input.interviewId);
  if (!interview || interview.candidateId !== caller.sub) {
    removeStoredRecording(dataDir, input.storageKey);
    throw notFound(INTERVIEW_NOT_FOUND);
  }
  const previous = await db.transaction(async (tx) => {
    const [file] = await tx
      .insert(files)
      .values({
        storageKey: input.storageKey,
        ownerId: caller.sub,
        purpose: RECORDING_PURPOSE,
        contentType: RECORDING_CONTENT_TYPE,
        sizeBytes: input.sizeBytes,
        originalName: input.name.slice(0, 200),
      })
      .returning();
    await tx
      .update(interviews)
      .set({
        recordingFileId: file!.id,
        sessionId: interview.sessionId ?? input.sessionId,
        updatedAt: new Date(),
      })
      .where(eq(interviews.id, interview.id));
    if (!interview.recordingFileId) return { file: file!, old: null };
    const [old] = await tx.delete(files).where(eq(files.id, interview.recordingFileId)).returning();
    return { file: file!, old: old ?? null };
  });
  // A re-upload replaces the earlier file (the row went in the same transaction).
  if (previous.old) removeStoredRecording(dataDir, previous.old.storageKey);
  return {
    file_id: previous.file.id,
    interview_id: interview.id,
    size_bytes: previous.file.sizeBytes,
    content_type: RECORDING_CONTENT_TYPE,
  };
}

/** The recording's file for its candidate or an admin; 404 for anyone else and when none exists. */
export async function getRecordingFile(db: Db, dataDir: string, caller: Caller, interviewId: string) {
  const interview = await findInterview(db, interviewId);
  if (!interview || (interview.candidateId !== caller.sub && caller.role !== 'admin')) {
    throw notFound(INTERVIEW_NOT_FOUND);
  }
  if (!interview.recordingFileId) throw notFound(NO_RECORDING);
  const [file] = await db.select().from(files).where(eq(files.id, interview.recordingFileId)).limit(1);
  if (!file) throw notFound(NO_RECORDING);
  const filePath = keyToPath(dataDir, file.storageKey);
  const size = fs.statSync(filePath, { throwIfNoEntry: false })?.size;
  if (size === undefined) throw notFound(NO_RECORDING);
  return { path: filePath, size, contentType: file.contentType };
}

/**
 * Parses a single `bytes=` range against a file size (RFC 9110 §14). Returns null when there is no
 * usable Range header (serve everything), or 'unsatisfiable' for 416.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multiple ranges or other units: ignore the header and send the whole file, which RFC allows.
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
