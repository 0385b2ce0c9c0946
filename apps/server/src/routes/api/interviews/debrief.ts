import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { debriefSchema, practiceDebriefCreateSchema, practiceDebriefSchema } from '@app/shared';
import {
  deletePracticeDebrief,
  getPracticeDebrief,
  interviewDebrief,
  keepPracticeDebrief,
  listPracticeDebriefs,
} from '../../../services/debrief';
import { idParams } from '../schemas';

/**
 * GET /api/interviews/{id}/debrief (the admin; the candidate once decided, when the job shares
 * feedback) and the practice debriefs a candidate keeps: /api/practice-debriefs, each only its owner's.
 */
const debriefRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/interviews/:id/debrief',
    { schema: { params: idParams('Interview'), response: { 200: debriefSchema } } },
    async (request) => interviewDebrief(app.db, request.params.id, request.auth!),
  );

  app.get('/practice-debriefs', { schema: { response: { 200: z.array(practiceDebriefSchema) } } }, async (request) =>
    listPracticeDebriefs(app.db, request.auth!.sub),
  );

  app.post(
    '/practice-debriefs',
    { schema: { body: practiceDebriefCreateSchema, response: { 201: practiceDebriefSchema } } },
    async (request, reply) => {
      reply.code(201);
      return keepPracticeDebrief(app.db, request.auth!.sub, request.body.debrief);
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
