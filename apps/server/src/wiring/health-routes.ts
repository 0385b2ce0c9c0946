import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminHealthSchema, type AdminHealth } from '@app/shared';
import { countLiveFallbacks } from '../interview';
import { WorkerInstances } from '../queue/instances';
import { queueDepths } from '../queue/status';

const checksSchema = z.object({ database: z.string(), redis: z.string().optional(), instance: z.string() });

/** A check that answers within `ms`, or fails with a readable reason. */
async function probe(work: () => Promise<unknown>, ms = 2000): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))),
    ]);
    return 'ok';
  } catch (err) {
    return `failed: ${(err as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness: the process answers and its database connection works. */
  app.get(
    '/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } } },
    async () => {
      await app.database.query('select 1');
      return { status: 'ok' as const, database: app.database.kind };
    },
  );

  /**
   * Readiness (load balancers, rolling restarts): the database answers, Redis too when configured,
   * and the instance is not shutting down. 503 with the failing check otherwise.
   */
  app.get(
    '/health/ready',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ready'), checks: checksSchema }),
          503: z.object({ detail: z.string(), checks: checksSchema }),
        },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        probe(() => app.database.query('select 1')),
        app.redis ? probe(() => app.redis!.ping()) : Promise.resolve(undefined),
      ]);
      const checks = { database, redis, instance: app.draining ? 'shutting down' : 'ok' };
      const failing = Object.entries(checks).filter(([, v]) => v !== undefined && v !== 'ok');
      if (failing.length === 0) return { status: 'ready' as const, checks };
      const detail = `Not ready: ${failing.map(([k, v]) => `${k} ${v}`).join('; ')}`;
      return reply.status(503).send({ detail, checks });
    },
  );
};
export default healthRoutes;

/**
 * The console's health page (issue 45 item 2, decision 0243): this instance's role, every queue's
 * depth across all instances, the worker instances seen, and the interviews assessed on their live
 * transcript in the last day. Admin-only: guarded where registered (wiring/routes.ts).
 */
export const adminHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  const instances = new WorkerInstances(app.database);
  app.get('/admin/health', { schema: { response: { 200: adminHealthSchema } } }, async (): Promise<AdminHealth> => {
    const [queues, workers, fallbacks] = await Promise.all([
      queueDepths(app.database),
      instances.fresh(),
      countLiveFallbacks(app.db, new Date()),
    ]);
    return {
      instance: { role: app.queue.role, standing_in: app.queue.standingIn, concurrency: app.queue.concurrency },
      queues: queues.map((q) => ({
        queue: q.queue,
        runs: q.runs,
        waiting: q.waiting,
        running: q.running,
        oldest_wait_seconds: q.oldestWaitSeconds,
      })),
      workers: workers.map((w) => ({
        id: w.id,
        role: w.role,
        hostname: w.hostname,
        concurrency: w.concurrency,
        started_at: w.startedAt,
        seen_at: w.seenAt,
      })),
      careful_live_fallbacks_24h: fallbacks,
    };
  });
};
