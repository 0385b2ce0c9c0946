import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCandidateDetailSchema,
  adminCandidateListItemSchema,
  adminCandidateListQuerySchema,
  pageOf,
} from '@app/shared';
import { getCandidateDetail, listCandidates } from '../../../services/admin-listings';

/** Candidates for the provider console: search, profile, resume, interviews, tasks and balance. Admin only. */
const adminCandidatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/candidates',
    { schema: { querystring: adminCandidateListQuerySchema, response: { 200: pageOf(adminCandidateListItemSchema) } } },
    async (request) => listCandidates(app.db, request.query),
  );

  app.get(
    '/admin/candidates/:id',
    {
      schema: {
        params: z.object({ id: z.uuid({ message: 'Candidate id must be a UUID' }) }),
        response: { 200: adminCandidateDetailSchema },
      },
    },
    async (request) => getCandidateDetail(app.db, request.params.id),
  );
};
export default adminCandidatesRoutes;
