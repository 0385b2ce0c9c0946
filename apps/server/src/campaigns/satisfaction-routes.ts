import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  practiceSatisfactionRequestSchema,
  satisfactionAnswerSchema,
  satisfactionRequestSchema,
  technicalFailureRequestSchema,
} from '@app/shared';
import { idParams } from '../http/route-schemas';
import { answerInterviewSatisfaction, answerPracticeSatisfaction } from './satisfaction';
import { reportTechnicalFailure } from './technical-failures';

/**
 * The candidate's side (issue 47): the one question after an interview or a practice, and the
 * interview page's technical failures. Signed in; their own interviews only (anyone else's: 404).
 */
const candidateFunnelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/interviews/:id/satisfaction',
    {
      preHandler: app.authenticate,
      schema: {
        params: idParams('Interview'),
        body: satisfactionRequestSchema,
        response: { 201: satisfactionAnswerSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await answerInterviewSatisfaction(app.db, request.params.id, request.auth!.sub, request.body)),
  );

  app.post(
    '/practice-satisfaction',
    {
      preHandler: app.authenticate,
      schema: { body: practiceSatisfactionRequestSchema, response: { 201: satisfactionAnswerSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await answerPracticeSatisfaction(app.db, request.auth!.sub, request.body)),
  );

  app.post(
    '/jobs/:id/technical-failures',
    { preHandler: app.authenticate, schema: { params: idParams('Job'), body: technicalFailureRequestSchema } },
    async (request, reply) => {
      await reportTechnicalFailure(app.db, request.auth!.sub, request.params.id, request.body);
      return reply.code(204).send();
    },
  );
};
export default candidateFunnelRoutes;
