import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DISPUTE_STATUSES, disputeResolveSchema, disputeSchema } from '@app/shared';
import { listDisputes, resolveDispute } from '../disputes';

const idParams = z.object({ id: z.uuid({ message: 'Dispute id must be a UUID' }) });

/** The provider's list of disputes and their resolution (issue 36 item 9). Admin only. */
const adminDisputeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/disputes',
    {
      schema: {
        querystring: z.object({ status: z.enum(DISPUTE_STATUSES).optional() }),
        response: { 200: z.array(disputeSchema) },
      },
    },
    async (request) => listDisputes(app.db, request.query.status),
  );

  app.post(
    '/admin/disputes/:id/resolve',
    { schema: { params: idParams, body: disputeResolveSchema, response: { 200: disputeSchema } } },
    async (request) => resolveDispute(app.db, request.auth!.sub, request.params.id, request.body),
  );
};
export default adminDisputeRoutes;
