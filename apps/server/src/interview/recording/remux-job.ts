import type { FastifyInstance } from 'fastify';
import { remuxRecording } from './remux';
import type { BossQueue } from '../../queue/queue';

/** Joins an ended interview's recording into one seekable file; the playlist stays when it cannot (decision 0168). */
export function registerRemuxJob(app: FastifyInstance, queue: BossQueue) {
  const tools = { ffmpeg: app.config.FFMPEG_PATH, ffprobe: app.config.FFPROBE_PATH };
  queue.handle<{ interviewId: string }>('remux-recording', async ({ interviewId }) => {
    const outcome = await remuxRecording(app.db, app.storage, tools, interviewId);
    if (outcome.remuxed) app.log.info({ interviewId, durationMs: outcome.durationMs }, 'interview recording joined');
    else if (outcome.failed) {
      app.log.warn({ interviewId, reason: outcome.reason }, 'interview recording not joined: it plays as segments');
    } else app.log.info({ interviewId, reason: outcome.reason }, 'interview recording left as it is');
    app.events.emit('recording.remuxed', { interviewId, remuxed: outcome.remuxed });
  });
}

/**
 * Queues the join of an interview's recording a little later, when its last slices are in: when it
 * ends, and again after a slice that came later still. Slices of one time slot share one job, which
 * starts after the slot's last slice (the slot is as long as the delay); a job finding the join
 * current does nothing.
 */
export function queueJoin(app: FastifyInstance, queue: BossQueue, interviewId: string, afterLateChunk = false) {
  const delay = app.config.RECORDING_JOIN_DELAY_SECONDS;
  return queue.send(
    'remux-recording',
    { interviewId },
    {
      startAfter: delay,
      ...(afterLateChunk && delay > 0 && { singletonKey: interviewId, singletonSeconds: delay }),
    },
  );
}
