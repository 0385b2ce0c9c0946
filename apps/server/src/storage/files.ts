/**
 * File records (the `files` table) plus their bytes in Storage. The interview recordings reuse
 * these helpers: saveFile to store, findFile + openFile to read back after their own access check.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FilePurpose } from '@app/shared';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import type { ByteRange, Storage, StorageBody } from './types';

export type FileRow = typeof files.$inferSelect;

/** An unguessable key, grouped by purpose and month for easier housekeeping. */
export function newStorageKey(purpose: FilePurpose, now = new Date()): string {
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${purpose}/${month}/${crypto.randomBytes(24).toString('base64url')}`;
}

export type SaveFileInput = {
  ownerId: string | null;
  purpose: FilePurpose;
  contentType: string;
  originalName?: string | null;
  body: StorageBody;
  maxBytes: number;
};

/** Streams the bytes to storage (size enforced while streaming), then records the file. */
export async function saveFile(db: Db, storage: Storage, input: SaveFileInput): Promise<FileRow> {
  const storageKey = newStorageKey(input.purpose);
  const { size } = await storage.put(storageKey, input.body, {
    contentType: input.contentType,
    maxBytes: input.maxBytes,
  });
  try {
    const [row] = await db
      .insert(files)
      .values({
        storageKey,
        ownerId: input.ownerId,
        purpose: input.purpose,
        contentType: input.contentType,
        sizeBytes: size,
        originalName: input.originalName?.slice(0, 255) || null,
      })
      .returning();
    return row!;
  } catch (err) {
    await storage.delete(storageKey).catch(() => {});
    throw err;
  }
}

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

export function openFile(storage: Storage, row: FileRow, range?: ByteRange): Promise<Readable> {
  return storage.get(row.storageKey, range);
}

/** Removes the record and the bytes. */
export async function deleteFile(db: Db, storage: Storage, row: FileRow): Promise<void> {
  await db.delete(files).where(eq(files.id, row.id));
  await storage.delete(row.storageKey);
}

/**
 * Files served only through their interview's own routes (or not at all), never by GET /api/files:
 * the recording and the answer audio kept for the careful pass (decision 0172).
 */
export const INTERVIEW_MEDIA: readonly string[] = ['interview_recording', 'interview_answer_audio'];

/** The address a client uses to fetch a file through GET /api/files/:id. */
export const fileUrl = (id: string) => `/api/files/${id}`;
