/** An accepted candidate's onboarding items and documents (issue 36 items 1-2); owner only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentSchema, onboardingReplySchema, signDocumentReplySchema, signDocumentSchema } from '@app/shared';
import { documentDto, ownDocument } from '../../documents';
import { recordDocumentView } from '../../document-events';
import { onboardingItems } from '../../onboarding';
import { signDocument } from '../../signing';
import { perUserLimit, requestMeta, sendSignedPdf } from './shared';

const idParams = (what: string) => z.object({ id: z.uuid({ message: `${what} id must be a UUID` }) });

const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/jobs/:id/onboarding',
    { schema: { params: idParams('Job'), response: { 200: onboardingReplySchema } } },
    async (request) => ({ items: await onboardingItems(app.db, request.auth!.sub, request.params.id) }),
  );

  app.get(
    '/documents/:id',
    { schema: { params: idParams('Document'), response: { 200: documentSchema } } },
    async (request) => {
      const doc = await ownDocument(app.db, request.params.id, request.auth!.sub);
      await recordDocumentView(app.db, doc.id, request.auth!.sid, requestMeta(request), new Date());
      return documentDto(doc);
    },
  );

  app.post(
    '/documents/:id/sign',
    {
      schema: { params: idParams('Document'), body: signDocumentSchema, response: { 200: signDocumentReplySchema } },
      config: perUserLimit('sign', 60),
    },
    async (request) => {
      const userId = request.auth!.sub;
      const signed = await signDocument(app.db, request.params.id, userId, request.body, requestMeta(request));
      app.events.emit('document.signed', { userId, documentId: request.params.id, sha256: signed.sha256 });
      return signed;
    },
  );

  app.get('/documents/:id/pdf', { schema: { params: idParams('Document') } }, async (request, reply) => {
    return sendSignedPdf(reply, await ownDocument(app.db, request.params.id, request.auth!.sub));
  });
};
export default onboardingRoutes;
