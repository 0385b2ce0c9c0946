import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NUL_MESSAGE, nulPaths, type ValidationIssue } from '@app/shared';

/**
 * Request-wide input rules (decision 0083):
 * - the shared NUL rule on every parsed body, query and params, before any route's own validation,
 *   so a field declared with a plain z.string() (or a route without a schema) is covered too;
 * - `Content-Type: application/json` with an empty body is an absent body, not a 400 (the spec's
 *   "empty body" POSTs such as /complete and /start).
 */
export default fp(
  async function inputRules(app: FastifyInstance) {
    const defaultJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
      return defaultJson(request, body as string, done);
    });

    // A callback hook, not an async one: it runs on every request and almost always finds nothing.
    app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const detail: ValidationIssue[] = [];
      for (const where of ['body', 'query', 'params'] as const) {
        for (const path of nulPaths(request[where])) {
          detail.push({ loc: [where, ...path], msg: NUL_MESSAGE, type: 'nul_character' });
        }
      }
      if (detail.length) void reply.status(422).send({ detail });
      else done();
    });
  },
  { name: 'input-rules' },
);
