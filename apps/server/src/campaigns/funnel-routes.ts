import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { funnelQuerySchema, funnelSchema, jobSatisfactionSchema } from '@app/shared';
import { idParams } from '../http/route-schemas';
import { funnelCsv, jobFunnel } from './funnel';
import { jobSatisfaction } from './satisfaction';

const jobParams = idParams('Job');

/** The provider's funnel and satisfaction of a job (issue 47, items 2 and 3). Admin only (wiring/routes.ts). */
const adminFunnelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/jobs/:id/funnel',
    { schema: { params: jobParams, querystring: funnelQuerySchema } },
    async (request, reply) => {
      const funnel = await jobFunnel(app.db, request.params.id, request.query.campaign_id);
      if (request.query.format !== 'csv') return reply.send(funnelSchema.parse(funnel));
      const name = request.query.campaign_id
        ? `funnel-${funnel.job_id}-${request.query.campaign_id}`
        : `funnel-${funnel.job_id}`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(funnelCsv(funnel));
    },
  );

  app.get(
    '/admin/jobs/:id/satisfaction',
    { schema: { params: jobParams, response: { 200: jobSatisfactionSchema } } },
    async (request) => jobSatisfaction(app.db, request.params.id),
  );
};
export default adminFunnelRoutes;
