/**
 * The recording sent while the interview runs (decision 0145):
 * PUT  /interviews/{id}/recording/chunks/{seq}?segment=&elapsed_ms=  one chunk, raw bytes, in order;
 * GET  /interviews/{id}/recording/playlist                             its segments, signed links;
 * GET  /interviews/{id}/recording/segments/{segment}?expires=&signature=  one segment, byte ranges.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordingChunkQuerySchema, recordingChunkReplySchema, recordingPlaylistSchema } from '@app/shared';
import { AppError } from '../../http/http-errors';
import { parseRange } from '../../http/http-range';
import { resolveJwtSecret } from '../../accounts';
import type { RecordingBytes } from '../recording/bytes';
import { CHUNK_MAX_BYTES, appendChunk, openSegment, recordingPlaylist, sliceTarget } from '../recording/chunks';
import { deleteRecordingBytes } from '../recording/interview-recordings';
import { FileTooLargeError } from '../../storage';
import { FileLinks } from '../../accounts';
import { idParams } from '../../http/route-schemas';

/** Sends `bytes` whole or the Range asked for (the player fetches what it plays, as it plays). */
export async function sendRecordingBytes(request: FastifyRequest, reply: FastifyReply, bytes: RecordingBytes) {
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  reply.type(bytes.contentType);
  for (const [name, value] of Object.entries(bytes.headers ?? {})) reply.header(name, value);
  const range = parseRange(request.headers.range, bytes.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${bytes.size}`);
    throw new AppError(416, 'Requested range not satisfiable');
  }
  const stream = await bytes.open(range ?? undefined);
  if (!range) {
    reply.header('content-length', bytes.size);
    return reply.send(stream);
  }
  reply.status(206);
  reply.header('content-range', `bytes ${range.start}-${range.end}/${bytes.size}`);
  reply.header('content-length', range.end - range.start + 1);
  return reply.send(stream);
}

const recordingChunkRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new FileLinks(resolveJwtSecret(app.config.JWT_SECRET, app.config.dataDir));
  // A retake dropped an attempt's recording rows; its bytes go once that is committed (decision 0167).
  app.events.on('recording.discarded', ({ storageKeys }) => deleteRecordingBytes(app.storage, storageKeys, app.log));
  // Raw bytes in this plugin only: a chunk is the MediaRecorder's blob as it came.
  app.addContentTypeParser(
    ['application/octet-stream', 'video/webm'],
    { parseAs: 'buffer', bodyLimit: CHUNK_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/interviews/:id/recording/chunks/:seq',
    {
      onRequest: [
        app.authenticate,
        async (request) => {
          if (Number(request.headers['content-length']) > CHUNK_MAX_BYTES) throw new FileTooLargeError(CHUNK_MAX_BYTES);
        },
      ],
      // Someone else's (or a missing, or an ended) interview is refused before the body is read (decision 0167).
      preParsing: async (request) => {
        await sliceTarget(app.db, request.auth!, (request.params as { id: string }).id);
      },
      // One chunk every few seconds for the longest interview, with room for resends.
      config: {
        rateLimit: {
          max: 3000,
          timeWindow: '1 hour',
          keyGenerator: (request) => `recording-chunk:${request.auth?.sub ?? request.ip}`,
          hook: 'preHandler',
        },
      },
      schema: {
        params: idParams('Interview').extend({ seq: z.coerce.number().int().min(0).max(100_000) }),
        querystring: recordingChunkQuerySchema,
        response: { 200: recordingChunkReplySchema, 201: recordingChunkReplySchema },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError(415, 'Send the chunk as application/octet-stream (the recorded bytes as they are)');
      }
      const { afterEnd, ...result } = await appendChunk(app.db, app.storage, request.auth!, {
        interviewId: request.params.id,
        segment: request.query.segment,
        seq: request.params.seq,
        elapsedMs: request.query.elapsed_ms,
        body: request.body,
      });
      // A slice that came after the end: the recording is joined again with it (decision 0168).
      if (result.stored && afterEnd) app.events.emit('recording.chunk-after-end', { interviewId: request.params.id });
      return reply.status(result.stored ? 201 : 200).send(result);
    },
  );

  app.get(
    '/interviews/:id/recording/playlist',
    {
      preHandler: app.authenticate,
      schema: { params: idParams('Interview'), response: { 200: recordingPlaylistSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return recordingPlaylist(
        app.db,
        links,
        request.auth!,
        request.params.id,
        app.config.RECORDING_JOIN_DELAY_SECONDS,
      );
    },
  );

  // No bearer token here: a <video src> cannot send one; the signed link is the permission.
  app.get(
    '/interviews/:id/recording/segments/:segment',
    {
      schema: {
        params: z.object({ id: z.string().max(100), segment: z.string().max(100) }),
        querystring: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const bytes = await openSegment(app.db, app.storage, links, {
        interviewId: request.params.id,
        segment: request.params.segment,
        expires: request.query.expires,
        signature: request.query.signature,
      });
      return sendRecordingBytes(request, reply, bytes);
    },
  );
};

export default recordingChunkRoutes;
