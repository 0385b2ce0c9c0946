import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProfileMe } from '../../../services/profiles';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/profile/me', { preHandler: app.authenticate }, async (request) => getProfileMe(app.db, request.auth!.sub));
};
export default profileRoutes;
