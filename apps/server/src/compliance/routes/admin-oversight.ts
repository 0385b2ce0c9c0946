import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInterviewDetailSchema,
  humanScoresRequestSchema,
  integrityEventSchema,
  integrityMarkRequestSchema,
  oversightQuerySchema,
  oversightReportSchema,
} from '@app/shared';
import { postHumanScores } from '../blind-review';
import { markIntegrityEvent } from '../../interview';
import { oversightReport } from '../oversight';
import { getAdminInterviewDetail } from '../interview-listing';
import { idParams } from '../../http/route-schemas';

/** Human oversight (issue 35, items 6 and 8): blind scores, the oversight figures, integrity marks. Admin only. */
const adminOversightRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/interviews/:id/human-scores',
    {
      schema: {
        params: idParams('Interview'),
        body: humanScoresRequestSchema,
        response: { 201: adminInterviewDetailSchema },
      },
    },
    async (request, reply) => {
      await postHumanScores(app.db, request.params.id, request.body.scores, request.auth!.sub);
      return reply.code(201).send(await getAdminInterviewDetail(app.db, request.params.id));
    },
  );

  app.get(
    '/admin/oversight',
    { schema: { querystring: oversightQuerySchema, response: { 200: oversightReportSchema } } },
    async (request) => oversightReport(app.db, request.query.job_id),
  );

  // The reviewer's mark on one integrity event; it changes that event only (decision 0197).
  app.post(
    '/admin/interviews/:id/integrity-events/:eventId/mark',
    {
      schema: {
        params: idParams('Interview').extend({ eventId: z.uuid({ message: 'Event id must be a UUID' }) }),
        body: integrityMarkRequestSchema,
        response: { 200: z.object({ integrity_events: z.array(integrityEventSchema) }) },
      },
    },
    async (request) => ({
      integrity_events: await markIntegrityEvent(
        app.db,
        request.params.id,
        request.params.eventId,
        request.body.mark,
        request.auth!.sub,
      ),
    }),
  );
};
export default adminOversightRoutes;
