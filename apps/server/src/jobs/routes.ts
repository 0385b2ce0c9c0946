import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobSchema, jobStatusSchema } from '@app/shared';
import { getJob } from './jobs';
import { cachedJob, cachedJobList } from './job-cache';
import { sendCachedJson } from '../http/etag-reply';

/** The public job list and job detail, served from the in-process cache (decision 0097). */
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
    (request, reply) => sendCachedJson(request, reply, cachedJobList(app.db, request.query.status)),
  );

  app.get(
    '/jobs/:id',
    {
      schema: { params: z.object({ id: z.uuid({ message: 'Job id must be a UUID' }) }), response: { 200: jobSchema } },
    },
    async (request, reply) => {
      const cached = await cachedJob(app.db, request.params.id);
      // Not in the cached list: a job written moments ago by another instance, or none (404).
      return cached ? sendCachedJson(request, reply, cached) : getJob(app.db, request.params.id);
    },
  );
};
export default jobsRoutes;
