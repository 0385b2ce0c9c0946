import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../lib/clock';
import type { BossQueue } from '../queue/queue';
import { registerCampaignEmailJob } from './emails';
import { expireDue, sendDueReminders } from './sweep';
import { campaignTokens } from './tokens-of-app';

/** Every five minutes: a reminder goes out at most five minutes after its hour. */
export const CAMPAIGN_SWEEP_CRON = '*/5 * * * *';

/** The campaign e-mails and the sweep (reminders due, invitations expired); `clock` is the tests' hand. */
export function registerCampaignJobs(app: FastifyInstance, queue: BossQueue, clock: Clock = systemClock) {
  registerCampaignEmailJob(app, queue, campaignTokens(app));
  // A test hook's sweep (test-hook-routes.ts) runs `ahead_hours` later than now; the scheduled one never does.
  const hookOn = app.config.CAMPAIGN_SWEEP_TEST_HOOK && app.config.NODE_ENV !== 'production';
  queue.handle<{ ahead_hours?: number } | undefined>('campaign-sweep', async (data) => {
    const ahead = hookOn ? (data?.ahead_hours ?? 0) : 0;
    const now = new Date(clock.now() + ahead * 3_600_000);
    const expired = await expireDue(app.db, app.events, now);
    const reminders = await sendDueReminders(app.db, queue, now);
    if (expired || reminders) app.log.info({ expired, reminders }, 'campaign sweep');
  });
}

/** After the queue has started: pg-boss keeps one schedule per queue, so every instance may call this. */
export async function scheduleCampaignSweep(queue: BossQueue) {
  await queue.boss.schedule('campaign-sweep', CAMPAIGN_SWEEP_CRON, {}, { tz: 'UTC' });
}
