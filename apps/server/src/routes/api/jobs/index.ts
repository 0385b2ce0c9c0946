import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobSchema, jobStatusSchema } from '@app/shared';
import { getJob, listJobs } from '../../../services/jobs';

const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs',
    {
      schema: {
        querystring: z.object({
          status: z
            .string()
            .transform((s) => s.split(',').filter(Boolean))
            .pipe(z.array(jobStatusSchema))
            .optional(),
        }),
        response: { 200: z.array(jobSchema) },
      },
    },
    async (request) => listJobs(app.db, { statuses: request.query.status }),
  );

  app.get(
    '/jobs/:id',
    {
      schema: { params: z.object({ id: z.uuid({ message: 'Job id must be a UUID' }) }), response: { 200: jobSchema } },
    },
    async (request) => getJob(app.db, request.params.id),
  );
};
export default jobsRoutes;
