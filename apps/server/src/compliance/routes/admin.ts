import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAlternativeSchema,
  alternativeResolveSchema,
  alternativeStatusSchema,
  biasAuditPublishSchema,
  biasAuditQuerySchema,
  biasAuditSchema,
  publishedBiasAuditSchema,
  uuidParamSchema,
} from '@app/shared';
import { listAlternatives, resolveAlternative } from '../alternatives';
import { auditRule, computeBiasAudit } from '../bias-audit';
import { publishBiasAudit } from '../publications';

/** The provider's side of issue 35 items 2, 4 and 5: alternative requests, the bias audit, publishing it. */
const adminAiHiringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/alternative-assessments',
    {
      schema: {
        querystring: z.object({ status: alternativeStatusSchema.optional() }),
        response: { 200: z.array(adminAlternativeSchema) },
      },
    },
    async (request) => listAlternatives(app.db, { status: request.query.status }),
  );

  app.post(
    '/admin/alternative-assessments/:id/resolve',
    { schema: { params: uuidParamSchema, body: alternativeResolveSchema, response: { 200: adminAlternativeSchema } } },
    async (request) => resolveAlternative(app.db, request.params.id, request.auth!.sub, request.body.note),
  );

  app.get(
    '/admin/bias-audit',
    { schema: { querystring: biasAuditQuerySchema, response: { 200: biasAuditSchema } } },
    async (request) => (await computeBiasAudit(app.db, request.query, auditRule(app.config))).audit,
  );

  app.post(
    '/admin/bias-audit/publish',
    { schema: { body: biasAuditPublishSchema, response: { 201: publishedBiasAuditSchema } } },
    async (request, reply) =>
      reply.status(201).send(await publishBiasAudit(app.db, request.auth!.sub, request.body, auditRule(app.config))),
  );
};
export default adminAiHiringRoutes;
