/**
 * The careful pass on an OpenAI-compatible transcription service (decision 0172, "The service as the
 * careful engine"): with STT_BASE_URL set, each kept answer is sent in order as verbose_json with word
 * timestamps and the job's and candidate's words as the prompt; the reply's words and confidences
 * become the record. A failing or silent service leaves the live text and the interview reaches
 * review; the API key never reaches the logs.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers/build';
import { startStubServer } from '../helpers/stub-server';
import { interviews, profiles } from '../../src/db/schema';
import { decodeWav } from '../../src/interview/audio';
import { PROMPT_MAX_CHARS, serviceWords, vocabularyPrompt } from '../../src/interview/careful/service-pass';
import { completeInterview } from '../../src/interview/interviews';
import { storeAnswerAudio } from '../../src/interview/transcript/answer-audio';
import { GOOD_CONVERSATION, seedInterview } from '../assessment/fixtures';

const API_KEY = 'sk-careful-secret-4f9a2c';
const TIMEOUT_SECONDS = 5;

/** What the service does with the next requests; what it was sent. */
let mode: 'words' | 'fail' | 'hang' = 'words';
type Sent = { auth?: string; form: FormData; samples: number };
const sent: Sent[] = [];
/** The words the service hears in the n-th answer it is sent (in order), with their probabilities. */
const HEARD = [
  ['I', 'sculpt', 'in', 'ZBrush,', 'then', 'Figma.'],
  ['Hierarchy', 'first,', 'then', 'contrast.'],
  ['Houdini', 'FX', 'for', 'motion.'],
  ['I', 'told', 'her', 'kindly.'],
];

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let stub: Awaited<ReturnType<typeof startStubServer>>;
let t: TestContext;
beforeAll(async () => {
  stub = await startStubServer(async (req, body, res) => {
    if (req.url !== '/v1/audio/transcriptions') return res.writeHead(404).end();
    const form = await new Request('http://stub', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type']! },
      body,
    }).formData();
    const wav = Buffer.from(await (form.get('file') as Blob).arrayBuffer());
    sent.push({ auth: req.headers.authorization, form, samples: decodeWav(wav).samples.length });
    if (mode === 'hang') return; // never answers: the careful pass's time limit ends it
    if (mode === 'fail') return res.writeHead(500).end('upstream exploded');
    const words = HEARD[(sent.length - 1) % HEARD.length]!.map((word, i) => ({
      word: ` ${word}`,
      start: 0.5 * i,
      end: 0.5 * i + 0.4,
      probability: i === 3 ? 0.31 : 0.93,
    }));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ task: 'transcribe', text: words.map((w) => w.word).join(''), words }));
  });
  t = await buildTestApp(
    {
      CAREFUL_PASS: 'true',
      CAREFUL_PASS_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      STT_BASE_URL: `${stub.url}/v1`,
      STT_API_KEY: API_KEY,
      STT_MODEL: 'whisper-careful',
    },
    { logger: { level: 'info', stream: capture } },
  );
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

/** A completed interview with GOOD_CONVERSATION's four answers kept (answer n: n seconds of audio). */
async function completedWithKeptAnswers() {
  const { interview, candidate } = await seedInterview(t.database.db, { status: 'in_progress' });
  await t.database.db.insert(profiles).values({ userId: candidate.id, skills: ['ZBrush', 'Houdini FX'] });
  let n = 0;
  for (const [seq, [speaker]] of GOOD_CONVERSATION.entries()) {
    if (speaker !== 'user') continue;
    const pcm = new Int16Array(16000 * ++n).fill(300);
    await storeAnswerAudio(t.database.db, t.app.storage, interview, { pcm, turns: [{ seq, start_seconds: 0 }] });
  }
  sent.length = 0;
  await completeInterview(t.database.db, interview.id, candidate.id, t.app.events);
  await vi.waitFor(
    async () =>
      expect((await t.database.db.select().from(interviews).where(eq(interviews.id, interview.id)))[0]!.status).toBe(
        'under_review',
      ),
    { timeout: 120_000, interval: 200 },
  );
  const detail = (await t.get(`/api/admin/interviews/${interview.id}`, await t.adminToken())).json();
  return { detail, answers: detail.transcript.filter((turn: { speaker: string }) => turn.speaker === 'user') };
}

const liveAnswers = GOOD_CONVERSATION.filter(([speaker]) => speaker === 'user').map(([, text]) => text);

describe('the careful pass on an OpenAI-compatible service', () => {
  it("makes the service's words, times and confidences the record, answers sent in order with the vocabulary", async () => {
    mode = 'words';
    const { detail, answers } = await completedWithKeptAnswers();
    expect(detail.transcript_pass).toBe('careful');
    expect(answers.map((a: { text: string }) => a.text)).toEqual([
      'I sculpt in ZBrush then Figma',
      'Hierarchy first then contrast',
      'Houdini FX for motion',
      'I told her kindly',
    ]);
    expect(answers.map((a: { live_text: string }) => a.live_text)).toEqual(liveAnswers);
    expect(answers[0].words.slice(2, 4)).toEqual([
      { text: 'in', confidence: 0.93, start_seconds: 1, end_seconds: 1.4 },
      { text: 'ZBrush', confidence: 0.31, start_seconds: 1.5, end_seconds: 1.9 },
    ]);
    expect(detail.assessment).not.toBeNull();

    // One request per answer, in the answers' order, as the issue asks.
    expect(sent.map((s) => s.samples)).toEqual([16000, 32000, 48000, 64000]);
    for (const { auth, form } of sent) {
      expect(auth).toBe(`Bearer ${API_KEY}`);
      expect(form.get('model')).toBe('whisper-careful');
      expect(form.get('response_format')).toBe('verbose_json');
      expect(form.getAll('timestamp_granularities[]')).toContain('word');
      // The job's and the candidate's own words, so the service spells them their way.
      const prompt = String(form.get('prompt'));
      for (const term of ['UI Design Rater', 'Figma', 'Motion design', 'ZBrush', 'Houdini FX']) {
        expect(prompt).toContain(term);
      }
    }
  });

  it.each(['fail', 'hang'] as const)(
    'a service that %s leaves the live text, logs why without the key, and the interview reaches review',
    async (how) => {
      mode = how;
      lines.length = 0;
      const { detail, answers } = await completedWithKeptAnswers();
      expect(sent.length).toBeGreaterThan(0);
      expect(detail.transcript_pass).toBe('live');
      expect(answers.map((a: { text: string }) => a.text)).toEqual(liveAnswers);
      expect(answers.every((a: { live_text?: string }) => a.live_text === undefined)).toBe(true);
      expect(detail.assessment).not.toBeNull();
      // The record says why the live text was assessed (decision 0224).
      expect(detail.provenance.transcript_note).toMatch(
        how === 'fail' ? /careful pass failed/ : /overran its time limit of 5 s/,
      );
      const failure = lines.find((l) => l.includes('careful pass failed'));
      expect(failure).toMatch(how === 'fail' ? /HTTP 500/ : /overran its time limit/);
      expect(lines.join('\n')).not.toContain(API_KEY);
    },
    60_000,
  );

  it('never logs the API key over all of the above', () => {
    expect(lines.join('\n')).not.toContain(API_KEY);
  });
});

describe("the service's words", () => {
  const reply = (words: object[], segments?: object[]) => ({ text: '', words, ...(segments ? { segments } : {}) });

  it("take the word's own probability, else exp(avg_logprob) of its segment, else 1", () => {
    const words = [
      { word: ' Sure.', start: 0, end: 0.4, probability: 1.02 },
      { word: ' Photoshop,', start: 0.5, end: 1, confidence: 0.4 },
      { word: ' "C++"', start: 2.1, end: 2.5 },
      { word: ' ', start: 2.6, end: 2.7 },
      { word: 'daily', start: 3.2, end: 3.1 },
    ];
    const segments = [
      { start: 0, end: 2, avg_logprob: -0.05 },
      { start: 2, end: 3, avg_logprob: -2 },
      { start: 3, end: 4 },
    ];
    expect(serviceWords(reply(words, segments))).toEqual([
      { text: 'Sure', confidence: 1, start_seconds: 0, end_seconds: 0.4 },
      { text: 'Photoshop', confidence: 0.4, start_seconds: 0.5, end_seconds: 1 },
      { text: 'C++', confidence: Math.exp(-2), start_seconds: 2.1, end_seconds: 2.5 },
      { text: 'daily', confidence: 1, start_seconds: 3.2, end_seconds: 3.2 },
    ]);
    expect(serviceWords(reply([{ word: 'kiln', start: 0, end: 1 }]))[0]!.confidence).toBe(1);
    expect(() => serviceWords({ text: 'no words' })).toThrow(/no words/);
  });

  it('are prompted with the job and candidate vocabulary, whole items, bounded', () => {
    const job = {
      title: 'Technical Artist',
      description: 'Long text that is not in the prompt.',
      skills: [{ name: 'Substance 3D Painter' }, { name: 'substance 3d painter' }],
      customQuestions: [],
      candidateTools: ['ZBrush', ...Array.from({ length: 200 }, (_, i) => `Tool number ${i}`)],
    };
    const prompt = vocabularyPrompt(job);
    expect(prompt.startsWith('Technical Artist, Substance 3D Painter, ZBrush, Tool number 0,')).toBe(true);
    expect(prompt.length).toBeLessThanOrEqual(PROMPT_MAX_CHARS);
    expect(prompt).not.toContain('Long text');
    expect(prompt).toMatch(/Tool number \d+\.$/);
    expect(vocabularyPrompt(null)).toBe('');
  });
});
