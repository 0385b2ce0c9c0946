import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sttService } from '../interview/providers';
import { JobModels } from '../interview/recognition/job-model';
import { carefulTranscript, recognitionTextFor } from '../services/transcript/careful-transcript';
import type { BossQueue } from './queue';

/**
 * The careful pass, then the assessment (decision 0172): whatever happens to the pass, the
 * interview moves on to its assessment; a failure or an overrun is logged with its reason and the
 * live text stands.
 */
export function registerCarefulTranscriptJob(app: FastifyInstance, queue: BossQueue) {
  const recognition = path.join(app.config.dataDir, 'recognition');
  const models = new JobModels(recognition, {
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  // With the transcription service configured, it is the careful engine (decision 0172): no model to build.
  const service = sttService(app.config);
  // The job + candidate model is built while the interview runs (one build at a time, low CPU
  // priority), so the careful pass does not spend its time limit building it (decision 0173).
  if (!service) {
    app.events.on('interview.answer_kept', async ({ interviewId }) => {
      const text = await recognitionTextFor(app.db, interviewId);
      if (text) await models.ensure(text);
    });
  }
  queue.handle<{ interviewId: string }>('careful-transcript', async ({ interviewId }) => {
    const started = process.cpuUsage();
    try {
      const outcome = await carefulTranscript(
        {
          db: app.db,
          storage: app.storage,
          models,
          adaptDir: path.join(recognition, 'adapt-am'),
          timeoutMs: app.config.CAREFUL_PASS_TIMEOUT_SECONDS * 1000,
          service,
          onNote: (note) => app.log.info({ interviewId, note }, 'careful pass note'),
        },
        interviewId,
      );
      // No transcript text in logs: only the outcome.
      app.log.info({ interviewId, engine: service ? 'service' : 'offline', ...outcome }, 'careful pass done');
    } catch (err) {
      app.log.warn(
        { err, interviewId, cpu: process.cpuUsage(started) },
        'careful pass failed: the live transcript stands',
      );
    }
    await queue.send('assess-interview', { interviewId });
  });
}
