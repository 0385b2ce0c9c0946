import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCandidateDetailSchema, adminCandidateListItemSchema, adminCandidateListQuerySchema } from '@app/shared';
import { getCandidateDetail, listCandidates } from './candidate-listing';
import { idParams, pagedList } from '../http/route-schemas';

/** Candidates for the provider console: search, profile, resume, interviews, tasks and balance. Admin only. */
const adminCandidatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/candidates',
    pagedList(adminCandidateListQuerySchema, adminCandidateListItemSchema),
    async (request) => listCandidates(app.db, request.query),
  );

  app.get(
    '/admin/candidates/:id',
    {
      schema: {
        params: idParams('Candidate'),
        response: { 200: adminCandidateDetailSchema },
      },
    },
    async (request) => getCandidateDetail(app.db, request.params.id),
  );
};
export default adminCandidatesRoutes;
