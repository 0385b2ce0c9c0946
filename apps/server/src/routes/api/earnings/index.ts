import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { earningsSummarySchema, earningsTransactionSchema } from '@app/shared';
import { assertSelfOrAdmin } from '../../../lib/authz';
import { getEarningsSummary, listTransactions } from '../../../services/earnings';

const userParams = z.object({ userId: z.uuid({ message: 'User id must be a UUID' }) });

/** A candidate's earnings; readable by that candidate or an admin. */
const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/earnings/user/:userId/summary',
    { schema: { params: userParams, response: { 200: earningsSummarySchema } } },
    async (request) => {
      assertSelfOrAdmin(request.auth!, request.params.userId);
      return getEarningsSummary(app.db, request.params.userId);
    },
  );

  app.get(
    '/earnings/user/:userId/transactions',
    { schema: { params: userParams, response: { 200: z.array(earningsTransactionSchema) } } },
    async (request) => {
      assertSelfOrAdmin(request.auth!, request.params.userId);
      return listTransactions(app.db, request.params.userId);
    },
  );
};
export default earningsRoutes;
