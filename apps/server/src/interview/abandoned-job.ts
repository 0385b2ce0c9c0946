import type { FastifyInstance } from 'fastify';
import { endAbandonedInterviews } from './abandoned';
import type { BossQueue } from '../queue/queue';

/** Every minute: an abandoned interview ends at most a minute after its abandon time. */
export const ABANDONED_SWEEP_CRON = '* * * * *';

/** Ends interviews in progress that nobody has held for INTERVIEW_ABANDON_MINUTES (decision 0225). */
export function registerAbandonedInterviewsJob(app: FastifyInstance, queue: BossQueue) {
  queue.handle('end-abandoned-interviews', async () => {
    // Never before a dropped session's resume grace is over: it may still be held in memory.
    const graceMinutes = Math.ceil(app.config.INTERVIEW_RESUME_GRACE_SECONDS / 60) + 1;
    const abandonMinutes = Math.max(app.config.INTERVIEW_ABANDON_MINUTES, graceMinutes);
    const { ended, failed } = await endAbandonedInterviews(app.db, app.events, {
      now: new Date(),
      abandonMinutes,
      log: app.log,
    });
    if (ended.length || failed) app.log.info({ ended, failed, abandonMinutes }, 'abandoned interviews ended');
  });
}

/** After the queue has started: pg-boss keeps one schedule per queue, so every instance may call this. */
export async function scheduleAbandonedSweep(queue: BossQueue) {
  await queue.boss.schedule('end-abandoned-interviews', ABANDONED_SWEEP_CRON, {}, { tz: 'UTC' });
}
