import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonTooDeep, textRuleIssues, TOO_DEEP_MESSAGE, type ValidationIssue } from '@app/shared';
import { badRequest } from './http-errors';

/**
 * Request-wide input rules (decisions 0083, 0142):
 * - JSON nested more than MAX_JSON_DEPTH levels is refused (400) before it is parsed: a 1 MB body of
 *   brackets would otherwise cost a second of CPU to parse, and more to walk;
 * - the shared text rules (no NUL, the nesting limit) on every parsed body, query and params, before
 *   any route's own validation, so a field declared with a plain z.string() (or a route without a
 *   schema) is covered too;
 * - `Content-Type: application/json` with an empty body is an absent body, not a 400 (the spec's
 *   "empty body" POSTs such as /complete and /start).
 */
export default fp(
  async function inputRules(app: FastifyInstance) {
    const defaultJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
      if (jsonTooDeep(body as string)) return done(badRequest(`Request body: ${TOO_DEEP_MESSAGE}`), undefined);
      return defaultJson(request, body as string, done);
    });

    // A callback hook, not an async one: it runs on every request and almost always finds nothing.
    app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      let detail: ValidationIssue[] | undefined;
      for (const where of ['body', 'query', 'params'] as const) {
        // Nothing to walk in most GETs: no body, an empty query, no path parameters.
        if (isEmpty(request[where])) continue;
        for (const { path, msg, type } of textRuleIssues(request[where]))
          (detail ??= []).push({ loc: [where, ...path], msg, type });
      }
      if (detail) void reply.status(422).send({ detail });
      else done();
    });
  },
  { name: 'input-rules' },
);

/** No value, or an object without keys (Fastify's query and params of a request that has none). */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}
