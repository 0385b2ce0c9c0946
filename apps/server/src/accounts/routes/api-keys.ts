/** The provider's API keys (issue 47): create (shown once), list, revoke. Admin only, never with a key. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyCreateRequestSchema, apiKeyCreatedSchema, apiKeySchema } from '@app/shared';
import { idParams } from '../../http/route-schemas';
import { createApiKey, listApiKeys, revokeApiKey } from '../api-keys';

const adminApiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/api-keys',
    { schema: { body: apiKeyCreateRequestSchema, response: { 201: apiKeyCreatedSchema } } },
    async (request, reply) => reply.code(201).send(await createApiKey(app.db, request.body, request.auth!.sub)),
  );

  app.get('/admin/api-keys', { schema: { response: { 200: z.array(apiKeySchema) } } }, async () => listApiKeys(app.db));

  app.delete('/admin/api-keys/:id', { schema: { params: idParams('API key') } }, async (request, reply) => {
    await revokeApiKey(app.db, request.params.id);
    return reply.code(204).send();
  });
};
export default adminApiKeysRoutes;
