/** The provider's side of onboarding (issue 36): document templates, a person's documents and their audit trails, the 1099-NEC list. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDocumentSchema,
  documentAuditSchema,
  documentTemplateInputSchema,
  documentTemplateSchema,
  form1099NecReplySchema,
} from '@app/shared';
import { documentById, listUserDocuments } from '../documents';
import { documentTrail } from '../document-events';
import { form1099Nec, form1099NecCsv, necThresholdCents } from '../tax-1099';
import { createTemplateVersion, listTemplates } from '../templates';
import { sendSignedPdf } from './onboarding/shared';

const toTemplate = (t: Awaited<ReturnType<typeof listTemplates>>[number]) => ({
  id: t.id,
  key: t.key,
  version: t.version,
  title: t.title,
  body: t.body,
  created_at: t.createdAt.toISOString(),
});

const documentParams = z.object({ id: z.uuid({ message: 'Document id must be a UUID' }) });

const adminOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/document-templates', { schema: { response: { 200: z.array(documentTemplateSchema) } } }, async () =>
    (await listTemplates(app.db)).map(toTemplate),
  );

  app.post(
    '/admin/document-templates',
    { schema: { body: documentTemplateInputSchema, response: { 201: documentTemplateSchema } } },
    async (request, reply) =>
      reply.status(201).send(toTemplate(await createTemplateVersion(app.db, request.body, request.auth!.sub))),
  );

  // A person's documents, to reach each one's trail and sealed PDF from the console's candidate page.
  app.get(
    '/admin/documents',
    {
      schema: {
        querystring: z.object({ user_id: z.uuid({ message: 'user_id must be a UUID' }) }),
        response: { 200: z.array(adminDocumentSchema) },
      },
    },
    async (request) => listUserDocuments(app.db, request.query.user_id),
  );

  app.get(
    '/admin/documents/:id/audit',
    { schema: { params: documentParams, response: { 200: documentAuditSchema } } },
    async (request) => {
      await documentById(app.db, request.params.id);
      return (await documentTrail(app.db, request.params.id)).map(({ detail: _detail, ...event }) => event);
    },
  );

  app.get('/admin/documents/:id/pdf', { schema: { params: documentParams } }, async (request, reply) => {
    return sendSignedPdf(reply, await documentById(app.db, request.params.id));
  });

  app.get(
    '/admin/tax/1099-nec',
    {
      schema: {
        querystring: z.object({
          year: z.coerce
            .number()
            .int()
            .min(2000, 'year must be 2000 or later')
            .max(2100, 'year must be 2100 or earlier'),
          format: z.enum(['json', 'csv']).default('json'),
        }),
      },
    },
    async (request, reply) => {
      const { year, format } = request.query;
      const rows = await form1099Nec(app.db, year);
      if (format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="1099-nec-${year}.csv"`)
          .send(form1099NecCsv(rows));
      }
      const payees = rows.map(({ total_cents, ...r }) => ({ ...r, total: total_cents / 100 }));
      return form1099NecReplySchema.parse({ year, threshold: necThresholdCents(year) / 100, payees });
    },
  );
};
export default adminOnboardingRoutes;
