/** The provider's webhook endpoints and their delivery log (issue 47). Admin only: guarded where registered. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookCreateRequestSchema,
  webhookCreatedSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from '@app/shared';
import { idParams } from '../http/route-schemas';
import { createEndpoint, deleteEndpoint, listEndpoints } from './endpoints';
import { listDeliveries, replayDelivery } from './deliveries';

const adminWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/webhooks',
    { schema: { body: webhookCreateRequestSchema, response: { 201: webhookCreatedSchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createEndpoint(app.db, request.body, request.auth!.sub, app.config.WEBHOOKS_ALLOW_PRIVATE)),
  );

  app.get('/admin/webhooks', { schema: { response: { 200: z.array(webhookEndpointSchema) } } }, async () =>
    listEndpoints(app.db),
  );

  app.delete('/admin/webhooks/:id', { schema: { params: idParams('Webhook endpoint') } }, async (request, reply) => {
    await deleteEndpoint(app.db, request.params.id);
    return reply.code(204).send();
  });

  app.get(
    '/admin/webhooks/:id/deliveries',
    { schema: { params: idParams('Webhook endpoint'), response: { 200: z.array(webhookDeliverySchema) } } },
    async (request) => listDeliveries(app.db, request.params.id),
  );

  app.post(
    '/admin/webhooks/:id/deliveries/:delivery_id/replay',
    {
      schema: {
        params: z.object({
          id: z.uuid({ message: 'Webhook endpoint id must be a UUID' }),
          delivery_id: z.uuid({ message: 'Delivery id must be a UUID' }),
        }),
        response: { 201: webhookDeliverySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await replayDelivery(app.webhooks, request.params.id, request.params.delivery_id)),
  );
};
export default adminWebhooksRoutes;
