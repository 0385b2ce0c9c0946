import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminInterviewSchema, interviewDecisionRequestSchema } from '@app/shared';
import { decideInterview } from '../../../services/interviews';
import { idParams } from '../schemas';

/** The provider's decision on interviews (listings live with the provider console). Admin only. */
const adminInterviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/interviews/:id/decision',
    {
      schema: {
        params: idParams('Interview'),
        body: interviewDecisionRequestSchema,
        response: { 200: adminInterviewSchema },
      },
    },
    async (request) => decideInterview(app.db, request.params.id, request.body, request.auth!.sub),
  );
};
export default adminInterviewsRoutes;
