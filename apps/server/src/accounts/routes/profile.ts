import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  latestInterviewSchema,
  linkedinImportSchema,
  linkedinScrapeRequestSchema,
  profileCompleteRequestSchema,
  profileMeSchema,
} from '@app/shared';
import { completeProfile, getLatestInterview, getProfileMe } from '../profiles';
import { scrapeLinkedinProfile } from '../linkedin';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every profile route is the caller's own; the hook applies to this plugin's routes only.
  app.addHook('preHandler', app.authenticate);

  app.get('/profile/me', { schema: { response: { 200: profileMeSchema } } }, async (request) =>
    getProfileMe(app.db, request.auth!.sub),
  );

  app.put(
    '/profile/complete',
    { schema: { body: profileCompleteRequestSchema, response: { 200: profileMeSchema } } },
    async (request) => completeProfile(app.db, request.auth!.sub, request.body),
  );

  app.get('/profile/interview-status', { schema: { response: { 200: latestInterviewSchema } } }, async (request) =>
    getLatestInterview(app.db, request.auth!.sub),
  );

  app.post(
    '/profile/scrape-linkedin',
    {
      schema: { body: linkedinScrapeRequestSchema, response: { 200: linkedinImportSchema } },
      // Each call fetches a page from the outside: keep a user from turning it into a crawler.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) =>
      scrapeLinkedinProfile(request.body.linkedin_url, {
        baseUrl: app.config.LINKEDIN_BASE_URL,
        timeoutMs: app.config.LINKEDIN_TIMEOUT_MS,
      }),
  );
};
export default profileRoutes;
