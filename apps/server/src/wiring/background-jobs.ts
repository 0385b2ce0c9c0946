import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BossQueue, type JobQueue } from '../queue/queue';
import { registerAssessmentJob } from '../interview';
import { queueCarefulPass, registerCarefulTranscriptJob } from '../interview';
import { registerEmailJob } from '../email/job';
import { queueJoin, registerRemuxJob } from '../interview';
import { registerRetentionJob, scheduleRetention } from '../privacy';
import { registerAbandonedInterviewsJob, scheduleAbandonedSweep } from '../interview';
import { registerNotifications, interviewReceived } from '../notifications';

declare module 'fastify' {
  interface FastifyInstance {
    queue: JobQueue;
  }
}

/**
 * Background work on the app's own database (pg-boss): the careful transcript, interview assessment, joining its recording, e-mail. Starts when
 * the app is ready, stops (letting the running job finish) when it closes.
 */
export default fp(
  async function jobsPlugin(app: FastifyInstance) {
    // Tests poll often so they finish fast; in production a send wakes the worker at once anyway.
    const queue = new BossQueue(app.database, app.log, app.config.NODE_ENV === 'test' ? 0.5 : 5);
    app.decorate('queue', queue as JobQueue);

    registerAssessmentJob(app, queue);
    const careful = registerCarefulTranscriptJob(app, queue);
    registerEmailJob(app, queue);
    registerRemuxJob(app, queue);
    registerRetentionJob(app, queue);
    registerAbandonedInterviewsJob(app, queue);
    registerNotifications(app);

    let unsubscribe: (() => void)[] = [];
    app.addHook('onReady', async () => {
      await queue.start();
      await scheduleRetention(queue);
      await scheduleAbandonedSweep(queue);
      unsubscribe = [
        app.events.on('interview.completed', ({ interviewId, address }) =>
          queue.track(async () => {
            // The careful pass comes first and queues the assessment itself (decision 0172), when
            // it is admitted (decision 0224).
            if (app.config.CAREFUL_PASS)
              await queueCarefulPass(app, queue, { interviewId, address }, careful.forgetCandidateModels);
            else await queue.send('assess-interview', { interviewId });
            await queueJoin(app, queue, interviewId);
            await interviewReceived(app, interviewId);
          }),
        ),
        app.events.on('recording.chunk-after-end', ({ interviewId }) =>
          queue.track(async () => {
            await queueJoin(app, queue, interviewId, true);
          }),
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
