import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authReplySchema, loginRequestSchema, registerRequestSchema } from '@app/shared';
import { AppError } from '../../http/http-errors';
import { parseDuration } from '../../lib/duration';
import { LoginThrottle } from '../../cluster/login-throttle';
import { authenticate, registerUser, toUserDto } from '../users';
import { revokeSession } from '../sessions';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Failures per (address, e-mail) and per address, on the shared counters (decision 0111).
  const throttle = new LoginThrottle(app.counters, {
    perAddress: app.config.LOGIN_LIMIT_PER_IP,
    perAddressEmail: app.config.LOGIN_LIMIT_PER_EMAIL,
    windowMs: parseDuration(app.config.LOGIN_LIMIT_WINDOW),
  });

  app.post(
    '/auth/register',
    {
      schema: { body: registerRequestSchema, response: { 201: authReplySchema } },
      config: { rateLimit: { max: app.config.REGISTER_LIMIT_PER_IP, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, request.body);
      const token = await app.issueToken(user);
      return reply.status(201).send({ token, user: toUserDto(user) });
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: authReplySchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const wait = await throttle.check(request.ip, email);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        const after = wait === 1 ? '1 second' : `${wait} seconds`;
        throw new AppError(429, `Too many login attempts. Please try again in ${after}.`);
      }
      let user;
      try {
        user = await authenticate(app.db, email, password);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 401) await throttle.failed(request.ip, email);
        throw err;
      }
      await throttle.succeeded(request.ip, email);
      return { token: await app.issueToken(user), user: toUserDto(user) };
    },
  );

  // Ends the caller's session on the server: the token is refused from now on (other sessions stay).
  app.post('/auth/logout', { preHandler: app.authenticate }, async (request, reply) => {
    await revokeSession(app.db, request.auth!.sid);
    return reply.status(204).send();
  });
};
export default authRoutes;
