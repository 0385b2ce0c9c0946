import os from 'node:os';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BossQueue, type JobQueue } from '../queue/queue';
import type { Clock } from '../lib/clock';
import { registerEmailJob } from '../email/job';
import { queueJoin, registerAbandonedInterviewsJob, scheduleAbandonedSweep } from '../interview';
import { registerRetentionJob, scheduleRetention } from '../privacy';
import { recordAbandonedInterview, registerCampaignJobs, scheduleCampaignSweep } from '../campaigns';
import { registerNotifications } from '../notifications';
import { registerWebhooks } from '../integrations';
import { afterCallSteps, startAfterCall } from './after-call';

declare module 'fastify' {
  interface FastifyInstance {
    queue: JobQueue;
  }
}

/**
 * Background work on the app's own database (pg-boss): the steps after each call (after-call.ts),
 * e-mail, retention, the abandoned-interview sweep. Starts when the app is ready, stops (letting the running job finish) when it closes.
 */
export default fp(
  async function jobsPlugin(app: FastifyInstance, opts: { clock?: Clock }) {
    // Tests poll often so they finish fast; in production a send wakes the worker at once anyway.
    const { ROLE: role, WORKER_CONCURRENCY } = app.config;
    const queue = new BossQueue(app.database, app.log, {
      role,
      // A worker's heavy slots: one per core unless set; elsewhere one, so live interviews keep the CPU.
      concurrency: WORKER_CONCURRENCY ?? (role === 'worker' ? os.availableParallelism() : 1),
      pollingIntervalSeconds: app.config.NODE_ENV === 'test' ? 0.5 : 5,
    });
    app.decorate('queue', queue as JobQueue);

    const afterCall = afterCallSteps(app, queue);
    registerEmailJob(app, queue);
    registerRetentionJob(app, queue);
    registerAbandonedInterviewsJob(app, queue);
    registerCampaignJobs(app, queue, opts.clock);
    registerNotifications(app);
    const listenWebhooks = registerWebhooks(app, queue, opts.clock);

    let unsubscribe: (() => void)[] = [];
    app.addHook('onReady', async () => {
      await queue.start();
      await scheduleRetention(queue);
      await scheduleAbandonedSweep(queue);
      await scheduleCampaignSweep(queue);
      unsubscribe = [
        ...listenWebhooks(),
        app.events.on('interview.completed', ({ interviewId, address }) =>
          queue.track(() => startAfterCall(afterCall, { interviewId, address })),
        ),
        app.events.on('recording.chunk-after-end', ({ interviewId }) =>
          queue.track(async () => {
            await queueJoin(app, queue, interviewId, true);
          }),
        ),
        // The funnel's technical failures (issue 47): an interview nobody came back to.
        app.events.on('interview.abandoned', ({ interviewId }) =>
          queue.track(() => recordAbandonedInterview(app.db, interviewId)),
        ),
      ];
    });
    app.addHook('onClose', async () => {
      for (const off of unsubscribe) off();
      await queue.stop();
    });
  },
  { name: 'jobs', dependencies: ['events'] },
);
