import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationTokenParams, invitationViewSchema, myInvitationSchema } from '@app/shared';
import { idParams } from '../http/route-schemas';
import {
  acceptInvitation,
  listMyInvitations,
  openInvitation,
  requestExtensionByToken,
  requestMyExtension,
  unsubscribeByToken,
} from './invitations';

/**
 * The invited person's side (issue 47): the link's token is the key, no login needed to open it,
 * ask for more time or unsubscribe; taking it with an account needs that account's session.
 */
const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guessing a 256-bit token is hopeless; the limit keeps a scanner from hammering the lookups.
  const tokenLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  app.get(
    '/invitations/mine',
    { preHandler: app.authenticate, schema: { response: { 200: z.array(myInvitationSchema) } } },
    async (request) => listMyInvitations(app.db, request.auth!.sub, new Date()),
  );
  app.post(
    '/invitations/mine/:id/more-time',
    { preHandler: app.authenticate, schema: { params: idParams('Invitation'), response: { 200: myInvitationSchema } } },
    async (request) => requestMyExtension(app.db, request.auth!.sub, request.params.id, new Date()),
  );

  app.get(
    '/invitations/:token',
    { config: tokenLimit, schema: { params: invitationTokenParams, response: { 200: invitationViewSchema } } },
    async (request) => openInvitation(app.db, request.params.token, new Date()),
  );
  app.post(
    '/invitations/:token/accept',
    {
      preHandler: app.authenticate,
      config: tokenLimit,
      schema: { params: invitationTokenParams, response: { 200: invitationViewSchema } },
    },
    async (request) => acceptInvitation(app.db, request.params.token, request.auth!.sub, new Date()),
  );
  app.post(
    '/invitations/:token/more-time',
    { config: tokenLimit, schema: { params: invitationTokenParams, response: { 200: invitationViewSchema } } },
    async (request) => requestExtensionByToken(app.db, request.params.token, new Date()),
  );
  app.post(
    '/invitations/:token/unsubscribe',
    { config: tokenLimit, schema: { params: invitationTokenParams } },
    async (request, reply) => {
      await unsubscribeByToken(app.db, request.params.token);
      return reply.status(204).send();
    },
  );
};
export default campaignRoutes;
