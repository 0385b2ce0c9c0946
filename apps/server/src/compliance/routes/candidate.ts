import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiNoticeSchema,
  alternativeCreatedSchema,
  alternativeRequestSchema,
  ownAlternativeSchema,
  selfIdentificationReplySchema,
  selfIdentificationSchema,
} from '@app/shared';
import { aiNotice } from '../notice';
import { ownAlternative, requestAlternative } from '../alternatives';
import { deleteSelfIdentification, getSelfIdentification, putSelfIdentification } from '../self-identification';

const jobParams = z.object({ id: z.uuid({ message: 'Job id must be a UUID' }) });
/** A candidate asks for the alternative once per job; this bounds scripted requests. */
const ALTERNATIVE_LIMIT = { max: 20, timeWindow: '1 hour' };

/**
 * The candidate's side of responsible AI hiring (issue 35): the AI notice (public like the job), the
 * human-only alternative, and their own voluntary self-identification.
 */
const aiHiringCandidateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs/:id/ai-notice',
    { schema: { params: jobParams, response: { 200: aiNoticeSchema } } },
    async (request) => aiNotice(app.db, request.params.id, app.config.RECORDING_RETENTION_DAYS),
  );

  app.post(
    '/jobs/:id/alternative-assessment',
    {
      onRequest: app.authenticate,
      schema: { params: jobParams, body: alternativeRequestSchema, response: { 201: alternativeCreatedSchema } },
      config: {
        rateLimit: {
          ...ALTERNATIVE_LIMIT,
          keyGenerator: (request) => `alternative:${request.auth?.sub ?? request.ip}`,
          hook: 'preHandler',
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await requestAlternative(app.db, request.auth!.sub, request.params.id, request.body.reason)),
  );

  app.get(
    '/jobs/:id/alternative-assessment',
    { onRequest: app.authenticate, schema: { params: jobParams, response: { 200: ownAlternativeSchema } } },
    async (request) => ownAlternative(app.db, request.auth!.sub, request.params.id),
  );

  app.get(
    '/self-identification',
    { onRequest: app.authenticate, schema: { response: { 200: selfIdentificationReplySchema } } },
    async (request) => getSelfIdentification(app.db, request.auth!.sub),
  );

  app.put(
    '/self-identification',
    {
      onRequest: app.authenticate,
      schema: { body: selfIdentificationSchema, response: { 200: selfIdentificationReplySchema } },
    },
    async (request) => putSelfIdentification(app.db, request.auth!.sub, request.body),
  );

  app.delete('/self-identification', { onRequest: app.authenticate }, async (request, reply) => {
    await deleteSelfIdentification(app.db, request.auth!.sub);
    return reply.status(204).send();
  });
};
export default aiHiringCandidateRoutes;
