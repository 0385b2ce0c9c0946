import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankFileQuerySchema,
  ledgerCheckSchema,
  payoutBatchItemSchema,
  payoutBatchSchema,
  payoutBatchSummarySchema,
  payoutFailBodySchema,
} from '@app/shared';
import { batchBankFile } from '../bank-files';
import { checkLedger } from '../ledger';
import { createBatch, getBatch, listBatches } from '../payout-batches';
import { markFailed, markPaid } from '../payout-settle';

const batchParams = z.object({ id: z.uuid({ message: 'Batch id must be a UUID' }) });
const itemParams = batchParams.extend({ requestId: z.uuid({ message: 'Request id must be a UUID' }) });

/** Payout batches, their bank files and the bank's answer per item (issue 36 item 6). Admin only. */
const adminPayoutBatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/admin/payout-batches', { schema: { response: { 201: payoutBatchSchema } } }, async (request, reply) => {
    const batch = await createBatch(app.db, request.auth!.sub, {
      now: new Date(),
      anchor: app.config.PAYOUT_CYCLE_ANCHOR,
      holdHours: app.config.PAYOUT_METHOD_HOLD_HOURS,
    });
    return reply.code(201).send(batch);
  });

  app.get('/admin/payout-batches', { schema: { response: { 200: z.array(payoutBatchSummarySchema) } } }, async () =>
    listBatches(app.db),
  );

  app.get(
    '/admin/payout-batches/:id',
    { schema: { params: batchParams, response: { 200: payoutBatchSchema } } },
    async (request) => getBatch(app.db, request.params.id),
  );

  app.get(
    '/admin/payout-batches/:id/file',
    { schema: { params: batchParams, querystring: bankFileQuerySchema } },
    async (request, reply) => {
      const file = await batchBankFile(app.db, app.config, request.params.id, request.query.format, new Date());
      if (file.left_out.length) reply.header('x-payouts-left-out', file.left_out.join(','));
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/admin/payout-batches/:id/items/:requestId/paid',
    { schema: { params: itemParams, response: { 200: payoutBatchItemSchema } } },
    async (request) => {
      const { item, changed } = await markPaid(app.db, request.params.id, request.params.requestId, new Date());
      // Only the call that paid it e-mails the payee; a repeated call changes nothing and sends nothing.
      if (changed) app.events.emit('payout.paid', { item });
      return item;
    },
  );

  app.post(
    '/admin/payout-batches/:id/items/:requestId/failed',
    { schema: { params: itemParams, body: payoutFailBodySchema, response: { 200: payoutBatchItemSchema } } },
    async (request) => {
      const { id, requestId } = request.params;
      const { item, changed } = await markFailed(app.db, id, requestId, request.body.reason, new Date());
      // Pay is never withheld without a reason the payee can read.
      if (changed) app.events.emit('payout.failed', { item, reason: request.body.reason });
      return item;
    },
  );

  app.get('/admin/ledger/check', { schema: { response: { 200: ledgerCheckSchema } } }, async () => checkLedger(app.db));
};
export default adminPayoutBatchRoutes;
