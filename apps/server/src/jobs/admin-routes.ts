import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobCreateSchema, jobSchema, jobUpdateSchema } from '@app/shared';
import { createJob, updateJob } from './jobs';
import { idParams } from '../http/route-schemas';

/** The provider's write side for jobs. Admin-only: guarded where registered (wiring/routes.ts). */
const adminJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/jobs',
    { schema: { body: jobCreateSchema, response: { 201: jobSchema } } },
    async (request, reply) => {
      const job = await createJob(app.db, request.body, request.auth!.sub);
      app.events.emit('job.saved', { jobId: job.id });
      return reply.status(201).send(job);
    },
  );

  app.patch(
    '/admin/jobs/:id',
    {
      schema: {
        params: idParams('Job'),
        body: jobUpdateSchema,
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      const job = await updateJob(app.db, request.params.id, request.body);
      app.events.emit('job.saved', { jobId: job.id });
      return job;
    },
  );
};
export default adminJobsRoutes;
