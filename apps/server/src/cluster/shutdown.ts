import type { FastifyInstance } from 'fastify';

export type DrainReport = { sockets: number; drainMs: number; timedOut: boolean };

/**
 * A graceful stop for rolling restarts (decision 0112): readiness turns 503 and new interviews are
 * refused, every live interview socket gets a `notice` and close code 1012 (the client reconnects,
 * through the load balancer, to another instance and resumes from the saved transcript), then the app
 * closes: no new connections, in-flight requests answered, background jobs finished or handed back
 * to the queue, the database released. `timeoutMs` bounds all of it.
 */
export async function drainAndClose(
  app: FastifyInstance,
  opts: { timeoutMs: number; closeDatabase?: () => Promise<void> },
): Promise<DrainReport> {
  const started = performance.now();
  app.draining = true;
  const sockets = app.drainInterviewSockets?.() ?? 0;
  app.log.info({ sockets }, 'draining: live interviews told to reconnect; finishing in-flight work');

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), opts.timeoutMs);
    timer.unref();
  });
  const closing = (async () => {
    await app.close();
    await opts.closeDatabase?.();
    return 'closed' as const;
  })();
  const outcome = await Promise.race([closing, deadline]).finally(() => clearTimeout(timer));
  const drainMs = Math.round(performance.now() - started);
  if (outcome === 'timeout') {
    app.log.warn({ drainMs }, 'shutdown deadline reached with work still running; exiting anyway');
  } else {
    app.log.info({ drainMs }, 'drained and closed');
  }
  return { sockets, drainMs, timedOut: outcome === 'timeout' };
}
