import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } } },
    async () => {
      await app.database.query('select 1');
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
export default healthRoutes;
