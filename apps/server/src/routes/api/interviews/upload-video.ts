/**
 * The interview recording: POST /interviews/upload/video (the candidate's webm, multipart) and
 * GET /interviews/{id}/recording (its candidate or an admin; byte ranges for seeking).
 */
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { AppError, badRequest } from '../../../lib/http-errors';
import {
  RECORDING_MAX_BYTES,
  attachRecording,
  getRecordingFile,
  parseRange,
  removeStoredRecording,
  storeRecordingStream,
} from '../../../services/interview-recordings';

const uploadReplySchema = z.object({
  file_id: z.string(),
  interview_id: z.string(),
  size_bytes: z.number(),
  content_type: z.string(),
});

const uploadVideoRoutes: FastifyPluginAsyncZod<{ maxBytes?: number }> = async (app, opts) => {
  const maxBytes = opts.maxBytes ?? RECORDING_MAX_BYTES;
  // Encapsulated in this plugin so the limits here do not affect other upload routes.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: maxBytes } });
  }

  app.post(
    '/interviews/upload/video',
    {
      preHandler: app.authenticate,
      schema: {
        consumes: ['multipart/form-data'],
        response: { 201: uploadReplySchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, 'Send the recording as multipart/form-data');
      const fields: Record<string, string> = {};
      let stored: { storageKey: string; sizeBytes: number; name: string } | null = null;
      try {
        // The browser sends the fields before the file, but any order works: the file is streamed
        // to storage as it arrives and only attached once the interview is known to be the caller's.
        for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
          } else if (part.fieldname === 'video' && !stored) {
            const saved = await storeRecordingStream(app.config.dataDir, part.file);
            stored = { ...saved, name: part.filename || 'recording.webm' };
            if (part.file.truncated) throw new AppError(413, 'The recording is too large');
          } else {
            part.file.resume(); // drain anything unexpected
          }
        }
      } catch (err) {
        if (stored) removeStoredRecording(app.config.dataDir, stored.storageKey);
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'The recording is too large');
        }
        throw err;
      }
      const interviewId = fields.interview_id?.trim();
      if (!stored) throw badRequest('The video file is missing');
      if (!interviewId) {
        removeStoredRecording(app.config.dataDir, stored.storageKey);
        throw badRequest('interview_id is required');
      }
      if (stored.sizeBytes === 0) {
        removeStoredRecording(app.config.dataDir, stored.storageKey);
        throw badRequest('The video file is empty');
      }
      const result = await attachRecording(app.db, app.config.dataDir, request.auth!, {
        interviewId,
        sessionId: fields.session_id?.trim().slice(0, 200) || null,
        ...stored,
      });
      request.log.info({ interviewId, sizeBytes: stored.sizeBytes }, 'interview recording stored');
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/interviews/:id/recording',
    {
      preHandler: app.authenticate,
      schema: { params: z.object({ id: z.string().max(100) }) },
    },
    async (request, reply) => {
      const file = await getRecordingFile(app.db, app.config.dataDir, request.auth!, request.params.id);
      reply.header('accept-ranges', 'bytes');
      reply.header('cache-control', 'private, no-store');
      reply.type(file.contentType);
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.size}`);
        throw new AppError(416, 'Requested range not satisfiable');
      }
      if (!range) {
        reply.header('content-length', file.size);
        return reply.send(fs.createReadStream(file.path));
      }
      reply.status(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
      reply.header('content-length', range.end - range.start + 1);
      return reply.send(fs.createReadStream(file.path, { start: range.start, end: range.end }));
    },
  );
};

export default uploadVideoRoutes;
