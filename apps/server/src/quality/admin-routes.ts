import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  datasetQuerySchema,
  distributeReplySchema,
  qualityRaterSchema,
  qualityReportSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
} from '@app/shared';
import { assertJobExists, datasetCsv, datasetJsonl } from './dataset';
import { distributeTasks } from './distribute';
import { pauseByProvider, unpauseRater } from './raters';
import { qualityReport } from './report';
import { reviewQueue } from './review-queue';
import { idParams } from '../http/route-schemas';
import { linkOrigin } from '../lib/link-origin';

const raterParams = idParams('Job').extend({ userId: z.uuid({ message: 'User id must be a UUID' }) });

/** Rating quality on a job (issue 26): distribution, the quality report, pausing, review queue, dataset. Admin only. */
const adminQualityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/jobs/:id/tasks/distribute',
    { schema: { params: idParams('Job'), response: { 200: distributeReplySchema } } },
    async (request) => ({ job_id: request.params.id, ...(await distributeTasks(app.db, request.params.id)) }),
  );

  app.get(
    '/admin/jobs/:id/quality',
    { schema: { params: idParams('Job'), response: { 200: qualityReportSchema } } },
    async (request) => qualityReport(app.db, request.params.id),
  );

  app.post(
    '/admin/jobs/:id/raters/:userId/pause',
    { schema: { params: raterParams, response: { 200: qualityRaterSchema } } },
    async (request) => pauseByProvider(app.db, request.params.id, request.params.userId),
  );

  app.post(
    '/admin/jobs/:id/raters/:userId/unpause',
    { schema: { params: raterParams, response: { 200: qualityRaterSchema } } },
    async (request) => unpauseRater(app.db, request.params.id, request.params.userId),
  );

  app.get(
    '/admin/jobs/:id/review-queue',
    { schema: { params: idParams('Job'), querystring: reviewQueueQuerySchema, response: { 200: reviewQueueSchema } } },
    async (request) => reviewQueue(app.db, request.params.id, request.query.limit),
  );

  app.get(
    '/admin/jobs/:id/dataset',
    { schema: { params: idParams('Job'), querystring: datasetQuerySchema } },
    async (request, reply) => {
      const { id } = request.params;
      const { format } = request.query;
      await assertJobExists(app.db, id);
      // Media URLs point where e-mailed links do: PUBLIC_URL, else the bound address (decision 0140).
      const origin = linkOrigin(app.config, app.server.address());
      const body = format === 'csv' ? datasetCsv(app.db, id, origin) : datasetJsonl(app.db, id, origin);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="dataset-${id}.${format}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(body));
    },
  );
};
export default adminQualityRoutes;
