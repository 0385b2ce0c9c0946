import client from 'prom-client';
import { RequestDurations } from './request-durations';

/**
 * The process's Prometheus metrics (GET /metrics). One registry per process: a process is one
 * instance. The recorder functions below are what the rest of the code calls; each takes
 * milliseconds and is cheap enough for every turn or request.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const seconds = (ms: number) => Math.max(0, ms) / 1000;

export const httpDuration = new RequestDurations();
registry.registerMetric(httpDuration as unknown as client.Metric);

const voiceToVoice = new client.Histogram({
  name: 'interview_voice_to_voice_seconds',
  help: 'Live interview: end of the candidate speech to the first interviewer audio sent',
  buckets: [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 6, 10],
  registers: [registry],
});

const recognizerQueueWait = new client.Histogram({
  name: 'interview_recognizer_queue_wait_seconds',
  help: 'Live interview: time a speech segment waited for a free recognizer',
  buckets: [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
  registers: [registry],
});

/** Records one interviewer reply's voice-to-voice latency. */
export function recordVoiceToVoice(ms: number) {
  voiceToVoice.observe(seconds(ms));
}

/** Records how long one speech segment waited for a recognizer. */
export function recordRecognizerQueueWait(ms: number) {
  recognizerQueueWait.observe(seconds(ms));
}

/** Values read at scrape time from whichever app instance registered last (tests build several). */
type LedgerFigures = {
  ok: boolean;
  unbalanced_transfers: number;
  negative_balances: number;
  debits: number;
  credits: number;
};
type Sources = {
  liveSessions?: () => number;
  queueSizes?: () => Promise<QueueSizes>;
  ledgerCheck?: () => Promise<LedgerFigures>;
};
const sources: Sources = {};

/** Points the scrape-time gauges at an app; returns the function that detaches it. */
export function setMetricSources(next: Sources): () => void {
  Object.assign(sources, next);
  return () => {
    if (sources.liveSessions === next.liveSessions) delete sources.liveSessions;
    if (sources.queueSizes === next.queueSizes) delete sources.queueSizes;
    if (sources.ledgerCheck === next.ledgerCheck) delete sources.ledgerCheck;
  };
}

new client.Gauge({
  name: 'interview_live_sessions',
  help: 'Live interview sessions held by this instance (attached or within their resume grace period)',
  registers: [registry],
  collect() {
    this.set(sources.liveSessions?.() ?? 0);
  },
});

type QueueSizes = Record<string, { waiting: number; running: number }>;
let queueSizesInFlight: Promise<QueueSizes> | null = null;

/** The queue's table read once per scrape: the two gauges below collect at the same time and share it. */
function queueSizes(): Promise<QueueSizes> {
  queueSizesInFlight ??= (sources.queueSizes?.() ?? Promise.resolve({}))
    .catch(() => ({}))
    .finally(() => (queueSizesInFlight = null));
  return queueSizesInFlight;
}

new client.Gauge({
  name: 'jobs_queue_size',
  help: 'Background jobs (pg-boss) waiting or running, by queue (every instance)',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [queue, n] of Object.entries(await queueSizes())) this.set({ queue }, n.waiting + n.running);
  },
});

new client.Gauge({
  name: 'jobs_queue_running',
  help: 'Background jobs (pg-boss) running, by queue (every instance)',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [queue, n] of Object.entries(await queueSizes())) this.set({ queue }, n.running);
  },
});

const jobWait = new client.Histogram({
  name: 'jobs_wait_seconds',
  help: 'Background jobs run by this instance: time from due to started, by queue',
  labelNames: ['queue'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
  registers: [registry],
});

const jobRun = new client.Histogram({
  name: 'jobs_run_seconds',
  help: 'Background jobs run by this instance: run time by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.05, 0.25, 1, 5, 15, 30, 60, 120, 300, 600, 1200],
  registers: [registry],
});

/** Records one background job this instance ran: how long it waited, how long it ran. */
export function recordJob(queue: string, waitMs: number, runMs: number, outcome: 'done' | 'failed') {
  jobWait.observe({ queue }, seconds(waitMs));
  jobRun.observe({ queue, outcome }, seconds(runMs));
}

const carefulLiveFallbacks = new client.Counter({
  name: 'careful_pass_live_fallbacks_total',
  help: 'Interviews assessed on their live transcript instead of waiting for the careful pass, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** Counts one interview assessed on its live transcript because the careful pass was refused, late or failed. */
export function recordCarefulLiveFallback(
  reason: 'queue_full' | 'account' | 'address' | 'not_started' | 'timeout' | 'failed',
) {
  carefulLiveFallbacks.inc({ reason });
}

const heavyFallback = new client.Gauge({
  name: 'jobs_heavy_fallback',
  help: '1 while this web instance runs the heavy jobs itself because no worker instance is seen',
  registers: [registry],
});

const heavyFallbackRuns = new client.Counter({
  name: 'jobs_heavy_fallback_runs_total',
  help: 'Heavy jobs this web instance ran itself because no worker instance was seen',
  registers: [registry],
});

/** Whether this web instance is standing in for the missing workers. */
export function setHeavyFallback(on: boolean) {
  heavyFallback.set(on ? 1 : 0);
}

export function recordHeavyFallbackRun() {
  heavyFallbackRuns.inc();
}

/** The ledger's invariants at scrape time (decision 0205): 1 while debits equal credits and no payee balance is negative. */
new client.Gauge({
  name: 'ledger_check',
  help: 'Ledger check by figure: ok (1/0), unbalanced_transfers, negative_balances, debits_minus_credits_cents',
  labelNames: ['figure'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const c = await sources.ledgerCheck?.().catch(() => null);
    if (!c) return;
    this.set({ figure: 'ok' }, c.ok ? 1 : 0);
    this.set({ figure: 'unbalanced_transfers' }, c.unbalanced_transfers);
    this.set({ figure: 'negative_balances' }, c.negative_balances);
    this.set({ figure: 'debits_minus_credits_cents' }, c.debits - c.credits);
  },
});
