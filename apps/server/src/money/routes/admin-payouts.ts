import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutRequestSchema, payoutSchema } from '@app/shared';
import { createPayout } from '../payouts';

/** The provider pays out available balances. Admin only. */
const adminPayoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/payouts',
    // The body is optional: no body pays everyone.
    { schema: { body: payoutRequestSchema.nullish(), response: { 200: payoutSchema } } },
    async (request) =>
      createPayout(app.db, { userId: request.body?.user_id }, request.auth!.sub, {
        holdHours: app.config.PAYOUT_METHOD_HOLD_HOURS,
      }),
  );
};
export default adminPayoutsRoutes;
