import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESUME_MAX_BYTES, fileUploadReplySchema } from '@app/shared';
import { AppError, forbidden, unauthorized } from '../../http/http-errors';
import { WindowLimit } from '../../cluster/counters';
import { parseRange } from '../../http/http-range';
import { resolveJwtSecret } from '../auth-plugin';
import { openFile } from '../../storage';
import { isDocument } from '../../storage/sniff';
import { FileLinks, contentDisposition, createFileLink, findReadableFile, storeUpload, uploadError } from '../uploads';

const uploadQuerySchema = z.object({
  purpose: z.enum(['resume', 'task_media']).default('resume'),
});
const fileParamsSchema = z.object({ id: z.string().max(100) });
const signedQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});
const fileLinkReplySchema = z.object({ url: z.string(), expires_at: z.string() });

const missingFile = (reply: FastifyReply) =>
  reply.status(422).send({ detail: [{ loc: ['body', 'file'], msg: 'A file is required', type: 'missing' }] });

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

  // The application wizard uploads resumes without a token: limit those per client address (shared
  // by every instance when Redis is configured).
  const hour = 60 * 60 * 1000;
  const anonymousUploads = new WindowLimit(app.counters, 'upload:anon', app.config.UPLOAD_ANON_LIMIT_PER_HOUR, hour);
  // Signed-in users get a generous cap so one account cannot fill the disk.
  const userUploads = new WindowLimit(app.counters, 'upload:user', 300, hour);
  const mediaMaxBytes = app.config.UPLOAD_MEDIA_MAX_MB * 1024 * 1024;
  const links = new FileLinks(resolveJwtSecret(app.config.JWT_SECRET, app.config.dataDir));

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
      const wait = await (auth ? userUploads.hit(auth.sub) : anonymousUploads.hit(request.ip));
      if (wait > 0) {
        throw new AppError(429, `Too many uploads. Please try again in ${Math.ceil(wait / 60)} minutes.`);
      }
      const maxBytes = purpose === 'resume' ? RESUME_MAX_BYTES : mediaMaxBytes;

      let part;
      try {
        // One byte over the limit lets the storage size check see that the file is too large.
        part = await request.file({ limits: { fileSize: maxBytes + 1 } });
      } catch (err) {
        throw uploadError(err, maxBytes);
      }
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        return missingFile(reply);
      }
      try {
        const stored = await storeUpload(app.db, app.storage, {
          purpose,
          ownerId: auth?.sub ?? null,
          stream: part.file,
          filename: part.filename,
          mimetype: part.mimetype,
          maxBytes,
          log: request.log,
        });
        return reply.status(201).send(stored);
      } catch (err) {
        // Read (and drop) whatever the client still sends, so it receives the error reply.
        part.file.resume();
        throw uploadError(err, maxBytes);
      }
    },
  );

  // A short-lived signed link, for an <a href> that cannot send the bearer token.
  app.post(
    '/files/:id/link',
    { preHandler: app.authenticate, schema: { params: fileParamsSchema, response: { 200: fileLinkReplySchema } } },
    async (request) => createFileLink(app.db, links, request.auth!, request.params.id),
  );

  app.get(
    '/files/:id',
    { preHandler: app.optionalAuth, schema: { params: fileParamsSchema, querystring: signedQuerySchema } },
    async (request, reply) => {
      const row = await findReadableFile(app.db, links, {
        id: request.params.id,
        caller: request.auth,
        expires: request.query.expires,
        signature: request.query.signature,
      });
      const range = parseRange(request.headers.range, row.sizeBytes);
      if (range === 'unsatisfiable') {
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
