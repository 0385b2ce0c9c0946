/**
 * Password reset (request + confirm) and password change. The reset request answers the same
 * whether or not the address has an account, so it cannot be used to find out who is registered.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authReplySchema,
  changePasswordSchema,
  messageReplySchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@app/shared';
import { WindowLimit } from '../../cluster/counters';
import { AppError } from '../../http/http-errors';
import { NO_LINK_ORIGIN_WARNING, linkOrigin } from '../../lib/link-origin';
import { createMailer, enqueueEmail, passwordResetEmail } from '../../email';
import { changePassword } from '../account';
import { confirmReset, createResetToken, RESET_TOKEN_MINUTES } from '../password-reset';
import { findUser, toUserDto } from '../users';

export const RESET_REQUESTED =
  'If an account exists for that address, we have sent it a link to choose a new password.';

/**
 * PUBLIC_URL, or the origin the request came to: only for links the caller gets back themselves (the
 * account export). Links mailed to someone use linkOrigin, never the request's Host.
 */
export const publicBase = (request: FastifyRequest) =>
  request.server.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;

/** For routes that check the caller's password: too few tries to guess it through them. */
export const PASSWORD_CHECK_LIMIT = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const perHour = app.config.PASSWORD_RESET_LIMIT_PER_HOUR;
  // At most a few mails per address and hour, so the form cannot be used to flood someone's inbox;
  // over the limit the reply stays the same and nothing is sent.
  const perEmail = new WindowLimit(app.counters, 'reset:email', 3, 60 * 60_000);

  app.post(
    '/auth/password-reset',
    {
      schema: { body: passwordResetRequestSchema, response: { 202: messageReplySchema } },
      config: {
        rateLimit: {
          max: perHour,
          timeWindow: '1 hour',
          // An AppError, so the error handler replies with the usual `{detail}`.
          errorResponseBuilder: (_req, ctx) =>
            new AppError(429, `Too many reset requests. Please try again in ${ctx.after}.`),
        },
      },
    },
    async (request, reply) => {
      if ((await perEmail.hit(request.body.email.trim().toLowerCase())) === 0) {
        const origin = linkOrigin(app.config, app.server.address());
        if (!origin) {
          // Nothing to link to: no token is made and the reply stays the same (no account enumeration).
          request.log.warn(NO_LINK_ORIGIN_WARNING);
        } else {
          const reset = await createResetToken(app.db, request.body.email);
          if (reset) {
            const ctx = { ...createMailer(app.config).context, publicUrl: origin };
            await enqueueEmail(app.queue, passwordResetEmail(ctx, reset.user, reset.token, RESET_TOKEN_MINUTES));
          }
        }
      }
      return reply.status(202).send({ detail: RESET_REQUESTED });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: { body: passwordResetConfirmSchema, response: { 200: authReplySchema } },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const userId = await confirmReset(app.db, request.body.token, request.body.password);
      const user = (await findUser(app.db, userId))!;
      // Every old session has ended; the person who just chose the password is signed in afresh.
      return { token: await app.issueToken(user), user: toUserDto(user) };
    },
  );

  app.post(
    '/auth/change-password',
    { onRequest: app.authenticate, schema: { body: changePasswordSchema }, config: PASSWORD_CHECK_LIMIT },
    async (request, reply) => {
      await changePassword(app.db, request.auth!, request.body);
      return reply.status(204).send();
    },
  );
};
export default passwordRoutes;
