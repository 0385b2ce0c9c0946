import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis } from '../cluster/redis';
import { hookRoutes } from '../http/route-hooks';
import { SharedCounters } from '../cluster/counters';
import { counterRateLimitStore } from '../cluster/rate-limit-store';
import { CHANNELS, InstanceBus, type BusMessage, type Channel } from '../cluster/bus';
import { invalidateJobsCache } from '../jobs';
import { invalidateSessionCache, onSessionsRevoked } from '../accounts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection, or null when REDIS_URL is unset. */
    redis: Redis | null;
    /** Counters for limits: on Redis when configured and reachable, in this process otherwise. */
    counters: SharedCounters;
    /** Messages to every instance of the deployment (cache invalidation, session revocation). */
    bus: InstanceBus;
    /** Set on SIGTERM: readiness answers 503 and the interview socket takes no new interviews. */
    draining: boolean;
  }
}

/**
 * Writes whose effect other instances must learn about at once, and the message they publish after
 * succeeding. The local cache is dropped by the code that made the change; this tells the others.
 */
const SHARED_WRITES: {
  matches: (route: { method: string; url: string }) => boolean;
  channel: Channel;
  message: (r: FastifyRequest) => BusMessage;
}[] = [
  {
    matches: (route) => !['GET', 'HEAD'].includes(route.method) && route.url.startsWith('/api/admin/jobs'),
    channel: CHANNELS.jobListChanged,
    message: () => ({}),
  },
];

/**
 * What several instances share (decisions 0110-0112): Redis when REDIS_URL is set (a command
 * connection and a subscriber connection), the counters and route rate limits on it, and the bus.
 * Redis being down never stops the app: limits fall back to this process and a log line says so.
 */
async function clusterPlugin(app: FastifyInstance) {
  const { REDIS_URL, REDIS_PREFIX } = app.config;
  const redis = REDIS_URL ? connectRedis(REDIS_URL, app.log, 'commands') : null;
  const subscriber = REDIS_URL ? connectRedis(REDIS_URL, app.log, 'bus') : null;
  const counters = new SharedCounters(redis, REDIS_PREFIX);
  const bus = new InstanceBus(app.log, REDIS_PREFIX, redis, subscriber);
  if (REDIS_URL && (!app.config.DATABASE_URL || !app.config.S3_BUCKET)) {
    app.log.warn(
      'REDIS_URL is set for several instances, but the database or uploaded files are local to this one: set DATABASE_URL and S3_BUCKET',
    );
  }
  app.decorate('redis', redis);
  app.decorate('counters', counters);
  app.decorate('bus', bus);
  app.decorate('draining', false);
  // Another instance changed a job: this instance's cached job list is stale.
  bus.subscribe(CHANNELS.jobListChanged, () => invalidateJobsCache());
  // Sessions revoked here (logout, password change or reset, deletion) end on every instance at once.
  const stopPublishing = onSessionsRevoked((target) => void bus.publish(CHANNELS.sessionRevoked, target));
  bus.subscribe(CHANNELS.sessionRevoked, (message) => {
    if (message.all) invalidateSessionCache({ all: true });
    else invalidateSessionCache({ sid: asString(message.sid), userId: asString(message.userId) });
  });

  await app.register(rateLimit, { global: false, store: counterRateLimitStore(counters) });

  for (const write of SHARED_WRITES) {
    hookRoutes(app, 'onResponse', write.matches, async (request, reply) => {
      if (reply.statusCode < 400) await bus.publish(write.channel, write.message(request));
    });
  }

  app.addHook('onClose', async () => {
    stopPublishing();
    // disconnect(), not quit(): a dead server must not hold the shutdown up.
    redis?.disconnect();
    subscriber?.disconnect();
  });
}

export default fp(clusterPlugin, { name: 'cluster' });

const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);
