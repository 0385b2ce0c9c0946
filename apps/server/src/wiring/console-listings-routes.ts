import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInterviewDetailSchema,
  adminInterviewListItemSchema,
  adminInterviewListQuerySchema,
  adminJobListItemSchema,
  adminJobListQuerySchema,
  adminTaskListQuerySchema,
  adminTaskSchema,
  adminTransactionSchema,
  balancesQuerySchema,
  candidateBalanceSchema,
  candidateTaskProgressSchema,
  pageOf,
  pageQuerySchema,
  payoutHistoryItemSchema,
  taskProgressQuerySchema,
  transactionsQuerySchema,
} from '@app/shared';
import { getAdminInterviewDetail, listAdminInterviews } from '../compliance';
import { listAdminJobs } from '../jobs';
import { listAdminTasks, taskProgress } from '../quality';
import { balances, listAdminTransactions, payoutCsv, payoutHistory } from '../money';
import { idParams, pagedList } from '../http/route-schemas';

/** The provider console's lists: jobs, interviews, tasks, money. Admin-only: guarded where registered (wiring/routes.ts). */
const adminListingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The routes an API key may call declare its scope (issue 47); every other route refuses keys.
  app.get(
    '/admin/jobs',
    { ...pagedList(adminJobListQuerySchema, adminJobListItemSchema), config: { apiKeyScope: 'read:jobs' } },
    async (request) => listAdminJobs(app.db, request.query),
  );

  app.get(
    '/admin/interviews',
    {
      ...pagedList(adminInterviewListQuerySchema, adminInterviewListItemSchema),
      config: { apiKeyScope: 'read:interviews' },
    },
    async (request) => listAdminInterviews(app.db, request.query),
  );

  app.get(
    '/admin/interviews/:id',
    {
      schema: { params: idParams('Interview'), response: { 200: adminInterviewDetailSchema } },
      config: { apiKeyScope: 'read:interviews' },
    },
    async (request) => getAdminInterviewDetail(app.db, request.params.id),
  );

  app.get('/admin/tasks', pagedList(adminTaskListQuerySchema, adminTaskSchema), async (request) =>
    listAdminTasks(app.db, request.query),
  );

  app.get(
    '/admin/tasks/progress',
    { schema: { querystring: taskProgressQuerySchema, response: { 200: z.array(candidateTaskProgressSchema) } } },
    async (request) => taskProgress(app.db, { jobId: request.query.job_id }),
  );

  app.get('/admin/balances', pagedList(balancesQuerySchema, candidateBalanceSchema), async (request) =>
    balances(app.db, { ...request.query, onlyAvailable: request.query.only_available === 'true' }),
  );

  app.get('/admin/transactions', pagedList(transactionsQuerySchema, adminTransactionSchema), async (request) =>
    listAdminTransactions(app.db, request.query),
  );

  app.get('/admin/payouts', pagedList(pageQuerySchema, payoutHistoryItemSchema), async (request) =>
    payoutHistory(app.db, request.query),
  );

  app.get(
    '/admin/payouts/:id/transactions',
    {
      schema: {
        params: idParams('Payout'),
        querystring: pageQuerySchema,
        response: { 200: pageOf(adminTransactionSchema) },
      },
    },
    async (request) => listAdminTransactions(app.db, { ...request.query, payoutId: request.params.id }),
  );

  app.get('/admin/payouts/:id/export.csv', { schema: { params: idParams('Payout') } }, async (request, reply) => {
    const { filename, csv } = await payoutCsv(app.db, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(csv);
  });
};
export default adminListingsRoutes;
