import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sttService } from '../providers';
import { CLEAR_SPEECH_JOB_WEIGHT, JobModels } from '../recognition/job-model';
import { carefulTranscript, recognitionTextFor } from '../transcript/careful-transcript';
import { addressKey, admit, LIVE_BECAUSE, type CarefulJob } from './admission';
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
  // The job + candidate models are built while the interview runs (one after the other, low CPU
  // priority), so the careful pass does not spend its time limit building them (decisions 0173, 0216).
  if (!service) {
    app.events.on('interview.answer_kept', async ({ interviewId }) => {
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

/** One admission at a time on this instance, so two completions cannot both take the last place. */
const admitting = new WeakMap<FastifyInstance, Promise<unknown>>();

/**
 * Queues a completed interview's careful pass when the queue, its account and its address have room
 * (decision 0224); otherwise the interview is assessed on its live transcript at once, the reason
 * in its record.
 */
export function queueCarefulPass(
  app: FastifyInstance,
  queue: BossQueue,
  input: { interviewId: string; address?: string },
  /** Deletes the candidate's careful models built during the interview: a refused pass needs them no more. */
  forgetCandidateModels: (interviewId: string) => Promise<void>,
): Promise<void> {
  const run = (admitting.get(app) ?? Promise.resolve()).then(async () => {
    const [row] = await app.db
      .select({ accountId: interviews.candidateId })
      .from(interviews)
      .where(eq(interviews.id, input.interviewId));
    const job: CarefulJob = {
      interviewId: input.interviewId,
      ...(row && { accountId: row.accountId }),
      ...(addressKey(input.address) && { addressKey: addressKey(input.address) }),
    };
    const limits = {
      maxQueued: app.config.CAREFUL_PASS_MAX_QUEUED,
      maxPerAccount: app.config.CAREFUL_PASS_MAX_PER_ACCOUNT,
      maxPerAddress: app.config.CAREFUL_PASS_MAX_PER_ADDRESS,
    };
    const admission = await admit(app.database, limits, job);
    if (!admission.admitted) {
      const { note } = admission;
      app.log.info(
        { interviewId: input.interviewId, note },
        'careful pass not queued: the live transcript is assessed',
      );
      await queue.send('assess-interview', { interviewId: input.interviewId, transcriptNote: note });
      await forgetCandidateModels(input.interviewId).catch((err: unknown) =>
        app.log.warn({ err, interviewId: input.interviewId }, 'careful pass models not deleted'),
      );
      return;
    }
    await queue.send('careful-transcript', job, { priority: admission.priority });
  });
  admitting.set(
    app,
    run.catch(() => undefined),
  );
  return run;
}
