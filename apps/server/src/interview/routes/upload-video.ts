/**
 * The interview recording: POST /interviews/upload/video (the candidate's webm, multipart) and
 * GET /interviews/{id}/recording (its candidate or an admin; byte ranges for seeking; a recording sent in
 * chunks answers with its first segment, the console plays them all through the playlist).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { interviewVideoUploadReplySchema } from '@app/shared';
import { AppError, badRequest } from '../../http/http-errors';
import { deleteFile, FileTooLargeError, type FileRow } from '../../storage';
import {
  RECORDING_MAX_BYTES,
  attachRecording,
  authorizeRecordingUpload,
  storeRecording,
} from '../recording/interview-recordings';
import { recordingForCaller } from '../recording/chunks';
import { RecordingJoining } from '../recording/join-wait';
import { uploadError } from '../../accounts';
import { sendRecordingBytes } from './recording-chunks';

const uploadVideoRoutes: FastifyPluginAsyncZod<{ maxBytes?: number; maxPerHour?: number }> = async (app, opts) => {
  const maxBytes = opts.maxBytes ?? RECORDING_MAX_BYTES;
  // Encapsulated in this plugin, so these limits do not affect other upload routes. The storage
  // write enforces maxBytes itself; the parser's own limit is one byte above so that one fires.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  }

  app.post(
    '/interviews/upload/video',
    {
      // Everything that can refuse the upload runs before the body is read: the token, the size the
      // client declares, the per-user rate and the interview (owner and state).
      onRequest: [
        app.authenticate,
        async (request) => {
          const declared = Number(request.headers['content-length']);
          if (declared > maxBytes + 64 * 1024) throw new FileTooLargeError(maxBytes);
        },
      ],
      preParsing: [
        async (request) => {
          const query = request.query as { interview_id?: unknown };
          const named = request.headers['x-interview-id'] ?? query.interview_id;
          await authorizeRecordingUpload(app.db, request.auth!, typeof named === 'string' ? named.trim() : undefined);
        },
      ],
      config: {
        rateLimit: {
          max: opts.maxPerHour ?? 20,
          timeWindow: '1 hour',
          keyGenerator: (request) => `recording:${request.auth?.sub ?? request.ip}`,
          hook: 'preParsing',
        },
      },
      schema: {
        consumes: ['multipart/form-data'],
        querystring: z.object({ interview_id: z.string().max(100).optional() }),
        response: { 201: interviewVideoUploadReplySchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, 'Send the recording as multipart/form-data');
      const caller = request.auth!;
      const fields: Record<string, string> = {};
      let stored: FileRow | null = null;
      const discard = async () => {
        if (stored) await deleteFile(app.db, app.storage, stored);
        stored = null;
      };
      try {
        // The browser sends the fields before the file, but any order works: the file is streamed
        // to storage as it arrives and only attached once the interview is known to be the caller's.
        for await (const part of request.parts({ limits: { fileSize: maxBytes + 1 } })) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
          } else if (part.fieldname === 'video' && !stored) {
            stored = await storeRecording(app.db, app.storage, caller, {
              body: part.file,
              name: part.filename || 'recording.webm',
              maxBytes,
            });
          } else {
            part.file.resume(); // drain anything unexpected
          }
        }
      } catch (err) {
        await discard();
        throw uploadError(err, maxBytes);
      }
      const interviewId = fields.interview_id?.trim() || request.query.interview_id?.trim();
      if (!stored) throw badRequest('The video file is missing');
      if (!interviewId) {
        await discard();
        throw badRequest('interview_id is required');
      }
      const file: FileRow = stored;
      if (file.sizeBytes === 0) {
        await discard();
        throw badRequest('The video file is empty');
      }
      const result = await attachRecording(app.db, app.storage, caller, {
        interviewId,
        sessionId: fields.session_id?.trim().slice(0, 200) || null,
        file,
      });
      request.log.info({ interviewId, sizeBytes: file.sizeBytes }, 'interview recording stored');
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/interviews/:id/recording',
    { preHandler: app.authenticate, schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      let bytes;
      try {
        const delay = app.config.RECORDING_JOIN_DELAY_SECONDS;
        bytes = await recordingForCaller(app.db, app.storage, request.auth!, request.params.id, delay);
      } catch (err) {
        // Not served as if whole while its parts are being joined (decision 0224).
        if (err instanceof RecordingJoining) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
      return sendRecordingBytes(request, reply, bytes);
    },
  );
};

export default uploadVideoRoutes;
