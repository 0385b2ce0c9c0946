import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminInterviewSchema, interviewDecisionRequestSchema, interviewRetakeRequestSchema } from '@app/shared';
import { getAdminInterview, allowRetake } from '../../interview';
import { decideInterview } from '../decisions';
import { idParams } from '../../http/route-schemas';

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
    async (request) => {
      const decided = await decideInterview(app.db, request.params.id, request.body, request.auth!.sub);
      app.events.emit('decision.made', { interviewId: request.params.id });
      return decided;
    },
  );

  // A retake: the interview goes back to not started; the reason is kept (decision 0149).
  app.post(
    '/admin/interviews/:id/retake',
    {
      schema: {
        params: idParams('Interview'),
        body: interviewRetakeRequestSchema,
        response: { 200: adminInterviewSchema },
      },
    },
    async (request) => {
      const admin = request.auth!.sub;
      await allowRetake(app.db, app.events, request.params.id, request.body.reason, admin);
      request.log.info({ interviewId: request.params.id, adminId: admin }, 'interview retake allowed');
      return getAdminInterview(app.db, request.params.id);
    },
  );
};
export default adminInterviewsRoutes;
