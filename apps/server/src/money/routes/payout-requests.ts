import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payoutRequestReplySchema } from '@app/shared';
import { createPayoutRequest, listPayoutRequests, parseIdempotencyKey } from '../payout-requests';

/** The signed-in payee's payout requests (issue 36 item 5). */
const payoutRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/payout-requests',
    { schema: { response: { 200: payoutRequestReplySchema, 201: payoutRequestReplySchema } } },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const { reply: body, replayed } = await createPayoutRequest(app.db, request.auth!.sub, key);
      // The same key answers what the first call answered (Stripe's rule), flagged as a replay.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(body);
    },
  );

  app.get('/payout-requests', { schema: { response: { 200: z.array(payoutRequestReplySchema) } } }, async (request) =>
    listPayoutRequests(app.db, request.auth!.sub),
  );
};
export default payoutRequestRoutes;
