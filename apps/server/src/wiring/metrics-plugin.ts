import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { httpDuration, registry, setMetricSources } from '../cluster/metrics';
import { checkLedger } from '../money';
import { queueDepths } from '../queue/status';

/**
 * GET /metrics for Prometheus (decision 0113), behind `Authorization: Bearer <METRICS_TOKEN>` when
 * that is set, and the request-duration histogram by route pattern (never the raw URL: ids and
 * tokens would explode the series and leak).
 */
async function metricsPlugin(app: FastifyInstance) {
  const token = app.config.METRICS_TOKEN;

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') httpDuration.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  let detach = () => {};
  app.addHook('onReady', async () => {
    detach = setMetricSources({
      liveSessions: () => app.interviewSessions?.size ?? 0,
      ledgerCheck: () => checkLedger(app.db),
      queueSizes: async () => Object.fromEntries((await queueDepths(app.database)).map((d) => [d.queue, d])),
    });
  });
  app.addHook('onClose', async () => detach());

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ detail: 'Metrics need the metrics token' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export default fp(metricsPlugin, { name: 'metrics' });
