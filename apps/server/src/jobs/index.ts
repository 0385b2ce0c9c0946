import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { interviews } from '../db/schema';
import { onInterviewCompleted } from '../services/interviews';
import { BossQueue, type JobQueue } from './queue';
import { registerAssessmentJob } from './assessment';
import { registerEmailJob } from './email';
import { registerNotifications, interviewReceived } from './notifications';

declare module 'fastify' {
  interface FastifyInstance {
    queue: JobQueue;
  }
}

/**
 * Background work on the app's own database (pg-boss): interview assessment and e-mail. Starts when
 * the app is ready, stops (letting the running job finish) when it closes.
 */
export default fp(
  async function jobsPlugin(app: FastifyInstance) {
    // Tests poll often so they finish fast; in production a send wakes the worker at once anyway.
    const queue = new BossQueue(app.database, app.log, app.config.NODE_ENV === 'test' ? 0.5 : 5);
    app.decorate('queue', queue as JobQueue);

    registerAssessmentJob(app, queue);
    registerEmailJob(app, queue);
    registerNotifications(app);

    let unsubscribe: (() => void) | null = null;
    app.addHook('onReady', async () => {
      await queue.start();
      // The listener list is per process; an interview of another app instance (tests build several)
      // is not in this database and is skipped.
      unsubscribe = onInterviewCompleted((interviewId) =>
        queue.track(async () => {
          const [row] = await app.db
            .select({ id: interviews.id })
            .from(interviews)
            .where(eq(interviews.id, interviewId))
            .limit(1);
          if (!row) return;
          await queue.send('assess-interview', { interviewId });
          await interviewReceived(app, interviewId);
        }),
      );
    });
    app.addHook('onClose', async () => {
      unsubscribe?.();
      await queue.stop();
    });
  },
  { name: 'jobs', dependencies: [] },
);
