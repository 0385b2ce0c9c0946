import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Test-only (CAMPAIGN_SWEEP_TEST_HOOK, never with NODE_ENV production): queues the campaign sweep at
 * once as if it ran `ahead_hours` later. The e2e server is a separate process whose clock a browser
 * journey cannot hold, and the scheduled sweep runs every five minutes on the real clock; this goes
 * through the same queue and handler, so the reminder the journey sees is the scheduler's own.
 */
const campaignSweepTestHookRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.CAMPAIGN_SWEEP_TEST_HOOK || app.config.NODE_ENV === 'production') return;
  app.post(
    '/admin/test/campaign-sweep',
    {
      schema: {
        body: z
          .object({
            ahead_hours: z
              .number()
              .min(0)
              .max(24 * 365),
          })
          .strict(),
        response: { 202: z.object({ queued: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const id = await app.queue.send('campaign-sweep', { ahead_hours: request.body.ahead_hours });
      return reply.code(202).send({ queued: id !== null });
    },
  );
};

export default campaignSweepTestHookRoutes;
