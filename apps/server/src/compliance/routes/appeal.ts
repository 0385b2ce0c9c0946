import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appealRequestSchema,
  explanationSchema,
  transcriptCorrectionsReplySchema,
  transcriptCorrectionsRequestSchema,
} from '@app/shared';
import { createAppeal } from '../appeals';
import { addCorrections } from '../corrections';
import { getExplanation } from '../explanation';
import { idParams } from '../../http/route-schemas';

const interviewParams = idParams('Interview');

/**
 * The candidate's side of a decision (issue 35, item 7): the explanation, one appeal within 30 days,
 * transcript corrections. Their own interviews only; anyone else gets 404.
 */
const interviewAppealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/interviews/:id/explanation',
    { preHandler: app.authenticate, schema: { params: interviewParams, response: { 200: explanationSchema } } },
    async (request) => getExplanation(app.db, request.params.id, request.auth!.sub),
  );

  app.post(
    '/interviews/:id/appeal',
    {
      preHandler: app.authenticate,
      schema: {
        params: interviewParams,
        body: appealRequestSchema,
        response: { 201: z.object({ id: z.string(), status: z.literal('open'), created_at: z.string() }) },
      },
    },
    async (request, reply) => {
      const appeal = await createAppeal(app.db, request.params.id, request.auth!.sub, request.body.reason);
      app.events.emit('appeal.opened', { appealId: appeal.id, interviewId: request.params.id });
      return reply.code(201).send(appeal);
    },
  );

  app.post(
    '/interviews/:id/transcript-corrections',
    {
      preHandler: app.authenticate,
      schema: {
        params: interviewParams,
        body: transcriptCorrectionsRequestSchema,
        response: { 201: transcriptCorrectionsReplySchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addCorrections(app.db, request.params.id, request.auth!.sub, request.body.corrections)),
  );
};
export default interviewAppealRoutes;
