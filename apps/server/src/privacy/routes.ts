/** The caller's own account: export, deletion and consents. Password routes are in ./password.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentRequestSchema, consentSchema, deleteAccountSchema } from '@app/shared';
import { z } from 'zod';
import { deleteAccount } from './deletion';
import { exportAccount } from './export';
import {
  giveConsent,
  listConsents,
  defaultPrivacyNotice,
  passwordRoutes,
  PASSWORD_CHECK_LIMIT,
  publicBase,
} from '../accounts';
import { supportAddress } from '../email';

/** Consents one account may give per window. */
export const CONSENT_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(passwordRoutes);

  app.get('/privacy', { schema: { response: { 200: z.object({ text: z.string() }) } } }, async () => ({
    text:
      app.config.PRIVACY_POLICY_TEXT ??
      defaultPrivacyNotice(app.config.RECORDING_RETENTION_DAYS, supportAddress(app.config)),
  }));

  app.get(
    '/account/export',
    { onRequest: app.authenticate, config: { rateLimit: { max: 10, timeWindow: '1 hour' } } },
    async (request, reply) => {
      const data = await exportAccount(
        app.db,
        request.auth!.sub,
        publicBase(request),
        app.config.PAYOUT_METHOD_HOLD_HOURS,
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/account',
    { onRequest: app.authenticate, schema: { body: deleteAccountSchema }, config: PASSWORD_CHECK_LIMIT },
    async (request, reply) => {
      await deleteAccount(app.db, app.storage, request.auth!.sub, request.body.password, request.log);
      return reply.status(204).send();
    },
  );

  app.post(
    '/consents',
    {
      onRequest: app.authenticate,
      schema: { body: consentRequestSchema, response: { 201: consentSchema } },
      // A candidate gives one consent per job applied to; this many is far beyond any real use.
      config: {
        rateLimit: {
          max: CONSENT_LIMIT.max,
          timeWindow: CONSENT_LIMIT.timeWindow,
          keyGenerator: (request) => `consent:${request.auth?.sub ?? request.ip}`,
          hook: 'preHandler',
        },
      },
    },
    async (request, reply) => reply.status(201).send(await giveConsent(app.db, request.auth!.sub, request.body)),
  );

  app.get(
    '/consents',
    { onRequest: app.authenticate, schema: { response: { 200: z.array(consentSchema) } } },
    async (request) => listConsents(app.db, request.auth!.sub),
  );
};
export default accountRoutes;
