import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  savedSearchCreateSchema,
  savedSearchSchema,
  shortlistAddSchema,
  shortlistEntrySchema,
  talentSearchQuerySchema,
  talentSearchReplySchema,
} from '@app/shared';
import { searchTalent } from './search';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, openSavedSearch } from './saved-searches';
import { addToShortlist, inviteFromShortlist, listShortlist, removeFromShortlist } from './shortlists';
import { idParams } from '../http/route-schemas';

const shortlistParams = idParams('Job').extend({
  candidateId: z.uuid({ message: 'Candidate id must be a UUID' }),
});

/** Talent search, saved searches, shortlists and invitations (decision 0165). Admin only. */
const adminTalentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/talent',
    { schema: { querystring: talentSearchQuerySchema, response: { 200: talentSearchReplySchema } } },
    async (request) => searchTalent(app.db, request.query, request.auth!.sub),
  );

  app.get(
    '/admin/talent/saved-searches',
    { schema: { response: { 200: z.array(savedSearchSchema) } } },
    async (request) => listSavedSearches(app.db, request.auth!.sub),
  );
  app.post(
    '/admin/talent/saved-searches',
    { schema: { body: savedSearchCreateSchema, response: { 201: savedSearchSchema } } },
    async (request, reply) => reply.status(201).send(await createSavedSearch(app.db, request.auth!.sub, request.body)),
  );
  app.post(
    '/admin/talent/saved-searches/:id/open',
    { schema: { params: idParams('Saved search'), response: { 200: savedSearchSchema } } },
    async (request) => openSavedSearch(app.db, request.auth!.sub, request.params.id),
  );
  app.delete(
    '/admin/talent/saved-searches/:id',
    { schema: { params: idParams('Saved search') } },
    async (request, reply) => {
      await deleteSavedSearch(app.db, request.auth!.sub, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/admin/jobs/:id/shortlist',
    { schema: { params: idParams('Job'), response: { 200: z.array(shortlistEntrySchema) } } },
    async (request) => listShortlist(app.db, request.params.id),
  );
  app.post(
    '/admin/jobs/:id/shortlist',
    { schema: { params: idParams('Job'), body: shortlistAddSchema, response: { 201: shortlistEntrySchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addToShortlist(app.db, request.params.id, request.body.candidate_id, request.auth!.sub)),
  );
  app.delete(
    '/admin/jobs/:id/shortlist/:candidateId',
    { schema: { params: shortlistParams } },
    async (request, reply) => {
      await removeFromShortlist(app.db, request.params.id, request.params.candidateId);
      return reply.status(204).send();
    },
  );
  app.post(
    '/admin/jobs/:id/shortlist/:candidateId/invite',
    {
      schema: { params: shortlistParams, response: { 200: shortlistEntrySchema } },
      // Each invitation sends an e-mail: a slip of the hand must not mail hundreds of people.
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
    },
    async (request) => inviteFromShortlist(app.db, request.params.id, request.params.candidateId),
  );
};
export default adminTalentRoutes;
