import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publishedBiasAuditSchema } from '@app/shared';
import { auditRule } from '../bias-audit';
import { listPublishedAudits } from '../publications';

/** GET /api/public/bias-audit: the published bias-audit summaries, no sign-in (LL144 §5-303). */
const publicBiasAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/public/bias-audit', { schema: { response: { 200: z.array(publishedBiasAuditSchema) } } }, async () =>
    listPublishedAudits(app.db, auditRule(app.config)),
  );
};
export default publicBiasAuditRoutes;
