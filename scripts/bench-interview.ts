// Live interview benchmark: N concurrent candidates talk to a freshly started server through the
// real socket with the offline providers (pocketsphinx, built-in interviewer, Flite). Each one
// streams Flite-synthesized answers as real-time 100 ms mic chunks, plays the AI audio back in real
// time (mic off meanwhile, as the browser does) and measures voice-to-voice latency: from the end of
// its speech (its last voiced sample) to the start of the AI's voice (the first voiced sample of the
// reply's audio, played from the moment its first chunk arrives).
//   npm run bench:interview -- [--sessions 1,8,16] [--answers 3] [--port N]
import fs from 'node:fs';
import os from 'node:os';
import { pcmFromBase64, rms } from '../apps/server/src/interview/audio';
import { InterviewClient, type Received } from '../apps/server/test/interview/ws-client';
import { speakAll, startLocalServer } from './lib/local-server';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const sessionCounts = arg('sessions', '1,8,16').split(',').map(Number);
const answersPerSession = Number(arg('answers', '3'));
// A fixed --port keeps several people's runs on one machine apart; by default a random one.
const port = Number(arg('port', String(3900 + Math.floor(Math.random() * 90))));
const admin = { email: 'bench-admin@example.test', password: 'bench-admin-password' };

const PHRASES = [
  'I have worked as an illustrator for five years and I love drawing storyboards for animated films.',
  'Last year I designed the characters for a short film and I made every storyboard panel myself.',
  'I usually start with rough sketches on paper and then I move to the computer to add color.',
  'When I get critical feedback I take notes and I ask questions until I understand the problem.',
  'I can work about twenty hours a week, mostly in the evenings and on weekends.',
  'My favorite tools are Photoshop and Procreate, and I also use Blender for simple three dimensional scenes.',
];

const { server, api, consentingCandidate, ready, jobModelBuilt, stop, socketUrl } = startLocalServer({
  port,
  dataPrefix: 'tm-bench-iv-',
  admin,
  // One answer per question: greeting + question 1, ..., last answer → goodbye.
  env: { INTERVIEW_MAX_QUESTIONS: String(answersPerSession) },
});
// The simulated candidates run at normal priority: their synthesis and socket work competes with
// the server as a real load generator on the same machine would (no bending the figures our way).

/** CPU seconds of the server including finished children (recognizer processes), and RSS (MB). */
function processStats(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const tick = 100; // USER_HZ
  const cpu = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / tick;
  const rssMb = (Number(f[21]) * 4096) / 1024 / 1024;
  return { cpu, rssMb };
}

/** Live descendants (shell, cat, pocketsphinx) with their CPU and RSS. */
function descendants(root: number) {
  const parents = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parents.set(Number(d), Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [pid, ppid] of parents) {
      if (ppid !== p) continue;
      out.push(pid);
      walk(pid);
    }
  };
  walk(root);
  let cpu = 0;
  let rssMb = 0;
  for (const pid of out) {
    try {
      const s = processStats(pid);
      cpu += s.cpu;
      rssMb += s.rssMb;
    } catch {
      /* gone */
    }
  }
  return { cpu, rssMb, count: out.length };
}

/** The recognizer queue-wait histogram of the server's /metrics: cumulative bucket counts and sum. */
async function recognizerQueueWait(): Promise<{ buckets: Map<number, number>; sum: number; count: number }> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
  const buckets = new Map<number, number>();
  let sum = 0;
  let count = 0;
  for (const line of text.split('\n')) {
    const bucket = /^interview_recognizer_queue_wait_seconds_bucket\{le="([^"]+)"\} (\S+)$/.exec(line);
    if (bucket) buckets.set(bucket[1] === '+Inf' ? Infinity : Number(bucket[1]), Number(bucket[2]));
    if (line.startsWith('interview_recognizer_queue_wait_seconds_sum ')) sum = Number(line.split(' ')[1]);
    if (line.startsWith('interview_recognizer_queue_wait_seconds_count ')) count = Number(line.split(' ')[1]);
  }
  return { buckets, sum, count };
}

/** Segments recognized in a run, how many waited for a recognizer, the mean wait and the bucket holding p95. */
function queueWaitFigures(
  before: Awaited<ReturnType<typeof recognizerQueueWait>>,
  after: Awaited<ReturnType<typeof recognizerQueueWait>>,
) {
  const segments = after.count - before.count;
  const atMost = (le: number) => (after.buckets.get(le) ?? 0) - (before.buckets.get(le) ?? 0);
  const p95Bucket = [...after.buckets.keys()].sort((a, b) => a - b).find((le) => atMost(le) >= 0.95 * segments);
  return {
    segments,
    waited: segments - atMost(0),
    mean_ms: segments ? Math.round(((after.sum - before.sum) / segments) * 1000) : 0,
    p95_at_most_ms: p95Bucket === undefined ? null : p95Bucket === Infinity ? 'over 10 s' : p95Bucket * 1000,
  };
}

const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

function wordErrors(ref: string, hyp: string) {
  const r = ref
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const h = hyp.toLowerCase().split(/\s+/).filter(Boolean);
  const d = Array.from({ length: r.length + 1 }, (_, i) => [i, ...Array(h.length).fill(0)] as number[]);
  for (let j = 1; j <= h.length; j++) d[0]![j] = j;
  for (let i = 1; i <= r.length; i++)
    for (let j = 1; j <= h.length; j++)
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (r[i - 1] === h[j - 1] ? 0 : 1));
  return { errors: d[r.length]![h.length]!, words: r.length };
}

/** Milliseconds of near-silence at the end of a clip (20 ms frames below 1% RMS). */
function trailingSilenceMs(samples: Int16Array): number {
  const frame = 480;
  let end = samples.length;
  while (end >= frame && rms(samples, end - frame, end) <= 0.01) end -= frame;
  return ((samples.length - end) / 24000) * 1000;
}

/**
 * How long the reply's audio is silent before its voice starts, over its chunks in order (a chunk
 * plays right after the previous one, so the voice is heard this long after the first chunk arrives).
 */
async function replyLeadingSilenceMs(client: InterviewClient, from: number): Promise<number> {
  let silentSamples = 0;
  for (let i = from; ; i++) {
    const m = (await client.waitFor((x) => x.event === 'tts_chunk' || x.event === 'answer_end', 60000, i)) as Received;
    i = client.messages.indexOf(m);
    if (m.event !== 'tts_chunk') return (silentSamples / 24000) * 1000;
    const pcm = pcmFromBase64((m as { audio_b64: string }).audio_b64);
    const voiced = pcm.findIndex((v) => Math.abs(v) > 328); // -40 dBFS
    if (voiced >= 0) return ((silentSamples + voiced) / 24000) * 1000;
    silentSamples += pcm.length;
  }
}

type SessionResult = {
  clientV2V: number[];
  serverV2V: number[];
  stt: number[];
  llm: number[];
  tts: number[];
  heard: { said: string; recognized: string }[];
  ended: boolean;
  error?: string;
};

async function runSession(token: string, jobId: string, audio: Int16Array[], index: number): Promise<SessionResult> {
  const result: SessionResult = { clientV2V: [], serverV2V: [], stt: [], llm: [], tts: [], heard: [], ended: false };
  const client = await InterviewClient.connect(socketUrl(token));
  try {
    client.send({
      event: 'start',
      session_id: crypto.randomUUID(),
      interview_id: crypto.randomUUID(),
      job_id: jobId,
      candidate_id: 'bench',
      candidate_name: `Bench Candidate ${index}`,
    });
    const opening = (await client.waitFor((m) => m.event === 'answer_end' || m.event === 'error', 60000)) as Received;
    // Refused before it started (admission control): reported, not measured.
    if (opening.event === 'error') throw new Error((opening as { message?: string }).message);
    await client.playbackDone();
    for (let a = 0; a < answersPerSession; a++) {
      const n = (index + a) % PHRASES.length;
      const from = client.messages.length;
      await client.speak(audio[n]!);
      // The voice's own trailing silence is not speech: measure from the last voiced sample.
      const speechEnd = Date.now() - trailingSilenceMs(audio[n]!);
      const first = (await client.silenceUntil((m) => m.event === 'tts_chunk', 60000, from)) as Received;
      // Likewise on the AI's side: until its voice starts, not its first (possibly silent) audio.
      const lead = await replyLeadingSilenceMs(client, client.messages.indexOf(first));
      result.clientV2V.push(Math.round(first.at + lead - speechEnd));
      const final = client.messages
        .slice(from)
        .find((m) => m.event === 'transcript' && m.speaker === 'user' && m.final) as { text: string } | undefined;
      result.heard.push({ said: PHRASES[n]!, recognized: final?.text ?? '' });
      await client.waitFor((m) => m.event === 'answer_end', 60000, from);
      await client.playbackDone();
    }
    // The interviewer may go on with follow-ups; the candidate ends the interview here, which frees its
    // place at once (a closed socket would keep it for the resume grace period).
    client.send({ event: 'end', reason: 'user_ended' });
    await new Promise((r) => setTimeout(r, 300));
    result.ended = true;
  } catch (err) {
    result.error = (err as Error).message;
  } finally {
    for (const m of client.messages) {
      if (m.event !== 'metrics') continue;
      const l = m.latency;
      if (l.voice_to_voice_ms !== undefined) result.serverV2V.push(l.voice_to_voice_ms);
      if (l.stt_ms !== undefined) result.stt.push(l.stt_ms);
      if (l.llm_ms !== undefined) result.llm.push(l.llm_ms);
      if (l.tts_ms !== undefined) result.tts.push(l.tts_ms);
    }
    client.close();
  }
  return result;
}

async function newCandidate(adminToken: string) {
  const job = await api(
    '/api/admin/jobs',
    { title: 'Storyboard Artist', description: 'Rate storyboards.', position_type: 'Contract', pay_per_hour: 30 },
    adminToken,
  );
  const token = await consentingCandidate('bench', job.id);
  return { token, jobId: job.id as string };
}

/** One short session first, so engine start-up (voice workers, recognizer) is not counted per session. */
async function warmUp(adminToken: string) {
  const { token, jobId } = await newCandidate(adminToken);
  const client = await InterviewClient.connect(socketUrl(token), false);
  client.send({
    event: 'start',
    session_id: crypto.randomUUID(),
    interview_id: crypto.randomUUID(),
    job_id: jobId,
    candidate_id: 'warm',
    candidate_name: 'Warm Up',
  });
  await client.event('tts_chunk', 60000);
  client.send({ event: 'end', reason: 'user_ended' });
  await new Promise((r) => setTimeout(r, 500));
  client.close();
}

try {
  await ready(60_000);
  const audio = await speakAll(PHRASES);

  const adminToken = (await api('/api/auth/login', admin)).token as string;
  await warmUp(adminToken);
  // The warm-up's interview (or the job's save) starts the job model's build: measure with it built.
  const jobModel = await jobModelBuilt();
  const report: Record<string, unknown>[] = [];
  const recognition: { said: string; recognized: string }[] = [];
  for (const count of sessionCounts) {
    const candidates = await Promise.all(Array.from({ length: count }, () => newCandidate(adminToken)));
    await new Promise((r) => setTimeout(r, 1000));
    const load = os.loadavg()[0];
    const waitBefore = await recognizerQueueWait();
    const before = processStats(server.pid!);
    const kidsBefore = descendants(server.pid!);
    const started = Date.now();
    let peakRss = 0;
    let peakKidsRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, processStats(server.pid!).rssMb);
      peakKidsRss = Math.max(peakKidsRss, descendants(server.pid!).rssMb);
    }, 500);
    const results = await Promise.all(
      candidates.map(async (c, i) => {
        await new Promise((r) => setTimeout(r, i * 400)); // staggered starts, like real arrivals
        return runSession(c.token, c.jobId, audio, i);
      }),
    );
    clearInterval(sampler);
    const wall = (Date.now() - started) / 1000;
    const after = processStats(server.pid!);
    const kidsAfter = descendants(server.pid!);
    const waitAfter = await recognizerQueueWait();
    const cpuSeconds = after.cpu - before.cpu + Math.max(0, kidsAfter.cpu - kidsBefore.cpu);
    const all = (k: keyof SessionResult) => results.flatMap((r) => r[k] as number[]);
    const clientV2V = all('clientV2V');
    for (const r of results) recognition.push(...r.heard);
    report.push({
      sessions: count,
      completed_sessions: results.filter((r) => r.ended).length,
      refused_busy: results.filter((r) => r.error?.startsWith('All interviewers are busy')).length,
      recognizer_queue_wait: queueWaitFigures(waitBefore, waitAfter),
      errors: results.filter((r) => r.error).map((r) => r.error),
      turns_measured: clientV2V.length,
      voice_to_voice_ms: { p50: pct(clientV2V, 50), p95: pct(clientV2V, 95), max: Math.max(...clientV2V) },
      server_metrics_ms: {
        voice_to_voice_p50: pct(all('serverV2V'), 50),
        voice_to_voice_p95: pct(all('serverV2V'), 95),
        stt_p50: pct(all('stt'), 50),
        stt_p95: pct(all('stt'), 95),
        interviewer_p50: pct(all('llm'), 50),
        tts_first_audio_p50: pct(all('tts'), 50),
        tts_first_audio_p95: pct(all('tts'), 95),
      },
      cpu_percent_of_one_core_per_session: Math.round((cpuSeconds / wall / count) * 1000) / 10,
      server_rss_peak_mb: Math.round(peakRss),
      recognizer_processes_rss_peak_mb: Math.round(peakKidsRss),
      memory_mb_per_session: Math.round((peakRss + peakKidsRss - before.rssMb - kidsBefore.rssMb) / count),
      load_average_1m_before: load,
      cpus: os.cpus().length,
    });
  }

  let errors = 0;
  let words = 0;
  const phrases = PHRASES.map((said) => {
    const heard = recognition.filter((r) => r.said === said);
    for (const h of heard) {
      const e = wordErrors(said, h.recognized);
      errors += e.errors;
      words += e.words;
    }
    return { said, recognized: [...new Set(heard.map((h) => h.recognized))] };
  });
  console.log(
    JSON.stringify(
      {
        targets: {
          one_session: 'p50 <= 400 ms',
          eight_sessions: 'p95 <= 1500 ms, none failing',
          memory: '<= 60 MB per session',
        },
        job_model: jobModel,
        runs: report,
        recognition: { word_error_rate: Math.round((errors / Math.max(1, words)) * 1000) / 1000, phrases },
      },
      null,
      2,
    ),
  );
} finally {
  await stop();
}
