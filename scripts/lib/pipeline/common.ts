// What the parts of bench:pipeline share (scripts/bench-pipeline.ts): figures, the local PostgreSQL, the job
// queue's table, metrics, process CPU, and one candidate's interview over the real socket.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { InterviewClient } from '../../../apps/server/test/interview/ws-client';
import type { startLocalServer } from '../local-server';

/** The run's settings (flags of bench-pipeline.ts). */
export type PipelineOptions = {
  interviewCount: number;
  answersEach: number;
  baselineTurns: number;
  capMinutes: number;
  throughputPasses: number;
  stubDelayMs: number;
  basePort: number;
  /** INTERVIEW_MAX_LIVE of the instances that hold the interviews. */
  maxLive: number;
};

export const BASE_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const admin = { email: 'pipeline-admin@example.test', password: 'pipeline-admin-password' };

export const log = (msg: string) => console.error(`[bench:pipeline ${new Date().toISOString().slice(11, 19)}] ${msg}`);
export const round = (x: number, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits;
export const pct = (values: number[], p: number) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
export const summary = (values: number[], digits = 0) => ({
  n: values.length,
  p50: values.length ? round(pct(values, 50)!, digits) : null,
  p95: values.length ? round(pct(values, 95)!, digits) : null,
  max: values.length ? round(Math.max(...values), digits) : null,
});
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The 1-minute load average every 5 s, so each phase can say how busy the machine was. */
const loadSamples: { at: number; load1: number }[] = [];
const loadTimer = setInterval(() => loadSamples.push({ at: Date.now(), load1: os.loadavg()[0]! }), 5000);
loadTimer.unref();
export const loadBetween = (from: number, to: number) => {
  const xs = loadSamples.filter((s) => s.at >= from && s.at <= to).map((s) => s.load1);
  return xs.length ? { min: round(Math.min(...xs), 2), max: round(Math.max(...xs), 2) } : null;
};

/** CPU seconds of a process and of its children that have ended (pocketsphinx, sphinxtrain, model builds). */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime in clock ticks (USER_HZ, 100 on Linux).
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}

/** A new database on the local PostgreSQL, dropped by `drop`. */
export async function createDatabase(tag: string) {
  const name = `tm_pipeline_${tag}_${crypto.randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: BASE_DATABASE_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, values)).rows as T[];
  } finally {
    await c.end();
  }
}

/** When each interview's careful pass was queued and started, from the job queue's own table. */
export async function carefulJobs(url: string) {
  const rows = await query<{ interview_id: string; created_on: Date; started_on: Date | null; state: string }>(
    url,
    `SELECT data->>'interviewId' AS interview_id, created_on, started_on, state
       FROM pgboss.job WHERE name = 'careful-transcript' ORDER BY created_on`,
  );
  const first = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!first.has(r.interview_id)) first.set(r.interview_id, r);
  return first;
}

/** Prometheus lines of a few families, as { 'name{labels}': value }. */
export async function scrape(base: string, families: string[]) {
  const text = await fetch(`${base}/metrics`)
    .then((r) => r.text())
    .catch(() => '');
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const [key, value] = line.split(/ (?=[^ ]+$)/);
    if (key && families.some((f) => key === f || key.startsWith(`${f}{`))) out[key] = Number(value);
  }
  return out;
}

export type Server = ReturnType<typeof startLocalServer>;
export type Turn = { at: number; ms: number };

/**
 * One candidate's interview over the real socket from `address` (X-Forwarded-For; the server trusts it):
 * answers in turn until `keepGoing()` says stop, `maxAnswers` are given or the interviewer closes; then the end
 * button, and it waits until the server has completed the interview.
 */
export async function interview(
  server: Server,
  opts: {
    token: string;
    adminToken: string;
    jobId: string;
    address: string;
    audio: Int16Array[];
    first: number;
    maxAnswers: number;
    keepGoing: () => boolean;
    onTurn?: (turn: Turn, answer: number) => void;
  },
) {
  const interviewId = crypto.randomUUID();
  const client = new InterviewClient(
    new WebSocket(server.socketUrl(opts.token), { headers: { 'x-forwarded-for': opts.address } }),
  );
  await client.opened;
  let answers = 0;
  let status = 'in_progress';
  try {
    client.send({
      event: 'start',
      session_id: crypto.randomUUID(),
      interview_id: interviewId,
      job_id: opts.jobId,
      candidate_id: 'bench',
      candidate_name: 'Bench Candidate',
    });
    const opening = await client.waitFor((m) => m.event === 'answer_end' || m.event === 'error', 120_000);
    if (opening.event === 'error') throw new Error(`interview refused: ${JSON.stringify(opening)}`);
    await client.playbackDone();
    while (answers < opts.maxAnswers && opts.keepGoing()) {
      if (client.messages.some((m) => m.event === 'conversation_ended')) break;
      const from = client.messages.length;
      await client.speak(opts.audio[(opts.first + answers) % opts.audio.length]!);
      answers++;
      await client.waitFor((m) => m.event === 'answer_end' || m.event === 'conversation_ended', 180_000, from);
      await client.playbackDone();
      for (const m of client.messages.slice(from))
        if (m.event === 'metrics' && m.latency.voice_to_voice_ms !== undefined)
          opts.onTurn?.({ at: m.at, ms: m.latency.voice_to_voice_ms }, answers);
    }
    if (!client.messages.some((m) => m.event === 'conversation_ended'))
      client.send({ event: 'end', reason: 'user_ended' });
    // The server completes the interview once the pending answer and its audio are stored.
    for (const until = Date.now() + 60_000; Date.now() < until; await pause(250)) {
      status = ((await server.api(`/api/admin/interviews/${interviewId}`, undefined, opts.adminToken)) as Detail)
        .status;
      if (status !== 'in_progress') break;
    }
  } finally {
    client.close();
  }
  // What the socket said, for an interview that did not complete: event counts and any error or notice.
  const events = countBy(client.messages.map((m) => m.event));
  const said = client.messages
    .filter((m) => m.event === 'error' || m.event === 'notice')
    .map((m) => JSON.stringify(m).slice(0, 200));
  return {
    interviewId,
    answers,
    endedAt: Date.now(),
    status,
    closedByInterviewer: client.messages.some((m) => m.event === 'conversation_ended'),
    events,
    said,
  };
}

export type Detail = {
  status: string;
  completed_at: string | null;
  assessed_at: string | null;
  transcript_pass: 'live' | 'careful';
  provenance: { transcript_note?: string } | null;
};

/** Why an interview was assessed on its live transcript, from its provenance note (decision 0224, 0243). */
export function liveReason(note: string | undefined) {
  if (!note) return 'none given';
  for (const [key, reason] of [
    ['CAREFUL_PASS_MAX_QUEUED', 'queue_full'],
    ['CAREFUL_PASS_MAX_PER_ACCOUNT', 'account'],
    ['CAREFUL_PASS_MAX_PER_ADDRESS', 'address'],
    ['CAREFUL_PASS_START_WITHIN_SECONDS', 'not_started'],
    ['CAREFUL_PASS_TIMEOUT_SECONDS', 'timeout'],
  ] as const)
    if (note.includes(key)) return reason;
  return /failed/.test(note) ? 'failed' : 'other';
}

export const countBy = (xs: string[]) =>
  xs.reduce<Record<string, number>>((o, x) => ({ ...o, [x]: (o[x] ?? 0) + 1 }), {});

/** The job recognition model folders present once the job is saved: what a throughput round starts from. */
export const recognitionEntries = (dataDir: string) => {
  const folder = path.join(dataDir, 'recognition');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};
export function resetRecognition(dataDir: string, keep: string[]) {
  for (const entry of recognitionEntries(dataDir))
    if (!keep.includes(entry)) fs.rmSync(path.join(dataDir, 'recognition', entry), { recursive: true, force: true });
}

export type Kept = {
  databaseUrl: string;
  dataDir: string;
  interviewIds: string[];
  jobModels: string[];
  drop: () => Promise<void>;
};

/** Stops sampling the load average (at the end of the run). */
export const stopLoadSampler = () => clearInterval(loadTimer);
