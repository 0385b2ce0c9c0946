import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ValidationIssue } from '@app/shared';
import { AppError } from './http-errors';

function toIssues(error: ZodError, where: string): ValidationIssue[] {
  return error.issues.map((i) => ({
    loc: [where, ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    msg: i.message,
    type: i.code,
  }));
}

/** The ledger refused a write that would take a payee balance below zero (drizzle/0019). */
export const OVERDRAFT =
  'The balance changed while this was being done, and no balance may go below zero, so nothing was changed. Reload and try again.';
const isOverdraft = (error: unknown): boolean => {
  for (let e = error as { constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.constraint === 'ledger_no_overdraft') return true;
  return false;
};

/**
 * One error handler for the whole API: every error reply is `{detail}`; validation problems are 422
 * with a list; 5xx replies never carry internals (they are logged instead).
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = (error as FastifyError).validationContext ?? 'body';
      const detail: ValidationIssue[] = error.validation.map((v) => ({
        loc: [
          where,
          ...v.instancePath
            .split('/')
            .filter(Boolean)
            .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        ],
        msg: v.message ?? 'Invalid value',
        type: v.keyword,
      }));
      return reply.status(422).send({ detail });
    }
    if (error instanceof ZodError) {
      return reply.status(422).send({ detail: toIssues(error, 'body') });
    }
    if (isOverdraft(error)) return reply.status(409).send({ detail: OVERDRAFT });
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ detail: 'Internal server error' });
    }
    if ((error as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ detail: 'Unsupported content type' });
    }
    if ((error as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ detail: 'Request body is empty' });
    }
    if ((error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ detail: 'Request body is not valid JSON' });
    }
    return reply.status(status).send({ detail: error.message || 'Request failed' });
  });
});
