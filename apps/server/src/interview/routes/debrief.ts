import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  debriefSchema,
  practiceDebriefCreateSchema,
  practiceDebriefSchema,
  practiceDebriefSummarySchema,
} from '@app/shared';
import {
  deletePracticeDebrief,
  getPracticeDebrief,
  interviewDebrief,
  keepPracticeDebrief,
  listPracticeDebriefs,
} from '../debrief';
import { debriefSealFor } from '../debrief/seal';
import { AppError } from '../../http/http-errors';
import { idParams } from '../../http/route-schemas';

/** A practice takes minutes: this many keeps an hour is far beyond real use (decision 0171). */
export const PRACTICE_DEBRIEF_KEEP_LIMIT = { max: 30, timeWindow: '1 hour' };

/**
 * GET /api/interviews/{id}/debrief (the admin; the candidate once decided, when the job shares
 * feedback) and the practice debriefs a candidate keeps: /api/practice-debriefs, each only its owner's.
 */
const debriefRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const seals = debriefSealFor(app.config);

  app.get(
    '/interviews/:id/debrief',
    { schema: { params: idParams('Interview'), response: { 200: debriefSchema } } },
    async (request) => interviewDebrief(app.db, request.params.id, request.auth!),
  );

  app.get(
    '/practice-debriefs',
    { schema: { response: { 200: z.array(practiceDebriefSummarySchema) } } },
    async (request) => listPracticeDebriefs(app.db, request.auth!.sub),
  );

  app.post(
    '/practice-debriefs',
    {
      schema: { body: practiceDebriefCreateSchema, response: { 201: practiceDebriefSchema } },
      config: {
        rateLimit: {
          ...PRACTICE_DEBRIEF_KEEP_LIMIT,
          keyGenerator: (request) => `practice-debrief:${request.auth?.sub ?? request.ip}`,
          hook: 'preHandler',
          errorResponseBuilder: (_req, ctx) =>
            new AppError(429, `Too many debriefs kept in the last hour. Please try again in ${ctx.after}.`),
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return keepPracticeDebrief(app.db, seals, request.auth!.sub, request.body);
    },
  );

  app.get(
    '/practice-debriefs/:id',
    { schema: { params: idParams('Debrief'), response: { 200: practiceDebriefSchema } } },
    async (request) => getPracticeDebrief(app.db, request.auth!.sub, request.params.id),
  );

  app.delete('/practice-debriefs/:id', { schema: { params: idParams('Debrief') } }, async (request, reply) => {
    await deletePracticeDebrief(app.db, request.auth!.sub, request.params.id);
    reply.code(204);
  });
};
export default debriefRoutes;
