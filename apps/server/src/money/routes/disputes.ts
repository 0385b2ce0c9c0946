import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { disputeCreateSchema, disputeSchema } from '@app/shared';
import { createDispute, listMyDisputes } from '../disputes';

/** A rater's disputes of rejected work (issue 36 item 9). */
const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/disputes',
    { schema: { body: disputeCreateSchema, response: { 201: disputeSchema } } },
    async (request, reply) => reply.code(201).send(await createDispute(app.db, request.auth!.sub, request.body)),
  );

  app.get('/disputes', { schema: { response: { 200: z.array(disputeSchema) } } }, async (request) =>
    listMyDisputes(app.db, request.auth!.sub),
  );
};
export default disputeRoutes;
