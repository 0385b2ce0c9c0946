/**
 * Uploaded files (resumes, task media): storing an upload after sniffing its content, the resume
 * prefill, who may read a file back, and short-lived signed links for <a href> use. The HTTP route
 * (accounts/routes/files.ts) only parses the request and calls these. Decision 0082.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { isUuid, type FilePurpose, type ResumePrefill, type Role } from '@app/shared';
import type { Db } from '../db/client';
import { files, profiles } from '../db/schema';
import { AppError, notFound, unauthorized, unprocessable } from '../http/http-errors';
import { readResume } from './resume';
import { saveResumeText } from './resume/resume-text';
import {
  FileTooLargeError,
  INTERVIEW_MEDIA,
  deleteFile,
  fileUrl,
  findFile,
  saveFile,
  type FileRow,
  type Storage,
} from '../storage';
import { MarkerScanner, RESUME_TYPES, SNIFF_BYTES, TASK_MEDIA_TYPES, detectContentType } from '../storage/sniff';

type Caller = { sub: string; role: Role };
type Log = { warn: (obj: object, msg: string) => void };

const RESUME_TYPE_ERROR = 'Unsupported file type. Please upload a PDF, DOC or DOCX file.';
const MEDIA_TYPE_ERROR =
  'Unsupported file type. Upload a PNG, JPEG, GIF or WebP image, WAV, MP3, OGG or WebM audio, MP4 or WebM video, or a PDF.';

/** Reads chunks until `size` bytes (or the end) are in hand; returns them and the rest of the stream. */
async function readHead(stream: Readable, size: number) {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length) yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, body: all() };
}

/** Passes chunks through while feeding the marker scanner and (for resumes) keeping a copy. */
async function* observe(body: AsyncIterable<Buffer>, scanner: MarkerScanner | null, keep: Buffer[] | null) {
  for await (const chunk of body) {
    scanner?.push(chunk);
    keep?.push(chunk);
    yield chunk;
  }
}

export type StoredUpload = {
  id: string;
  url: string;
  content_type: string;
  size: number;
  prefill?: ResumePrefill;
  /** Set when a resume was kept but could not be read for the prefill. */
  prefill_error?: string;
};

/**
 * Stores one uploaded file after checking its real type (magic bytes, and for ZIP/OLE containers a
 * marker inside), then for a resume reads the prefill out of process. Throws 415/422/413 AppErrors.
 */
export async function storeUpload(
  db: Db,
  storage: Storage,
  input: {
    purpose: 'resume' | 'task_media';
    ownerId: string | null;
    stream: Readable;
    filename: string;
    mimetype: string;
    maxBytes: number;
    log?: Log;
  },
): Promise<StoredUpload> {
  const allowed: readonly string[] = input.purpose === 'resume' ? RESUME_TYPES : TASK_MEDIA_TYPES;
  const typeError = input.purpose === 'resume' ? RESUME_TYPE_ERROR : MEDIA_TYPE_ERROR;
  const { head, body } = await readHead(input.stream, SNIFF_BYTES);
  if (head.length === 0) throw new AppError(422, 'The file is empty.');
  const detected = detectContentType(head, input.mimetype);
  if (!detected || !allowed.includes(detected.contentType)) throw new AppError(415, typeError);

  const scanner = detected.marker ? new MarkerScanner(detected.marker) : null;
  const kept: Buffer[] | null = input.purpose === 'resume' ? [] : null;
  const row = await saveFile(db, storage, {
    ownerId: input.ownerId,
    purpose: input.purpose,
    contentType: detected.contentType,
    originalName: input.filename,
    body: observe(body, scanner, kept),
    maxBytes: input.maxBytes,
  });
  if (scanner && !scanner.found) {
    // A ZIP that is not a Word document, or an OLE file that is not a DOC.
    await deleteFile(db, storage, row);
    throw new AppError(415, typeError);
  }
  const reply: StoredUpload = { id: row.id, url: fileUrl(row.id), content_type: row.contentType, size: row.sizeBytes };
  if (kept) {
    const { prefill, unreadable, text } = await readResume(Buffer.concat(kept), row.contentType, input.log);
    // Kept for talent search (decision 0165); the file's owner's search document picks it up.
    if (text?.trim()) await saveResumeText(db, row.id, text);
    reply.prefill = prefill;
    if (unreadable) reply.prefill_error = unreadable;
  }
  return reply;
}

/** Multipart errors (stream limits, bad content type) as the same replies the rest of the API gives. */
export function uploadError(err: unknown, maxBytes: number): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new FileTooLargeError(maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(415, 'Send the file as multipart/form-data in the field "file".');
  }
  // busboy refuses `multipart/form-data` without a boundary before it reads anything (no code).
  if (err instanceof Error && err.message.startsWith('Multipart: Boundary not found')) {
    return new AppError(400, 'The multipart body has no boundary in its Content-Type.');
  }
  // A body cut short (busboy's words, no code) is the client's: 400, not 500 (decision 0167).
  if (code === 'FST_MP_PREMATURE_CLOSE' || (err instanceof Error && /unexpected end of multipart/i.test(err.message))) {
    return new AppError(400, UPLOAD_CUT_SHORT);
  }
  return err;
}

export const UPLOAD_CUT_SHORT = 'The upload ended before the whole file arrived. Please send it again.';

// ---- Reading files back ----

/** Task media (chosen by admins, shown to every assignee in <img>/<audio> tags) stays public by link. */
const PUBLIC_PURPOSES: readonly FilePurpose[] = ['task_media'];
/** Signed links live this long: long enough to open, too short to be worth sharing. */
export const SIGNED_LINK_TTL_S = 10 * 60;

export class FileLinks {
  private readonly key: Buffer;
  constructor(secret: string) {
    // Its own key, derived from the JWT secret: a file signature can never pass as a token.
    this.key = crypto.createHmac('sha256', secret).update('file-links-v1').digest();
  }

  private mac(id: string, expires: number) {
    return crypto.createHmac('sha256', this.key).update(`${id}:${expires}`).digest('base64url');
  }

  /** `/api/files/<id>?expires=..&signature=..`, valid for SIGNED_LINK_TTL_S. */
  sign(id: string, now = Date.now()): { url: string; expires_at: string } {
    const expires = Math.floor(now / 1000) + SIGNED_LINK_TTL_S;
    return {
      url: `${fileUrl(id)}?expires=${expires}&signature=${this.mac(id, expires)}`,
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  /** The query parameters of a link to `id` valid for `ttlS` seconds (routes other than /api/files build their own path). */
  signParams(id: string, ttlS = SIGNED_LINK_TTL_S, now = Date.now()): { expires: number; signature: string } {
    const expires = Math.floor(now / 1000) + ttlS;
    return { expires, signature: this.mac(id, expires) };
  }

  verify(id: string, expires: string | undefined, signature: string | undefined, now = Date.now()): boolean {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 < now) return false;
    const expected = Buffer.from(this.mac(id, Number(expires)));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }
}

const canRead = (row: FileRow, caller: Caller | undefined) =>
  !!caller && (caller.role === 'admin' || (row.ownerId !== null && row.ownerId === caller.sub));

/**
 * The file row a caller may download: public task media to anyone; resumes and every other
 * candidate file to their owner or an admin (by token) or to whoever holds a valid signed link.
 * Recordings are served only by the interview route. Another user's file is a 404, like a missing one.
 */
export async function findReadableFile(
  db: Db,
  links: FileLinks,
  input: { id: string; caller: Caller | undefined; expires?: string; signature?: string },
): Promise<FileRow> {
  const row = isUuid(input.id) ? await findFile(db, input.id) : undefined;
  if (!row || INTERVIEW_MEDIA.includes(row.purpose)) throw notFound('File not found');
  if (PUBLIC_PURPOSES.includes(row.purpose as FilePurpose)) return row;
  if (links.verify(row.id, input.expires, input.signature)) return row;
  if (!input.caller) throw unauthorized('Sign in to view this file');
  if (!canRead(row, input.caller)) throw notFound('File not found');
  return row;
}

/**
 * A signed link for the owner or an admin. A resume uploaded before sign-in (the application wizard
 * uploads without a token) has no owner yet: the first signed-in candidate who holds its unguessable
 * id claims it here.
 */
export async function createFileLink(db: Db, links: FileLinks, caller: Caller, id: string) {
  let row = isUuid(id) ? await findFile(db, id) : undefined;
  if (!row || INTERVIEW_MEDIA.includes(row.purpose)) throw notFound('File not found');
  if (
    row.ownerId === null &&
    row.purpose === 'resume' &&
    caller.role !== 'admin' &&
    !(await namedByAnotherProfile(db, caller.sub, row.id))
  ) {
    await claimFile(db, caller.sub, row.id);
    row = await findFile(db, id);
  }
  if (!row || (!PUBLIC_PURPOSES.includes(row.purpose as FilePurpose) && !canRead(row, caller))) {
    throw notFound('File not found');
  }
  return links.sign(row.id);
}

// ---- Files a profile names ----

export const NOT_YOUR_RESUME = 'The résumé must be a file you uploaded. Please upload it again.';
const FILE_PATH = /^\/api\/files\/([^/?#]+)\/?$/;

/** The id of a file of this server that a link names (its path, or an absolute URL with that path), or null. */
function linkedFileId(link: string): { id: string; absolute: boolean } | null {
  if (link.startsWith('/')) {
    const id = FILE_PATH.exec(link)?.[1];
    return id ? { id, absolute: false } : null;
  }
  let pathname: string;
  try {
    pathname = new URL(link).pathname;
  } catch {
    return null;
  }
  const id = FILE_PATH.exec(pathname)?.[1];
  return id ? { id, absolute: true } : null;
}

/** Whether another user's profile names this file as their résumé. */
async function namedByAnotherProfile(db: Db, userId: string, fileId: string): Promise<boolean> {
  const [other] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.resumeUrl, fileUrl(fileId)), ne(profiles.userId, userId)))
    .limit(1);
  return !!other;
}

/**
 * A profile may name as its résumé only a résumé its owner uploaded (issue 24 row 1): otherwise the
 * console would show someone else's résumé as theirs, and deleting the account would delete it. A
 * résumé uploaded before sign-up (no owner yet) is claimed here, unless another profile already
 * names it. Links elsewhere on the web are not files of ours and pass; so does an absolute link whose
 * path only looks like ours (no such file here). Throws 422.
 */
export async function assertOwnResume(db: Db, userId: string, link: string | null | undefined): Promise<void> {
  if (!link) return;
  const named = linkedFileId(link);
  if (!named) return;
  let row = isUuid(named.id) ? await findFile(db, named.id) : undefined;
  if (!row) {
    if (named.absolute) return;
    throw unprocessable(NOT_YOUR_RESUME);
  }
  if (row.ownerId === null && row.purpose === 'resume' && !(await namedByAnotherProfile(db, userId, row.id))) {
    await claimFile(db, userId, row.id);
    row = await findFile(db, row.id);
  }
  if (!row || row.purpose !== 'resume' || row.ownerId !== userId) throw unprocessable(NOT_YOUR_RESUME);
}

/** Gives an ownerless upload to a user (no-op when it already has an owner). */
export async function claimFile(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) return;
  await db
    .update(files)
    .set({ ownerId: userId })
    .where(and(eq(files.id, id), isNull(files.ownerId)));
}

/** attachment/inline with a safe ASCII filename and the UTF-8 original (RFC 6266). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string | null): string {
  if (!name) return kind;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
