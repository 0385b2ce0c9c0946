import type { FastifyInstance } from 'fastify';
import { purgeOldRecordings } from './retention';
import { purgeDecisionLog } from '../compliance';
import type { BossQueue } from '../queue/queue';

/** Every day at 03:17 UTC (a quiet hour, off the full hour when other schedules pile up). */
export const RETENTION_CRON = '17 3 * * *';

export function registerRetentionJob(app: FastifyInstance, queue: BossQueue) {
  queue.handle('purge-recordings', async () => {
    const days = app.config.RECORDING_RETENTION_DAYS;
    const purged = await purgeOldRecordings(app.db, app.storage, days, app.log);
    app.log.info({ purged, retentionDays: days }, 'expired interview recordings deleted');
    // The decision log outlives recordings: its own setting, never under three years (decision 0198).
    const logDays = app.config.DECISION_LOG_RETENTION_DAYS;
    const logPurged = await purgeDecisionLog(app.db, logDays);
    app.log.info({ purged: logPurged, retentionDays: logDays }, 'expired decision log entries deleted');
  });
}

/** After the queue has started: pg-boss keeps one schedule per queue, so every instance may call this. */
export async function scheduleRetention(queue: BossQueue) {
  await queue.boss.schedule('purge-recordings', RETENTION_CRON, {}, { tz: 'UTC' });
}
