import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { interviewPrivacySchema, uuidParamSchema } from '@app/shared';
import { interviewPrivacy } from './file-access-log';

/**
 * GET /admin/interviews/{id}/privacy: how long the recording is kept (or when the retention job
 * deleted it) and who opened the interview's recording and the candidate's résumé.
 */
const adminAccessLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/interviews/:id/privacy',
    { schema: { params: uuidParamSchema, response: { 200: interviewPrivacySchema } } },
    async (request) => interviewPrivacy(app.db, request.params.id, app.config.RECORDING_RETENTION_DAYS),
  );
};
export default adminAccessLogRoutes;
