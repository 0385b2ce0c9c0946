import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminInterviewSchema, interviewDecisionRequestSchema } from '@app/shared';
import { decideInterview } from '../../../services/interviews';

/** The provider's decision on interviews (listings live with the provider console). Admin only. */
const adminInterviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/interviews/:id/decision',
    {
      schema: {
        params: z.object({ id: z.uuid({ message: 'Interview id must be a UUID' }) }),
        body: interviewDecisionRequestSchema,
        response: { 200: adminInterviewSchema },
      },
    },
    async (request) => decideInterview(app.db, request.params.id, request.body, request.auth!.sub),
  );
};
export default adminInterviewsRoutes;
