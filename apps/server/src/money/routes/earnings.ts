import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  earningsSummarySchema,
  earningsTransactionSchema,
  payoutScheduleSchema,
  statementQuerySchema,
} from '@app/shared';
import { assertSelfOrAdmin } from '../../lib/authz';
import { getEarningsSummary, listTransactions } from '../earnings';
import { payoutSchedule } from '../payout-schedule';
import { buildStatement, statementCsv, statementPdf } from '../statements';

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

  // The payouts table: weeks of work and the payout day (every second Monday) that pays each.
  app.get(
    '/earnings/user/:userId/payouts',
    { schema: { params: userParams, response: { 200: payoutScheduleSchema } } },
    async (request) => {
      assertSelfOrAdmin(request.auth!, request.params.userId);
      return payoutSchedule(app.db, request.params.userId, new Date(), app.config.PAYOUT_CYCLE_ANCHOR);
    },
  );

  app.get(
    '/earnings/user/:userId/statement',
    { schema: { params: userParams, querystring: statementQuerySchema } },
    async (request, reply) => {
      assertSelfOrAdmin(request.auth!, request.params.userId);
      const { year, format } = request.query;
      const statement = await buildStatement(app.db, request.params.userId, year);
      reply.header('content-disposition', `attachment; filename="earnings-statement-${year}.${format}"`);
      reply.header('cache-control', 'private, no-store');
      if (format === 'pdf') return reply.type('application/pdf').send(Buffer.from(await statementPdf(statement)));
      return reply.type('text/csv; charset=utf-8').send(statementCsv(statement));
    },
  );
};
export default earningsRoutes;
