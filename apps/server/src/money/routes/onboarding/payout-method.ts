/**
 * The caller's payout method (issue 36 item 4). A change needs the current password, is e-mailed to
 * the account, and holds payouts for PAYOUT_METHOD_HOLD_HOURS. Replies show last4 only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutMethodInputSchema, payoutMethodReplySchema } from '@app/shared';
import { checkPassword } from '../../../accounts';
import { getPayoutMethod, savePayoutMethod } from '../../payout-method';
import { perUserLimit } from './shared';

const payoutMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const holdHours = app.config.PAYOUT_METHOD_HOLD_HOURS;

  app.get('/payout-method', { schema: { response: { 200: payoutMethodReplySchema } } }, async (request) => ({
    method: await getPayoutMethod(app.db, request.auth!.sub, holdHours),
  }));

  app.put(
    '/payout-method',
    {
      schema: { body: payoutMethodInputSchema, response: { 200: payoutMethodReplySchema } },
      // Each try checks the password: too few to guess it through here.
      config: perUserLimit('payout-method', 10),
    },
    async (request) => {
      const userId = request.auth!.sub;
      await checkPassword(app.db, userId, request.body.current_password);
      const now = new Date();
      const { previousLast4 } = await savePayoutMethod(app.db, userId, request.body, now);
      const method = (await getPayoutMethod(app.db, userId, holdHours, now))!;
      app.events.emit('payout-method.changed', {
        userId,
        change: { last4: method.last4, previousLast4, holdHours, when: now },
      });
      return { method };
    },
  );
};
export default payoutMethodRoutes;
