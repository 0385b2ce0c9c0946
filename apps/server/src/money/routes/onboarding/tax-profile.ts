/** The caller's W-9 or W-8BEN (issue 36 item 3): PUT signs a new one, GET shows it with tin_last4 only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxProfileInputSchema, taxProfileReplySchema } from '@app/shared';
import { getTaxProfile, saveTaxProfile } from '../../tax-profile';
import { perUserLimit, requestMeta } from './shared';

const taxProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get('/tax-profile', { schema: { response: { 200: taxProfileReplySchema } } }, async (request) =>
    getTaxProfile(app.db, request.auth!.sub),
  );

  app.put(
    '/tax-profile',
    {
      schema: { body: taxProfileInputSchema, response: { 200: taxProfileReplySchema } },
      config: perUserLimit('tax-profile', 20),
    },
    async (request) => {
      const userId = request.auth!.sub;
      await saveTaxProfile(app.db, userId, request.body, requestMeta(request));
      return getTaxProfile(app.db, userId);
    },
  );
};
export default taxProfileRoutes;
