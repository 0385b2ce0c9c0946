import type { FastifyInstance } from 'fastify';
import { remuxRecording } from '../services/recording-remux';
import type { BossQueue } from './queue';

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
