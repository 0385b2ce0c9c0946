import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authReplySchema, loginRequestSchema, registerRequestSchema } from '@app/shared';
import { AppError } from '../../../lib/http-errors';
import { AttemptLimiter } from '../../../lib/attempt-limiter';
import { parseDuration } from '../../../lib/duration';
import { authenticate, registerUser, toUserDto } from '../../../services/users';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const window = app.config.LOGIN_LIMIT_WINDOW;
  const tooMany = (after: string) => `Too many login attempts. Please try again in ${after}.`;
  // Two limits on login: per client address (the plugin) and per e-mail (against password spraying
  // from many addresses).
  const perEmail = new AttemptLimiter(app.config.LOGIN_LIMIT_PER_EMAIL, parseDuration(window));

  app.post(
    '/auth/register',
    {
      schema: { body: registerRequestSchema, response: { 201: authReplySchema } },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, request.body);
      const token = app.signToken({ sub: user.id, role: user.role });
      return reply.status(201).send({ token, user: toUserDto(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: authReplySchema } },
      config: {
        rateLimit: {
          max: app.config.LOGIN_LIMIT_PER_IP,
          timeWindow: window,
          errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, detail: tooMany(ctx.after) }),
        },
      },
    },
    async (request) => {
      const waitSeconds = perEmail.hit(request.body.email);
      if (waitSeconds > 0) throw new AppError(429, tooMany(`${waitSeconds} seconds`));
      const user = await authenticate(app.db, request.body.email, request.body.password);
      return { token: app.signToken({ sub: user.id, role: user.role }), user: toUserDto(user) };
    },
  );
};
export default authRoutes;
