import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESUME_MAX_BYTES, fileUploadReplySchema, type ResumePrefill } from '@app/shared';
import { AppError, forbidden, notFound, unauthorized } from '../../../lib/http-errors';
import { AttemptLimiter } from '../../../lib/attempt-limiter';
import { readResume } from '../../../services/resume';
import { FileTooLargeError, deleteFile, fileUrl, findFile, openFile, saveFile } from '../../../services/storage';
import {
  MarkerScanner,
  RESUME_TYPES,
  SNIFF_BYTES,
  TASK_MEDIA_TYPES,
  detectContentType,
  isDocument,
} from '../../../services/storage/sniff';

const uploadQuerySchema = z.object({
  purpose: z.enum(['resume', 'task_media']).default('resume'),
});

const RESUME_TYPE_ERROR = 'Unsupported file type. Please upload a PDF, DOC or DOCX file.';
const MEDIA_TYPE_ERROR =
  'Unsupported file type. Upload a PNG, JPEG, GIF or WebP image, WAV, MP3, OGG or WebM audio, MP4 or WebM video, or a PDF.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const missingFile = (reply: FastifyReply) =>
  reply.status(422).send({ detail: [{ loc: ['body', 'file'], msg: 'A file is required', type: 'missing' }] });

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

/** Multipart errors (stream limits, bad content type) as the same replies the rest of the API gives. */
function uploadError(err: unknown, maxBytes: number): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new FileTooLargeError(maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(415, 'Send the file as multipart/form-data in the field "file".');
  }
  return err;
}

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

  // The application wizard uploads resumes without a token: limit those per client address.
  const anonymousUploads = new AttemptLimiter(app.config.UPLOAD_ANON_LIMIT_PER_HOUR, 60 * 60 * 1000);
  // Signed-in users get a generous cap so one account cannot fill the disk.
  const userUploads = new AttemptLimiter(300, 60 * 60 * 1000);
  const mediaMaxBytes = app.config.UPLOAD_MEDIA_MAX_MB * 1024 * 1024;

  app.post(
    '/files/upload',
    {
      preHandler: app.optionalAuth,
      schema: { querystring: uploadQuerySchema, response: { 201: fileUploadReplySchema } },
    },
    async (request, reply) => {
      const { purpose } = request.query;
      const auth = request.auth;
      if (purpose === 'task_media') {
        if (!auth) throw unauthorized('Sign in as an admin to upload task media');
        if (auth.role !== 'admin') throw forbidden('Only admins can upload task media');
      }
      const wait = auth ? userUploads.hit(auth.sub) : anonymousUploads.hit(request.ip);
      if (wait > 0) {
        throw new AppError(429, `Too many uploads. Please try again in ${Math.ceil(wait / 60)} minutes.`);
      }

      const maxBytes = purpose === 'resume' ? RESUME_MAX_BYTES : mediaMaxBytes;
      const allowed: readonly string[] = purpose === 'resume' ? RESUME_TYPES : TASK_MEDIA_TYPES;
      const typeError = purpose === 'resume' ? RESUME_TYPE_ERROR : MEDIA_TYPE_ERROR;

      let part;
      try {
        // One byte over the limit lets the size check below see that the file is too large.
        part = await request.file({ limits: { fileSize: maxBytes + 1 } });
      } catch (err) {
        throw uploadError(err, maxBytes);
      }
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        return missingFile(reply);
      }

      try {
        const { head, body } = await readHead(part.file, SNIFF_BYTES);
        if (head.length === 0) throw new AppError(422, 'The file is empty.');
        const detected = detectContentType(head, part.mimetype);
        if (!detected || !allowed.includes(detected.contentType)) throw new AppError(415, typeError);

        const scanner = detected.marker ? new MarkerScanner(detected.marker) : null;
        const kept: Buffer[] | null = purpose === 'resume' ? [] : null;
        const row = await saveFile(app.db, app.storage, {
          ownerId: auth?.sub ?? null,
          purpose,
          contentType: detected.contentType,
          originalName: part.filename,
          body: observe(body, scanner, kept),
          maxBytes,
        });
        if (scanner && !scanner.found) {
          // A ZIP that is not a Word document, or an OLE file that is not a DOC.
          await deleteFile(app.db, app.storage, row);
          throw new AppError(415, typeError);
        }

        let prefill: ResumePrefill | undefined;
        if (kept) prefill = await readResume(Buffer.concat(kept), row.contentType, request.log);
        return reply.status(201).send({
          id: row.id,
          url: fileUrl(row.id),
          content_type: row.contentType,
          size: row.sizeBytes,
          ...(prefill ? { prefill } : {}),
        });
      } catch (err) {
        // Read (and drop) whatever the client still sends, so it receives the error reply.
        part.file.resume();
        throw uploadError(err, maxBytes);
      }
    },
  );

  app.get(
    '/files/:id',
    { schema: { params: z.object({ id: z.string() }) } },
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const row = UUID.test(request.params.id) ? await findFile(app.db, request.params.id) : undefined;
      // Recordings are served only through the interview routes, after their owner/admin check.
      if (!row || row.purpose === 'interview_recording') throw notFound('File not found');

      const range = parseRange(request.headers.range, row.sizeBytes);
      if (range === 'invalid') {
        return reply.status(416).header('content-range', `bytes */${row.sizeBytes}`).send({ detail: 'Invalid range' });
      }
      const stream = await openFile(app.storage, row, range ?? undefined);
      const disposition = isDocument(row.contentType) ? 'attachment' : 'inline';
      reply
        .header('content-type', row.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', contentDisposition(disposition, row.originalName))
        .header('cache-control', 'private, max-age=3600')
        .header('accept-ranges', 'bytes');
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${row.sizeBytes}`)
          .header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', row.sizeBytes);
      }
      return reply.send(stream);
    },
  );
};
export default filesRoutes;

/** A single "bytes=a-b" range; null for none, 'invalid' for one that cannot be served. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return 'invalid';
  let start: number;
  let end: number;
  if (!m[1]) {
    // "bytes=-500": the last 500 bytes.
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** attachment/inline with a safe ASCII filename and the UTF-8 original (RFC 6266). */
function contentDisposition(kind: 'attachment' | 'inline', name: string | null): string {
  if (!name) return kind;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
