/**
 * After the call: everything that happens to a completed interview, in order, in one list. Each step
 * names what it needs and what it hands on; the work runs as background jobs on the job queue
 * (pg-boss), so a restart or a second instance loses none of it.
 *
 *   answer audio → careful pass → assessment → recording join → notifications
 *
 * The steps belong to their domains (the interview's jobs, the notifications); this file only puts
 * them in order, as the live interview's stages do for the call itself (interview/stages/).
 */
import type { FastifyInstance } from 'fastify';
import type { BossQueue, QueueName } from '../queue/queue';
import {
  queueCarefulPass,
  queueJoin,
  registerAssessmentJob,
  registerCarefulDeadlineJob,
  registerCarefulTranscriptJob,
  registerRemuxJob,
} from '../interview';
import { interviewReceived } from '../notifications';

/** A completed interview as the steps receive it. */
export type CompletedCall = { interviewId: string; address?: string };

export type AfterCallStep = {
  name: string;
  /** What the step reads; written for the reader, checked by the step itself. */
  needs: string;
  /** The queue it runs on, when it is a job of its own. */
  job?: QueueName;
  /** What it does when the interview completes (nothing for a step another step starts). */
  start?: (call: CompletedCall) => Promise<unknown>;
};

/**
 * Registers the steps' jobs and returns them in order. `start` runs when `interview.completed` is
 * announced; a step without `start` is started by the one before it.
 */
export function afterCallSteps(app: FastifyInstance, queue: BossQueue): AfterCallStep[] {
  const careful = registerCarefulTranscriptJob(app, queue);
  registerCarefulDeadlineJob(app, queue);
  registerAssessmentJob(app, queue);
  registerRemuxJob(app, queue);
  return [
    {
      name: 'answer audio',
      needs:
        "each kept answer's audio, stored during the call (interview/transcript/answer-audio.ts); the job and candidate language models are built from the answers while the call runs",
    },
    {
      name: 'careful pass',
      job: 'careful-transcript',
      needs:
        'the answer audio and the language models; a place in the queue (admission, decision 0224) and a start within CAREFUL_PASS_START_WITHIN_SECONDS, else the assessment goes ahead on the live text (decision 0243)',
      // Admitted: the pass runs and then queues the assessment itself, whatever its outcome (decision
      // 0172). Refused, or switched off: the assessment is queued at once on the live transcript.
      start: ({ interviewId, address }) =>
        app.config.CAREFUL_PASS
          ? queueCarefulPass(app, queue, { interviewId, address }, careful.forgetCandidateModels)
          : queue.send('assess-interview', { interviewId }),
    },
    {
      name: 'assessment',
      job: 'assess-interview',
      needs: 'the record transcript (careful, or live with the reason why) and the job rubric',
    },
    {
      name: 'recording join',
      job: 'remux-recording',
      needs: 'every recording slice: it waits RECORDING_JOIN_DELAY_SECONDS for the last ones',
      start: ({ interviewId }) => queueJoin(app, queue, interviewId),
    },
    {
      name: 'notifications',
      needs: "the candidate's address and the job title",
      start: ({ interviewId }) => interviewReceived(app, interviewId),
    },
  ];
}

/** Runs the steps that start when an interview completes, in their order. */
export async function startAfterCall(steps: AfterCallStep[], call: CompletedCall) {
  for (const step of steps) if (step.start) await step.start(call);
}
