import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A Redis connection that never stalls a request: commands fail at once while it is disconnected
 * (no offline queue) and time out after `commandTimeoutMs`, so callers can fall back to in-process
 * state. It keeps reconnecting in the background, and logs each change of state once.
 */
export function connectRedis(url: string, log: FastifyBaseLogger, role: string, commandTimeoutMs = 500): Redis {
  // Loaded only when REDIS_URL is set: a single instance does not pay for it at start-up (decision 0241).
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new RedisClient(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    // Reconnect quickly at first, then every 2 s, for as long as the app runs.
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
  let healthy: boolean | null = null;
  client.on('ready', () => {
    if (healthy !== true) log.info({ redis: role }, 'Redis connected');
    healthy = true;
  });
  client.on('error', (err: Error) => {
    if (healthy === false) return;
    healthy = false;
    // Where the server is, never its password.
    log.error(
      { redis: role, err: err.message, at: redactRedisUrl(url) },
      'Redis unavailable: limits and counters fall back to this process until it is back',
    );
  });
  client.on('end', () => (healthy = false));
  return client;
}

export const isReady = (client: Redis | null | undefined) => client?.status === 'ready';

export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://(unparseable)';
  }
}
