import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sttService } from '../providers';
import { CLEAR_SPEECH_JOB_WEIGHT, JobModels } from '../recognition/job-model';
import { carefulTranscript, recognitionTextFor } from '../transcript/careful-transcript';
import { ADMISSION_LOCK, addressKey, admit, CAREFUL_QUEUE, LIVE_BECAUSE, type CarefulJob } from './admission';
import { recordCarefulLiveFallback } from '../../cluster/metrics';
import { interviews } from '../../db/schema';
import type { BossQueue } from '../../queue/queue';

/**
 * The careful pass, then the assessment (decision 0172): whatever happens to the pass, the
 * interview moves on to its assessment; a failure or an overrun is logged with its reason and the
 * live text stands.
 */
export function registerCarefulTranscriptJob(
  app: FastifyInstance,
  queue: BossQueue,
): { forgetCandidateModels: (interviewId: string) => Promise<void> } {
  const recognition = path.join(app.config.dataDir, 'recognition');
  const log = (msg: string, err?: unknown) => app.log.warn({ err }, msg);
  const models = new JobModels(recognition, { log });
  const clearSpeechModels = new JobModels(recognition, { log, jobWeight: CLEAR_SPEECH_JOB_WEIGHT });
  // With the transcription service configured, it is the careful engine (decision 0172): no model to build.
  const service = sttService(app.config);
  // The job + candidate models are built while the interview runs, as a heavy job of their own (on a
  // worker when there is one), so the careful pass does not spend its time limit building them
  // (decisions 0173, 0216, 0243). The job reads the text as it is then: several answers, one build.
  if (!service) {
    app.events.on('interview.answer_kept', ({ interviewId }) =>
      queue.track(async () => {
        await queue.send('build-careful-models', { interviewId });
      }),
    );
    queue.handle<{ interviewId: string }>('build-careful-models', async ({ interviewId }) => {
      const text = await recognitionTextFor(app.db, interviewId);
      if (text && (await models.ensure(text))) await clearSpeechModels.ensure(text);
    });
  }
  // A model with the candidate's words serves this interview's careful pass only (a retake builds it
  // again); one without any is the job's own model, which the live pass keeps using.
  const forgetCandidateModels = async (interviewId: string) => {
    const text = await recognitionTextFor(app.db, interviewId);
    if (!text?.candidateTools?.length) return;
    models.remove(text);
    clearSpeechModels.remove(text);
  };
  queue.handle<CarefulJob>('careful-transcript', async ({ interviewId }) => {
    // Assessed on the live text while this pass waited, and decided since: the pass would change nothing.
    if (await isDecided(app.db, interviewId)) {
      app.log.info({ interviewId }, 'careful pass skipped: the interview was decided while it waited');
      await forgetCandidateModels(interviewId).catch(() => {});
      return;
    }
    const started = process.cpuUsage();
    // Why the live transcript is the record, when the pass did not write one (decision 0224).
    let transcriptNote: string | undefined;
    try {
      const outcome = await carefulTranscript(
        {
          db: app.db,
          storage: app.storage,
          models,
          clearSpeechModels,
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
      const overran = err instanceof Error && /overran its time limit/.test(err.message);
      transcriptNote = overran ? LIVE_BECAUSE.timeout(app.config.CAREFUL_PASS_TIMEOUT_SECONDS) : LIVE_BECAUSE.failed;
      recordCarefulLiveFallback(overran ? 'timeout' : 'failed');
      app.log.warn(
        { err, interviewId, cpu: process.cpuUsage(started) },
        'careful pass failed: the live transcript stands',
      );
    }
    await forgetCandidateModels(interviewId).catch((err: unknown) =>
      app.log.warn({ err, interviewId }, 'careful pass models not deleted'),
    );
    await queue.send('assess-interview', { interviewId, ...(transcriptNote && { transcriptNote }) });
  });
  return { forgetCandidateModels };
}

/**
 * Queues a completed interview's careful pass when the queue, its account and its address have room
 * (decision 0224), with a deadline for its start (decision 0243); otherwise the interview is assessed
 * on its live transcript at once, the reason in its record. The count and the queueing are one
 * transaction under a lock, so instances completing interviews at once cannot both take the last place.
 */
export async function queueCarefulPass(
  app: FastifyInstance,
  queue: BossQueue,
  input: { interviewId: string; address?: string },
  /** Deletes the candidate's careful models built during the interview: a refused pass needs them no more. */
  forgetCandidateModels: (interviewId: string) => Promise<void>,
): Promise<void> {
  const { interviewId } = input;
  const [row] = await app.db
    .select({ accountId: interviews.candidateId })
    .from(interviews)
    .where(eq(interviews.id, interviewId));
  const address = addressKey(input.address);
  const job: CarefulJob = {
    interviewId,
    ...(row && { accountId: row.accountId }),
    ...(address && { addressKey: address }),
  };
  const limits = {
    maxQueued: app.config.CAREFUL_PASS_MAX_QUEUED,
    maxPerAccount: app.config.CAREFUL_PASS_MAX_PER_ACCOUNT,
    maxPerAddress: app.config.CAREFUL_PASS_MAX_PER_ADDRESS,
  };
  const startWithin = app.config.CAREFUL_PASS_START_WITHIN_SECONDS;
  const admission = await app.database.transaction(async (query) => {
    await query('SELECT pg_advisory_xact_lock($1)', [ADMISSION_LOCK]);
    const admission = await admit(query, limits, job);
    if (!admission.admitted) return admission;
    // Both jobs commit with the admission, or neither does.
    const db = { executeSql: query };
    const carefulJobId = await queue.send('careful-transcript', job, { priority: admission.priority, db });
    if (startWithin > 0) {
      await queue.send('careful-pass-deadline', { interviewId, carefulJobId }, { startAfter: startWithin, db });
    }
    return admission;
  });
  if (admission.admitted) {
    queue.wake('careful-transcript');
    return;
  }
  recordCarefulLiveFallback(admission.reason);
  app.log.info({ interviewId, note: admission.note }, 'careful pass not queued: the live transcript is assessed');
  await queue.send('assess-interview', { interviewId, transcriptNote: admission.note });
  await forgetCandidateModels(interviewId).catch((err: unknown) =>
    app.log.warn({ err, interviewId }, 'careful pass models not deleted'),
  );
}

/**
 * A careful pass still waiting CAREFUL_PASS_START_WITHIN_SECONDS after its interview ended: the
 * interview is assessed on its live transcript now, and the pass stays queued; when it runs, it
 * replaces that assessment unless the interview has been decided by then (decision 0243).
 */
export function registerCarefulDeadlineJob(app: FastifyInstance, queue: BossQueue) {
  queue.handle<{ interviewId: string; carefulJobId: string | null }>(
    'careful-pass-deadline',
    async ({ interviewId, carefulJobId }) => {
      if (!carefulJobId) return;
      const pass = await queue.boss.getJobById(CAREFUL_QUEUE, carefulJobId);
      // Started (or retried after a crash, or done): the pass itself queues the assessment.
      if (pass?.state !== 'created') return;
      const seconds = app.config.CAREFUL_PASS_START_WITHIN_SECONDS;
      recordCarefulLiveFallback('not_started');
      app.log.info(
        { interviewId, waitedSeconds: seconds },
        'careful pass not started in time: the live transcript is assessed',
      );
      await queue.send('assess-interview', { interviewId, transcriptNote: LIVE_BECAUSE.notStarted(seconds) });
    },
  );
}

async function isDecided(db: FastifyInstance['db'], interviewId: string): Promise<boolean> {
  const [row] = await db.select({ status: interviews.status }).from(interviews).where(eq(interviews.id, interviewId));
  return row?.status === 'approved' || row?.status === 'rejected';
}
