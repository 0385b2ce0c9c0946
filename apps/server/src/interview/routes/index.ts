import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { interviewListQuerySchema, interviewSchema } from '@app/shared';
import { completeInterview, getInterviewForUser, listInterviews } from '../interviews';
import { idParams } from '../../http/route-schemas';

/** The schema of the routes that answer with the one interview the path names. */
const oneInterview = { schema: { params: idParams('Interview'), response: { 200: interviewSchema } } };

/** The candidate's interviews. Every route needs a bearer token; candidates only see their own. */
const interviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/interviews',
    { schema: { querystring: interviewListQuerySchema, response: { 200: z.array(interviewSchema) } } },
    async (request) =>
      listInterviews(app.db, request.auth!, {
        jobId: request.query.job_id,
        candidateId: request.query.candidate_id,
      }),
  );

  app.get('/interviews/:id', oneInterview, async (request) =>
    getInterviewForUser(app.db, request.params.id, request.auth!),
  );

  app.post('/interviews/:id/complete', oneInterview, async (request) =>
    completeInterview(app.db, request.params.id, request.auth!.sub, app.events, request.ip),
  );
};
export default interviewsRoutes;
