/** The queues of the app's background work (queue.ts runs them). */
/**
 * Every background queue, with its retry policy (pg-boss stores these as the queue's defaults) and
 * where it runs (decision 0243): `heavy` jobs use the CPU for long and share the worker's slots;
 * `worker` jobs (assessment, e-mail, retention: mostly waiting on a model, SMTP or storage) run beside
 * them on a worker, as many at once per queue as it has slots, so a long pass never holds up a
 * finished interview's assessment; `web` jobs are light and run on the instances that serve
 * requests. ROLE=all runs all three.
 */
/** E-mail delivery: an unreachable SMTP server is retried with backoff for about half an hour. */
const EMAIL_DELIVERY = { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 };
/** A scheduled sweep: a failed run is not retried, the next one comes soon. */
const SWEEP = { retryLimit: 0, expireInSeconds: 300 };

export const QUEUES = {
  /** Scores a completed interview against the rubric; a model outage retries, then falls back. */
  assessInterview: {
    name: 'assess-interview',
    runs: 'worker',
    options: { retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 600 },
  },
  /**
   * Transcribes a completed interview's kept answers again, then queues its assessment (decision
   * 0172). Never fails on its own account (the live text stands); one retry after a crash.
   */
  carefulTranscript: {
    name: 'careful-transcript',
    runs: 'heavy',
    options: { retryLimit: 1, retryDelay: 30, expireInSeconds: 1800 },
  },
  /** Builds the careful pass's job + candidate language models while the interview runs (decision 0216). */
  buildCarefulModels: {
    name: 'build-careful-models',
    // Beside the slots, not in them: a build (30-110 s, at low CPU priority) that took the only slot
    // would hold up the passes it exists to speed up; a pass builds what is missing itself.
    runs: 'worker',
    options: { retryLimit: 0, expireInSeconds: 900 },
  },
  /** A careful pass not started in CAREFUL_PASS_START_WITHIN_SECONDS: assess the live transcript. */
  carefulPassDeadline: {
    name: 'careful-pass-deadline',
    runs: 'web',
    options: { retryLimit: 3, retryDelay: 10, expireInSeconds: 120 },
  },
  /** Delivers one e-mail. */
  sendEmail: {
    name: 'send-email',
    runs: 'worker',
    options: EMAIL_DELIVERY,
  },
  /**
   * Joins an ended interview's recording into one seekable file (decision 0168). Only storage or
   * database trouble is retried; the time limit (REMUX_TIME_LIMIT_MS) stays inside the expiry.
   */
  remuxRecording: {
    name: 'remux-recording',
    runs: 'heavy',
    options: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800 },
  },
  /** Deletes interview recordings older than RECORDING_RETENTION_DAYS; scheduled daily. */
  purgeRecordings: {
    name: 'purge-recordings',
    runs: 'worker',
    options: { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 },
  },
  /** Ends interviews in progress nobody has held for INTERVIEW_ABANDON_MINUTES; every minute (decision 0225). */
  endAbandonedInterviews: {
    name: 'end-abandoned-interviews',
    runs: 'web',
    options: SWEEP,
  },
  /**
   * One invitation or reminder e-mail of a campaign (issue 47), rendered when it is sent (its links
   * are derived from the invitation's id, so the job holds no secret).
   */
  campaignEmail: {
    name: 'campaign-email',
    runs: 'worker',
    options: EMAIL_DELIVERY,
  },
  /** Finds the campaign reminders that are due and the invitations past their deadline; every 5 minutes. */
  campaignSweep: {
    name: 'campaign-sweep',
    runs: 'web',
    options: SWEEP,
  },
  /**
   * One attempt of a webhook delivery (issue 47). Retries are the delivery's own (a new job with
   * `startAfter`, exponential for a day: integrations/deliveries.ts), so pg-boss retries none.
   */
  deliverWebhook: {
    name: 'deliver-webhook',
    runs: 'worker',
    options: { retryLimit: 0, expireInSeconds: 120 },
  },
} as const satisfies Record<string, { name: string; runs: 'heavy' | 'worker' | 'web'; options: object }>;
