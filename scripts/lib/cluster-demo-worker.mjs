// The worker part of `npm run cluster:demo` (scripts/cluster-demo.mjs): six interviews through nginx at
// once, their careful passes and assessments on the worker instance, GET /api/jobs latency meanwhile,
// and reading the instances' metrics; and the demo's HTTP helpers. `ctx` is the demo's own steps and addresses.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** An HTTP request from a chosen local address (127.0.0.x), so the app sees different clients. */
export function request(method, url, { body, token, from = '127.0.0.1', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        localAddress: from,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // Not JSON (a page, metrics): the text is there.
          }
          resolve({ status: res.statusCode, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function waitFor(what, fn, timeoutMs = 60000, everyMs = 200) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await fn()) return;
    } catch {
      // Not up yet: try again.
    }
    if (Date.now() > end) throw new Error(`FAILED: timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The sum of a series' samples whose labels include every `labels` pair (0 when there is none). */
export function metricSum(text, name, labels = {}) {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{([^}]*)\})? ([-\d.e+]+|NaN)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

/** Each queue's `jobs_run_seconds_count` on an instance, as "queue n" pairs. */
export function jobsRun(text) {
  const byQueue = {};
  for (const m of text.matchAll(/^jobs_run_seconds_count\{([^}]*)\} (\d+)$/gm)) {
    const queue = /queue="([^"]+)"/.exec(m[1])?.[1];
    if (queue && Number(m[2]) > 0) byQueue[queue] = (byQueue[queue] ?? 0) + Number(m[2]);
  }
  return byQueue;
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

/** A candidate's answer spoken by Debian's Flite (slt voice, 16 kHz), as the socket's 24 kHz samples. */
function spoken(text, tmp) {
  const file = path.join(tmp, `answer-${crypto.randomBytes(4).toString('hex')}.wav`);
  execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', file]);
  const wav = fs.readFileSync(file);
  fs.rmSync(file);
  let offset = 12;
  while (wav.toString('ascii', offset, offset + 4) !== 'data') offset += 8 + wav.readUInt32LE(offset + 4);
  const rate = wav.readUInt32LE(24);
  const pcm = new Int16Array(
    wav.buffer.slice(wav.byteOffset + offset + 8, wav.byteOffset + offset + 8 + wav.readUInt32LE(offset + 4)),
  );
  // Linear interpolation to 24 kHz.
  return Int16Array.from({ length: Math.floor((pcm.length * 24000) / rate) }, (_, i) => {
    const x = (i * rate) / 24000;
    const a = pcm[Math.floor(x)] ?? 0;
    return Math.round(a + ((pcm[Math.floor(x) + 1] ?? a) - a) * (x - Math.floor(x)));
  });
}

/**
 * One candidate's interview through nginx, from its own address, as the browser does it: the start,
 * the interviewer's audio played in real time (the server ignores the microphone while its voice
 * plays), one spoken answer streamed in real-time 100 ms chunks and an open microphone until the answer
 * is final, then the end button. When the interviewer did not catch it (a recognizer too slow on a busy
 * machine: "Sorry, I didn't catch that"), the candidate says it again, as a person would (3 tries).
 * Resolves with the interview id once the server has completed it.
 */
async function spokenInterview(ctx, { token, from, jobId, speech, adminToken }) {
  const { base, nginxPort } = ctx;
  const interviewId = crypto.randomUUID();
  const ws = new WebSocket(`ws://127.0.0.1:${nginxPort}/ws/session?token=${token}`, { localAddress: from });
  const messages = [];
  /** When the interviewer's audio received so far has finished playing (client clock). */
  let playbackEnd = 0;
  /** The interviewer's turns finished (answer_end) and the index of its last message of any turn. */
  let turnsDone = 0;
  let lastAi = -1;
  let lastDone = -1;
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    messages.push(m);
    if (m.event === 'tts_chunk') {
      const ms = Buffer.from(m.audio_b64, 'base64').length / 2 / 24;
      playbackEnd = Math.max(Date.now() + 100, playbackEnd) + ms;
    }
    if (m.event === 'tts_chunk' || (m.event === 'transcript' && m.speaker !== 'user')) lastAi = messages.length - 1;
    if (m.event === 'answer_end') {
      turnsDone++;
      lastDone = messages.length - 1;
    }
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let seq = 0;
  const mic = (samples) =>
    ws.send(
      JSON.stringify({
        event: 'mic_chunk',
        seq: seq++,
        audio_b64: Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).toString('base64'),
      }),
    );
  const heard = () => messages.find((m) => m.event === 'transcript' && m.speaker === 'user' && m.final);
  const refused = () => messages.find((m) => m.event === 'error' && !m.recoverable);
  try {
    ws.send(
      JSON.stringify({ event: 'start', session_id: crypto.randomUUID(), interview_id: interviewId, job_id: jobId }),
    );
    for (let attempt = 1; !heard(); attempt++) {
      if (attempt > 3) throw new Error('FAILED: the interviewer did not hear the answer in 3 tries');
      // The interviewer's turn done and played; then the microphone is open.
      await waitFor(
        'the interviewer to finish speaking',
        () => refused() || (turnsDone > 0 && lastDone > lastAi && Date.now() >= playbackEnd + 300),
        120000,
      );
      if (refused()) throw new Error(`FAILED: the interview was refused: ${refused().message}`);
      const turnsBefore = turnsDone;
      const chunk = 2400; // 100 ms at 24 kHz
      const started = Date.now();
      // The answer, then the faint noise of an open microphone until the answer is final or the
      // interviewer answers without it.
      for (let n = 0; !heard() && turnsDone === turnsBefore; n++) {
        if (Date.now() - started > 120000) throw new Error('FAILED: timed out waiting for the answer to be heard');
        const part =
          n * chunk < speech.length
            ? speech.subarray(n * chunk, (n + 1) * chunk)
            : Int16Array.from({ length: chunk }, () => Math.round((Math.random() - 0.5) * 30));
        mic(part);
        const due = started + (n + 1) * 100 - Date.now();
        if (due > 0) await sleep(due); // the microphone's own pace: audio is real time
      }
    }
    ws.send(JSON.stringify({ event: 'end', reason: 'user_ended' }));
    let completedAt = null;
    await waitFor(
      'the interview to complete',
      async () => {
        const detail = await request('GET', `${base}/api/admin/interviews/${interviewId}`, { token: adminToken });
        completedAt = detail.json?.completed_at ?? null;
        return completedAt !== null;
      },
      60000,
    );
    return { interviewId, completedAt, answer: heard().text };
  } finally {
    ws.close();
  }
}

/** GET /api/jobs through nginx every 100 ms until stopped: the web instances' latency meanwhile. */
function jobListProbe(ctx, token) {
  const { base } = ctx;
  const latencies = [];
  const statuses = {};
  let running = true;
  let stopped = null;
  const done = (async () => {
    while (running) {
      const began = performance.now();
      const res = await request('GET', `${base}/api/jobs`, { token, from: '127.0.0.3' });
      latencies.push(performance.now() - began);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const wait = began + 100 - performance.now();
      if (wait > 0) await sleep(wait); // the probe's pace, not a wait for anything
    }
  })();
  return {
    stop: () =>
      (stopped ??= (async () => {
        running = false;
        await done;
        return { latencies, statuses };
      })()),
  };
}

const SIX_ANSWERS = [
  'I have rated product photos for two years and I check the light, the focus and the crop first.',
  'For a blurry picture I always write which part is soft so the photographer knows what to fix.',
  'Last month I labeled a thousand kitchen photos and I kept a short list of the rules I used.',
  'When two raters disagree I look at the guideline again and I explain my score in one sentence.',
  'I like portraits best, because the eyes tell you at once whether the focus is right or not.',
  'I work about twenty hours a week, mostly in the mornings, and I can start next Monday.',
];

export async function sixInterviews(ctx, { jobId, adminToken, candidateToken }) {
  const { step, ok, check, base, ports, workerPort, metricsOf, tmp } = ctx;
  step(
    `six interviews completed at once: the worker (:${workerPort}) does their heavy work, the web instances keep serving`,
  );
  // A web instance that started before the worker stood in for it until it saw the worker's heartbeat.
  for (const port of ports)
    await waitFor(
      `:${port} to leave the heavy jobs to the worker`,
      async () => /^jobs_heavy_fallback 0$/m.test(await metricsOf(port)),
      60000,
    );
  ok(`both web instances see the worker (jobs_heavy_fallback 0)`);
  const quiet = [];
  for (let i = 0; i < 40; i++) {
    const began = performance.now();
    const res = await request('GET', `${base}/api/jobs`, { token: candidateToken, from: '127.0.0.3' });
    if (res.status !== 200) throw new Error(`FAILED: GET /api/jobs answered ${res.status}`);
    quiet.push(performance.now() - began);
  }
  // Six candidates, each from an address of their own (the careful pass admits 4 per address).
  const people = await Promise.all(
    SIX_ANSWERS.map(async (text, i) => {
      const from = `127.0.0.${21 + i}`;
      const reg = await request('POST', `${base}/api/auth/register`, {
        body: { email: `six-${i}@demo.test`, password: `six-${i}-password` },
        from,
      });
      if (reg.status !== 201) throw new Error(`FAILED: register six-${i}: ${reg.status}`);
      for (const purpose of ['interview_recording', 'ai_assessment']) {
        const consent = await request('POST', `${base}/api/consents`, {
          token: reg.json.token,
          body: { purpose, job_id: jobId },
          from,
        });
        if (consent.status !== 201) throw new Error(`FAILED: consent six-${i}: ${consent.status}`);
      }
      return { token: reg.json.token, from, speech: spoken(text, tmp) };
    }),
  );
  ok('six candidates signed up and consented, each answer spoken by Flite');

  const probe = jobListProbe(ctx, candidateToken);
  let interviews;
  try {
    interviews = await Promise.all(people.map((p) => spokenInterview(ctx, { ...p, jobId, adminToken })));
    for (const [i, iv] of interviews.entries()) ok(`interview ${i + 1} completed; heard: "${iv.answer.slice(0, 60)}"`);
    // Each assessed on its careful transcript (or on the live one if the pass overran or failed). A pass not
    // started in CAREFUL_PASS_START_WITHIN_SECONDS gives a live one first; the pass then replaces it.
    const first = new Map();
    const final = new Map();
    await waitFor(
      'the six assessments',
      async () => {
        for (const [n, iv] of interviews.entries()) {
          if (final.has(iv.interviewId)) continue;
          const d = (await request('GET', `${base}/api/admin/interviews/${iv.interviewId}`, { token: adminToken }))
            .json;
          if (!d?.assessed_at) continue;
          // What the assessment was scored on (its provenance), not the interview's transcript of the moment.
          const provenance = d.provenance ?? d.assessment?.provenance ?? {};
          const careful = (provenance.recognizer ?? d.transcript_pass).startsWith('careful');
          const note = provenance.transcript_note ?? null;
          const after = (Date.parse(d.assessed_at) - Date.parse(iv.completedAt)) / 1000;
          const done = careful || /overran|failed/.test(note ?? '');
          const what = careful ? 'on its careful transcript' : `on the live transcript (${note})`;
          if (!first.has(iv.interviewId) && !done)
            ok(`interview ${n + 1} first assessed ${after.toFixed(1)} s after it completed ${what}`);
          if (!first.has(iv.interviewId)) first.set(iv.interviewId, after);
          if (done) {
            final.set(iv.interviewId, { after, careful });
            ok(`interview ${n + 1} assessed ${after.toFixed(1)} s after it completed ${what}`);
          }
        }
        return final.size === interviews.length;
      },
      900000,
      1000,
    );
    const { latencies, statuses } = await probe.stop();
    check(
      Object.keys(statuses).every((s) => s === '200'),
      `GET /api/jobs through nginx meanwhile: ${latencies.length} requests, all 200`,
    );
    return {
      first: interviews.map((iv) => first.get(iv.interviewId)),
      final: interviews.map((iv) => final.get(iv.interviewId).after),
      careful: [...final.values()].filter((f) => f.careful).length,
      quiet,
      during: latencies,
    };
  } finally {
    await probe.stop();
  }
}

/** The worker's metrics say it ran the six passes and assessments; the web instances' say they ran none. */
export async function workerDidTheWork(ctx) {
  const { check, ports, workerPort, metricsOf } = ctx;
  const workerMetrics = await metricsOf(workerPort);
  const ran = jobsRun(workerMetrics);
  console.log(
    `   --  the worker's jobs_run_seconds_count: ${Object.entries(ran)
      .map(([q, n]) => `${q} ${n}`)
      .join(
        ', ',
      )}; resident memory ${Math.round(metricSum(workerMetrics, 'process_resident_memory_bytes') / 2 ** 20)} MB`,
  );
  check(
    (ran['careful-transcript'] ?? 0) >= 6,
    `the worker ran the six careful passes (careful-transcript ${ran['careful-transcript'] ?? 0})`,
  );
  check(
    (ran['assess-interview'] ?? 0) >= 6,
    `the worker ran the six assessments (assess-interview ${ran['assess-interview'] ?? 0})`,
  );
  for (const port of ports) {
    const text = await metricsOf(port);
    const heavy = ['careful-transcript', 'build-careful-models', 'remux-recording', 'assess-interview'].filter(
      (q) => jobsRun(text)[q],
    );
    check(
      metricSum(text, 'jobs_heavy_fallback') === 0 &&
        metricSum(text, 'jobs_heavy_fallback_runs_total') === 0 &&
        heavy.length === 0,
      `web :${port}: jobs_heavy_fallback 0, jobs_heavy_fallback_runs_total 0, no heavy job run`,
    );
  }
}

/** The worker on its own port: health and metrics (with the token) only, the job timings among them. */
export async function workerServesHealthAndMetrics(ctx) {
  const { check, workerPort, metricsOf } = ctx;
  check(
    (await request('GET', `http://127.0.0.1:${workerPort}/metrics`)).status === 401,
    'the worker: the token is required',
  );
  check(
    (await request('GET', `http://127.0.0.1:${workerPort}/api/health/ready`)).status === 200 &&
      (await request('GET', `http://127.0.0.1:${workerPort}/api/jobs`)).status === 404,
    'the worker serves health and metrics only (GET /api/jobs: 404)',
  );
  const workerMetrics = await metricsOf(workerPort);
  for (const series of ['jobs_wait_seconds_bucket', 'jobs_run_seconds_bucket', 'jobs_queue_running'])
    check(workerMetrics.includes(series), `the worker: ${series}`);
}

/** The figures of the six interviews, as printed at the end of the demo. */
export function sixSummary(six) {
  const ms = (v) => `${v.toFixed(1)} ms`;
  const s = (values) =>
    `${values.map((v) => v.toFixed(1)).join(', ')} s (p50 ${percentile(values, 50).toFixed(1)} s, max ${Math.max(...values).toFixed(1)} s)`;
  const replaced = six.first.some((v, i) => v !== six.final[i]);
  return [
    `Six interviews completed at once (worker slots ${os.availableParallelism()}: one per core, the default), completion to assessment: ${s(six.first)}` +
      (replaced ? `; to the careful record that replaced a live one: ${s(six.final)}` : '') +
      `; ${six.careful}/6 on the careful transcript`,
    `GET /api/jobs through nginx: quiet p50 ${ms(percentile(six.quiet, 50))} p95 ${ms(percentile(six.quiet, 95))} (${six.quiet.length} requests);` +
      ` while the six were completed and assessed p50 ${ms(percentile(six.during, 50))} p95 ${ms(percentile(six.during, 95))} max ${ms(Math.max(...six.during))} (${six.during.length} requests)`,
  ];
}
