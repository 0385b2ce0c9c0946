/**
 * The interview recording as it is made: the browser sends its MediaRecorder output in chunks while
 * the interview runs, and they are stored as they arrive, so a reload, a lost connection or a crashed
 * tab loses at most the chunk in flight. Each MediaRecorder stream is a segment (a reload starts a
 * new one); the segments, in order, are the recording, played by the console as one (decision 0145).
 *
 * Everything lives in the database and storage, so any instance can take the next chunk.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interviews, recordingChunks, transcriptTurns } from '../../db/schema';
import type { Caller } from '../../lib/authz';
import { round } from '../../lib/round';
import { AppError, badRequest, conflict, notFound } from '../../http/http-errors';
import {
  INTERVIEW_NOT_FOUND,
  NOT_RECORDABLE,
  NOT_WEBM,
  NO_RECORDING,
  RECORDING_CONTENT_TYPE,
  RECORDING_MAX_BYTES,
  RECORDING_PURPOSE,
  findInterview,
  isRecordable,
} from './interview-recordings';
import { currentRemux } from './remux-store';
import { fileBytes, segmentBytes, type RecordingBytes } from './bytes';
import { isInterviewFinished } from '@app/shared';
import { joinWaitSeconds, RecordingJoining, STILL_RECORDING } from './join-wait';
import { deleteFile, FileTooLargeError, findFile, saveFile, type Storage } from '../../storage';
import type { FileLinks } from '../../accounts';

/** One chunk is a few seconds of video at about 1 Mbit/s; 16 MB leaves room for any browser's slices. */
export const CHUNK_MAX_BYTES = 16 * 1024 * 1024;
/** A segment name: the browser's random id for one MediaRecorder stream. */
export const SEGMENT_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
/** The playlist's name for a recording uploaded whole through POST /interviews/upload/video. */
export const WHOLE_FILE_SEGMENT = 'file';
/** The playlist's name for the segments joined into one file once the interview ended (decision 0168). */
export const JOINED_SEGMENT = 'joined';
/** Signed segment links stay valid this long beyond the segment's own length (seeking comes back later). */
const LINK_GRACE_S = 10 * 60;

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

export const outOfOrder = (seq: number, next: number) =>
  `Chunk ${seq} arrived before chunk ${next}: send chunk ${next} of this segment first.`;

/** Slices are taken while the interview is live and, for its last ones, this long after it ended (decision 0167). */
export const LATE_SLICE_GRACE_MS = 2 * 60_000;
/** How far a slice's elapsed_ms may run past the time since the interview started (the browser's clock is not ours). */
export const ELAPSED_TOLERANCE_MS = 30_000;
export const RECORDING_ENDED = 'This interview has ended, so it takes no more recording.';
export const elapsedTooLate = (ms: number) => `elapsed_ms ${ms} is later than the time since this interview started.`;

/**
 * The caller's own interview while it is live, or ended at most LATE_SLICE_GRACE_MS ago (404 for
 * anyone else's or a missing one, as for the upload; 409 otherwise). Checked before a slice's body
 * is read (decision 0167), and again when it is stored.
 */
export async function sliceTarget(db: Db, caller: Caller, interviewId: string, now = Date.now()) {
  const interview = await findInterview(db, interviewId);
  if (!interview || interview.candidateId !== caller.sub) throw notFound(INTERVIEW_NOT_FOUND);
  if (!isRecordable(interview.status)) throw new AppError(409, NOT_RECORDABLE);
  if (interview.status !== 'in_progress') {
    const endedAt = interview.completedAt?.getTime();
    if (endedAt === undefined || now - endedAt > LATE_SLICE_GRACE_MS) throw new AppError(409, RECORDING_ENDED);
  }
  return interview;
}

async function chunkCount(db: Db, interviewId: string, segment: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recordingChunks)
    .where(and(eq(recordingChunks.interviewId, interviewId), eq(recordingChunks.segment, segment)));
  return Number(row?.n ?? 0);
}

async function recordingBytes(db: Db, interviewId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${recordingChunks.sizeBytes}), 0)::bigint` })
    .from(recordingChunks)
    .where(eq(recordingChunks.interviewId, interviewId));
  return Number(row?.n ?? 0);
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

export type ChunkInput = { interviewId: string; segment: string; seq: number; elapsedMs: number; body: Buffer };
export type ChunkReply = { stored: boolean; next_seq: number };
/** The reply, and whether the interview had already ended (a join made before this slice is stale, decision 0168). */
export type ChunkResult = ChunkReply & { afterEnd: boolean };

/**
 * Appends chunk `seq` of `segment`. In order only: the next chunk is stored, one already stored is
 * acknowledged and not stored again (a resend after a lost reply), one beyond the next is refused
 * with 409 saying which chunk the segment needs. The first chunk must be the WebM head.
 */
export async function appendChunk(db: Db, storage: Storage, caller: Caller, input: ChunkInput): Promise<ChunkResult> {
  const now = Date.now();
  const interview = await sliceTarget(db, caller, input.interviewId, now);
  // A slice ends no later than now on the interview's clock (plus the clocks' difference).
  const startedAt = (interview.startedAt ?? interview.createdAt).getTime();
  if (input.elapsedMs > now - startedAt + ELAPSED_TOLERANCE_MS) throw badRequest(elapsedTooLate(input.elapsedMs));
  const afterEnd = interview.status !== 'in_progress';
  const { segment, seq } = input;
  const next = await chunkCount(db, interview.id, segment);
  if (seq < next) return { stored: false, next_seq: next, afterEnd };
  if (seq > next) throw conflict(outOfOrder(seq, next));
  if (input.body.length === 0) throw new AppError(400, 'The chunk is empty');
  if (seq === 0 && !input.body.subarray(0, EBML_MAGIC.length).equals(EBML_MAGIC)) throw new AppError(415, NOT_WEBM);
  if ((await recordingBytes(db, interview.id)) + input.body.length > RECORDING_MAX_BYTES) {
    throw new FileTooLargeError(RECORDING_MAX_BYTES);
  }
  const file = await saveFile(db, storage, {
    ownerId: caller.sub,
    purpose: RECORDING_PURPOSE,
    contentType: RECORDING_CONTENT_TYPE,
    originalName: `interview_${interview.id}_${segment}_${seq}.webm`,
    body: [input.body],
    maxBytes: CHUNK_MAX_BYTES,
  });
  try {
    await db.insert(recordingChunks).values({
      interviewId: interview.id,
      segment,
      seq,
      fileId: file.id,
      sizeBytes: file.sizeBytes,
      elapsedMs: input.elapsedMs,
    });
  } catch (err) {
    await deleteFile(db, storage, file);
    // The same chunk, sent twice at once (a retry racing its original): the other copy is stored.
    if (isUniqueViolation(err)) {
      return { stored: false, next_seq: await chunkCount(db, interview.id, segment), afterEnd };
    }
    throw err;
  }
  // The first chunk of the recording stands for it where the app asks "is there a recording"
  // (listings, retention, account export and deletion all follow recording_file_id).
  if (seq === 0) {
    await db
      .update(interviews)
      .set({ recordingFileId: file.id, updatedAt: new Date() })
      .where(and(eq(interviews.id, interview.id), sql`${interviews.recordingFileId} is null`));
  }
  return { stored: true, next_seq: seq + 1, afterEnd };
}

type ChunkRow = typeof recordingChunks.$inferSelect;

export type Segment = {
  segment: string;
  /** When the segment's recording began (the server's clock). */
  startedAt: number;
  durationMs: number;
  chunks: ChunkRow[];
};

/** The interview's chunked segments in the order they were recorded. */
export async function listSegments(db: Db, interviewId: string): Promise<Segment[]> {
  const rows = await db
    .select()
    .from(recordingChunks)
    .where(eq(recordingChunks.interviewId, interviewId))
    .orderBy(asc(recordingChunks.segment), asc(recordingChunks.seq));
  const bySegment = new Map<string, ChunkRow[]>();
  for (const r of rows) bySegment.set(r.segment, [...(bySegment.get(r.segment) ?? []), r]);
  const segments: Segment[] = [];
  for (const [segment, chunks] of bySegment) {
    const first = chunks[0]!;
    const last = chunks[chunks.length - 1]!;
    // The browser says how far into its stream each chunk ends; the first chunk's arrival minus
    // that is when the stream began on the server's clock (off by the upload time only).
    segments.push({
      segment,
      startedAt: first.receivedAt.getTime() - first.elapsedMs,
      durationMs: last.elapsedMs,
      chunks,
    });
  }
  return segments.sort((a, b) => a.startedAt - b.startedAt);
}

// ---- Playing it back ----

export type PlaylistEntry = {
  url: string;
  /** Where the segment starts on the interview's clock (the transcript's offset_seconds). */
  offset_seconds: number;
  /** Null for a whole-file upload, whose length the player reads from the file. */
  duration_seconds: number | null;
  size_bytes: number;
  /** Where the segment starts in the joined file; null while the segments are not joined. */
  file_offset_seconds: number | null;
};
/** The whole recording as one seekable file, once the interview ended and the segments were joined. */
export type JoinedFile = { url: string; duration_seconds: number; size_bytes: number };
export type Playlist = {
  duration_seconds: number | null;
  file: JoinedFile | null;
  segments: PlaylistEntry[];
  /** The segments are being joined: ask again after this many seconds for `file` (decision 0224). */
  joining?: { retry_after_seconds: number } | null;
};

/** The candidate's own interview or, for an admin, any interview (404 otherwise). */
async function readableInterview(db: Db, caller: Caller, interviewId: string) {
  const interview = await findInterview(db, interviewId);
  if (!interview || (interview.candidateId !== caller.sub && caller.role !== 'admin')) {
    throw notFound(INTERVIEW_NOT_FOUND);
  }
  return interview;
}

/** The moment the transcript's offset 0 stands for, or undefined before the first turn. */
async function transcriptZero(db: Db, interviewId: string): Promise<number | undefined> {
  const [first] = await db
    .select({ startedAt: transcriptTurns.startedAt, offsetSeconds: transcriptTurns.offsetSeconds })
    .from(transcriptTurns)
    .where(eq(transcriptTurns.interviewId, interviewId))
    .orderBy(asc(transcriptTurns.seq))
    .limit(1);
  return first ? first.startedAt.getTime() - first.offsetSeconds * 1000 : undefined;
}

const segmentPath = (interviewId: string, segment: string) =>
  `/api/interviews/${interviewId}/recording/segments/${segment}`;
const linkId = (interviewId: string, segment: string) => `recording:${interviewId}:${segment}`;

/**
 * The recording as a playlist: each segment with a short-lived signed link (a <video> cannot send
 * the bearer token) and its place on the interview's clock, so a transcript line's offset_seconds
 * finds its segment and the moment inside it.
 */
export async function recordingPlaylist(
  db: Db,
  links: FileLinks,
  caller: Caller,
  interviewId: string,
  joinDelaySeconds = 0,
) {
  const interview = await readableInterview(db, caller, interviewId);
  const segments = await listSegments(db, interview.id);
  const signed = (segment: string, lengthS: number) => {
    const { expires, signature } = links.signParams(linkId(interview.id, segment), LINK_GRACE_S + Math.ceil(lengthS));
    return `${segmentPath(interview.id, segment)}?expires=${expires}&signature=${signature}`;
  };
  if (!segments.length) {
    const file = interview.recordingFileId ? await findFile(db, interview.recordingFileId) : undefined;
    if (!file) throw notFound(NO_RECORDING);
    // A whole-file upload: one entry, of a length only the file knows (links last the longest interview).
    return {
      duration_seconds: null,
      file: null,
      segments: [
        {
          url: signed(WHOLE_FILE_SEGMENT, 3 * 3600),
          offset_seconds: 0,
          duration_seconds: null,
          size_bytes: file.sizeBytes,
          file_offset_seconds: null,
        },
      ],
    } satisfies Playlist;
  }
  const zero = (await transcriptZero(db, interview.id)) ?? segments[0]!.startedAt;
  const joined = await currentRemux(db, interview.id, chunkTotal(segments));
  const startInFile = new Map(joined?.row.parts.map((p) => [p.segment, p.start_ms / 1000]));
  const entries = segments.map((s) => ({
    url: signed(s.segment, s.durationMs / 1000),
    offset_seconds: round(Math.max(0, (s.startedAt - zero) / 1000), 3),
    duration_seconds: round(s.durationMs / 1000, 3),
    size_bytes: s.chunks.reduce((n, c) => n + c.sizeBytes, 0),
    file_offset_seconds: startInFile.has(s.segment) ? round(startInFile.get(s.segment)!, 3) : null,
  }));
  const last = entries[entries.length - 1]!;
  const wait =
    !joined && segments.length > 1 && isInterviewFinished({ status: interview.status })
      ? await joinWaitSeconds(db, interview, joinDelaySeconds)
      : null;
  return {
    duration_seconds: round(last.offset_seconds + last.duration_seconds!, 3),
    file: joined
      ? {
          url: signed(JOINED_SEGMENT, joined.row.durationMs / 1000),
          duration_seconds: round(joined.row.durationMs / 1000, 3),
          size_bytes: joined.file.sizeBytes,
        }
      : null,
    segments: entries,
    joining: wait === null ? null : { retry_after_seconds: wait },
  } satisfies Playlist;
}

/**
 * One segment's bytes as one file (its chunks end to end, the head carrying the length), for
 * whoever holds a valid signed link. Anything else is a 404.
 */
export async function openSegment(
  db: Db,
  storage: Storage,
  links: FileLinks,
  input: { interviewId: string; segment: string; expires?: string; signature?: string },
): Promise<RecordingBytes> {
  const missing = notFound(NO_RECORDING);
  if (!links.verify(linkId(input.interviewId, input.segment), input.expires, input.signature)) throw missing;
  const interview = await findInterview(db, input.interviewId);
  if (!interview) throw missing;
  if (input.segment === WHOLE_FILE_SEGMENT) {
    const file = interview.recordingFileId ? await findFile(db, interview.recordingFileId) : undefined;
    if (!file) throw missing;
    return fileBytes(storage, file);
  }
  const segments = await listSegments(db, interview.id);
  if (input.segment === JOINED_SEGMENT) {
    const joined = await currentRemux(db, interview.id, chunkTotal(segments));
    if (!joined) throw missing;
    return fileBytes(storage, joined.file);
  }
  const segment = segments.find((s) => s.segment === input.segment);
  if (!segment) throw missing;
  return segmentBytes(db, storage, segment);
}

/**
 * GET /interviews/{id}/recording for its candidate or an admin: a whole-file upload as stored; a
 * chunked recording joined into one seekable file once the interview ended (decision 0168), or its
 * one segment. A recording of several segments (a reload) is never served as a part that looks whole
 * (decision 0224): while the interview runs, 409; until the join is stored, 503 with Retry-After;
 * when no join is coming (it failed), the first part, saying so in its headers.
 */
export async function recordingForCaller(
  db: Db,
  storage: Storage,
  caller: Caller,
  interviewId: string,
  joinDelaySeconds = 0,
): Promise<RecordingBytes> {
  const interview = await readableInterview(db, caller, interviewId);
  const segments = await listSegments(db, interview.id);
  const joined = await currentRemux(db, interview.id, chunkTotal(segments));
  if (joined) return fileBytes(storage, joined.file);
  if (segments.length > 1) {
    if (!isInterviewFinished({ status: interview.status })) throw conflict(STILL_RECORDING);
    const wait = await joinWaitSeconds(db, interview, joinDelaySeconds);
    if (wait !== null) throw new RecordingJoining(wait);
    const first = await segmentBytes(db, storage, segments[0]!);
    const playlist = `</api/interviews/${interview.id}/recording/playlist>; rel="alternate"; type="application/json"`;
    return { ...first, headers: { 'x-recording-part': `1/${segments.length}`, link: playlist } };
  }
  if (segments[0]) return segmentBytes(db, storage, segments[0]);
  const file = interview.recordingFileId ? await findFile(db, interview.recordingFileId) : undefined;
  if (!file) throw notFound(NO_RECORDING);
  return fileBytes(storage, file);
}

/** How many chunks the segments hold: what a joined file must have been made from to be current. */
export const chunkTotal = (segments: Segment[]) => segments.reduce((n, s) => n + s.chunks.length, 0);
