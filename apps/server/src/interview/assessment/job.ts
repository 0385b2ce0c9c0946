import type { FastifyInstance } from 'fastify';
import { assessInterview } from './';
import type { BossQueue } from '../../queue/queue';

export function registerAssessmentJob(app: FastifyInstance, queue: BossQueue) {
  queue.handle<{ interviewId: string; transcriptNote?: string }>('assess-interview', async (data) => {
    const { interviewId, transcriptNote } = data;
    const assessment = await assessInterview(app.db, app.config, interviewId, { transcriptNote });
    if (assessment) app.events.emit('assessment.ready', { interviewId });
    // No transcript text in logs: only the outcome.
    app.log.info(
      {
        interviewId,
        method: assessment?.method,
        status: assessment?.status,
        recommendation: assessment?.recommendation,
        fallback: Boolean(assessment?.fallback_reason),
      },
      'interview assessed',
    );
  });
}
