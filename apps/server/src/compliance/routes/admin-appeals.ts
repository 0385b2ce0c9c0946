import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAppealSchema, adminAppealsQuerySchema, appealResolveRequestSchema } from '@app/shared';
import { listAppeals, resolveAppeal } from '../appeals';
import { idParams } from '../../http/route-schemas';

/** The provider works the candidates' appeals (issue 35, item 7). Admin only. */
const adminAppealsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/appeals',
    { schema: { querystring: adminAppealsQuerySchema, response: { 200: z.array(adminAppealSchema) } } },
    async (request) => listAppeals(app.db, request.query),
  );

  // Overturned: the decision changes and the candidate is e-mailed (notifications/notifications.ts).
  app.post(
    '/admin/appeals/:id/resolve',
    {
      schema: { params: idParams('Appeal'), body: appealResolveRequestSchema, response: { 200: adminAppealSchema } },
    },
    async (request) => {
      const appeal = await resolveAppeal(app.db, request.params.id, request.body, request.auth!.sub);
      // An overturned appeal flips the decision: the provider's systems hear of it as a decision.
      if (appeal.status === 'overturned') app.events.emit('decision.made', { interviewId: appeal.interview_id });
      return appeal;
    },
  );
};
export default adminAppealsRoutes;
