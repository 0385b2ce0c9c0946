/**
 * A recording's bytes as the routes serve them: a stored file, or one segment's chunks read end to end
 * as one file (its head carrying the length), any byte range of either opened only when read
 * (decision 0145).
 */
import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { notFound } from '../../http/http-errors';
import { withWebmDuration } from '../../lib/webm-duration';
import { NO_RECORDING, RECORDING_CONTENT_TYPE } from './interview-recordings';
import { findFile, openFile, type ByteRange, type FileRow, type Storage } from '../../storage';

/** What the segment route serves: its size, type and a reader of any byte range. */
export type RecordingBytes = {
  size: number;
  contentType: string;
  open: (range?: ByteRange) => Promise<Readable>;
  /** Headers that say what is served, when it is not the whole recording (decision 0224). */
  headers?: Record<string, string>;
};

export const fileBytes = (storage: Storage, file: FileRow): RecordingBytes => ({
  size: file.sizeBytes,
  contentType: file.contentType,
  open: (range) => openFile(storage, file, range),
});

export async function segmentBytes(
  db: Db,
  storage: Storage,
  segment: { chunks: { fileId: string }[]; durationMs: number },
): Promise<RecordingBytes> {
  const missing = notFound(NO_RECORDING);
  const rows = await Promise.all(segment.chunks.map((c) => findFile(db, c.fileId)));
  if (rows.some((r) => !r)) throw missing;
  const head = withWebmDuration(await readAll(await openFile(storage, rows[0]!)), segment.durationMs);
  const parts: Part[] = [
    {
      size: head.length,
      open: async (range) => Readable.from([range ? head.subarray(range.start, range.end + 1) : head]),
    },
    ...rows.slice(1).map((f) => ({ size: f!.sizeBytes, open: (range?: ByteRange) => openFile(storage, f!, range) })),
  ];
  const size = parts.reduce((n, p) => n + p.size, 0);
  return { size, contentType: RECORDING_CONTENT_TYPE, open: async (range) => Readable.from(readParts(parts, range)) };
}

type Part = { size: number; open: (range?: ByteRange) => Promise<Readable> };

async function readAll(stream: Readable): Promise<Buffer> {
  const bufs: Buffer[] = [];
  for await (const b of stream) bufs.push(Buffer.isBuffer(b) ? b : Buffer.from(b as Uint8Array));
  return Buffer.concat(bufs);
}

/** The bytes of `range` (inclusive) across the parts laid end to end, each part opened only when reached. */
async function* readParts(parts: Part[], range?: ByteRange): AsyncGenerator<Buffer> {
  const total = parts.reduce((n, p) => n + p.size, 0);
  const start = range?.start ?? 0;
  const end = range?.end ?? total - 1;
  let offset = 0;
  for (const part of parts) {
    const partStart = offset;
    const partEnd = offset + part.size - 1;
    offset += part.size;
    if (partEnd < start || part.size === 0) continue;
    if (partStart > end) break;
    const from = Math.max(start, partStart) - partStart;
    const to = Math.min(end, partEnd) - partStart;
    const whole = from === 0 && to === part.size - 1;
    for await (const b of await part.open(whole ? undefined : { start: from, end: to })) {
      yield Buffer.isBuffer(b) ? b : Buffer.from(b as Uint8Array);
    }
  }
}
