/**
 * The careful pass (decision 0172): the answer audio kept during a live interview, transcribed again
 * after it completes, becomes the record before the assessment; without kept audio, or when the pass
 * fails, the live text stands and the interview still reaches review. The kept audio is served to
 * nobody and goes with a retake and with the account.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { recognitionToolsInstalled } from '../helpers/recognition-tools';
import { insertJob } from '../helpers/work-fixtures';
import { answerAudio, files, interviews, profiles } from '../../src/db/schema';
import { appendTurn } from '../../src/interview/store';
import { decodeWav, resample } from '../../src/interview/audio';
import { FliteTts } from '../../src/interview/providers/tts/flite';
import { adaptableModel } from '../../src/interview/careful/acoustic-model';
import {
  ADAPTATION_ROUNDS,
  transcribeCarefully,
  UNCLEAR_SPEECH_ROUNDS,
} from '../../src/interview/careful/careful-pass';
import { CLEAR_SPEECH_JOB_WEIGHT, JobModels, jobModelKey } from '../../src/interview/recognition/job-model';
import { completeInterview, createInterview } from '../../src/interview/interviews';
import { ANSWER_AUDIO_PURPOSE, loadAnswerAudio, storeAnswerAudio } from '../../src/interview/transcript/answer-audio';
import { recognitionTextFor } from '../../src/interview/transcript/careful-transcript';
import { saveFile } from '../../src/storage';
import { startLiveInterview } from './live-start';
import { GOOD_CONVERSATION, seedInterview } from '../assessment/fixtures';

const tools = recognitionToolsInstalled && fs.existsSync('/usr/lib/sphinxtrain/bw');

const JOB = {
  title: 'Stained Glass Conservator',
  description:
    'Restore church windows: lead came, soldering, vitreous paint and silver stain fired in the kiln. ' +
    'You write condition reports for every panel.',
  skills: [
    { name: 'Glass painting', description: 'Vitreous paint and silver stain, test tiles before firing.' },
    { name: 'Leading', description: 'Replacing lead came and soldering the joints.' },
  ],
  customQuestions: ['Tell me about a window you restored.'],
};
const ANSWERS = [
  'I mix my own vitreous paint and fire test tiles in the kiln before I touch the window.',
  'At the cathedral I replaced the lead came on twelve panels and wrote a condition report for each one.',
];

const tts = new FliteTts({ workers: 1, voice: 'slt' });
let t: TestContext;
let ws: string;
beforeAll(async () => {
  ({ t, ws } = await buildSocketTestApp({ CAREFUL_PASS: 'true' }));
});
afterAll(async () => {
  tts.close();
  await t.close();
});

const statusOf = async (id: string) => (await t.database.db.select().from(interviews).where(eq(interviews.id, id)))[0]!;
const reviewed = (id: string) =>
  vi.waitFor(async () => expect((await statusOf(id)).status).toBe('under_review'), { timeout: 400_000, interval: 500 });
const keptFiles = (userId: string) =>
  t.database.db
    .select()
    .from(files)
    .where(eq(files.ownerId, userId))
    .then((rows) => rows.filter((f) => f.purpose === ANSWER_AUDIO_PURPOSE));
const speech = async (text: string) => tts.synthesize(text, new AbortController().signal);

describe.skipIf(!tools)('the careful pass', () => {
  it('keeps each answer, makes its careful text the record, identical on every run, and private', async () => {
    const { token, user } = await t.signUp();
    const other = await t.signUp();
    const job = await insertJob(t.database.db, { ...JOB, positionType: 'Contract' });
    const announced = vi.fn();
    const stopListening = t.app.events.on('interview.answer_kept', announced);
    const { client, interviewId } = await startLiveInterview(t.app, ws, token, job.id);
    let from = 0;
    for (const answer of ANSWERS) {
      // The interviewer asks; once its voice has played, the candidate answers.
      const asked = await client.silenceUntil(
        (m) => m.event === 'transcript' && m.speaker === 'ai' && m.final,
        60_000,
        from,
      );
      await client.playbackDone();
      from = client.messages.indexOf(asked) + 1;
      await client.speak(await speech(answer), 1500);
    }
    await client.silenceUntil((m) => m.event === 'transcript' && m.speaker === 'ai' && m.final, 60_000, from);
    client.send({ event: 'end', reason: 'user_ended' });
    await reviewed(interviewId);
    client.close();
    // Each kept answer is announced, which starts the careful model's build during the interview.
    stopListening();
    expect(announced).toHaveBeenCalledWith({ interviewId });

    const admin = await t.adminToken();
    const detail = (await t.get(`/api/admin/interviews/${interviewId}`, admin)).json();
    expect(detail.transcript_pass).toBe('careful');
    const answers = detail.transcript.filter((turn: { speaker: string }) => turn.speaker === 'user');
    expect(answers.length).toBeGreaterThanOrEqual(2);
    for (const turn of answers) {
      expect(turn.words.map((w: { text: string }) => w.text).join(' ')).toBe(turn.text);
      for (const w of turn.words) {
        expect(w.confidence).toBeGreaterThanOrEqual(0);
        expect(w.confidence).toBeLessThanOrEqual(1);
        expect(w.end_seconds).toBeGreaterThanOrEqual(w.start_seconds);
      }
      if (turn.live_text !== undefined) expect(turn.live_text).not.toBe(turn.text);
    }
    expect(
      answers
        .map((a: { text: string }) => a.text)
        .join(' ')
        .toLowerCase(),
    ).toContain('kiln');

    // The same kept audio gives the same words in fresh processes, run after run.
    const kept = await loadAnswerAudio(t.database.db, t.app.storage, interviewId);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    const recognition = path.join(t.config.dataDir, 'recognition');
    const text = (await recognitionTextFor(t.database.db, interviewId))!;
    const model = await new JobModels(recognition).ensure(text);
    const clearSpeechModels = new JobModels(recognition, { jobWeight: CLEAR_SPEECH_JOB_WEIGHT });
    const adaptDir = await adaptableModel(path.join(recognition, 'adapt-am'));
    const runs = [];
    for (const n of [1, 2]) {
      const workDir = fs.mkdtempSync(path.join(t.config.dataDir, `careful-run-${n}-`));
      runs.push(
        JSON.stringify(
          await transcribeCarefully(
            kept.map((a) => a.pcm),
            model!,
            { workDir, adaptDir, clearSpeechModel: () => clearSpeechModels.ensure(text) },
          ),
        ),
      );
    }
    expect(runs[1]).toBe(runs[0]);
    const stored = JSON.parse(runs[0]!) as { text: string }[][];
    expect(
      stored
        .flat()
        .map((w) => w.text)
        .join(' '),
    ).toBe(answers.map((a: { text: string }) => a.text).join(' '));

    // Served to nobody: not to another candidate, not even to its owner through the files route.
    const audio = await keptFiles(user.id);
    expect(audio.length).toBe(kept.length);
    expect((await t.get(`/api/files/${audio[0]!.id}`, other.token)).statusCode).toBe(404);
    expect((await t.get(`/api/files/${audio[0]!.id}`, token)).statusCode).toBe(404);

    // A retake deletes it, rows and bytes.
    const retake = await t.post(`/api/admin/interviews/${interviewId}/retake`, admin, { reason: 'Bad microphone' });
    expect(retake.statusCode).toBeLessThan(300);
    expect(await keptFiles(user.id)).toEqual([]);
    // The bytes go once the retake is committed (a listener, decision 0167).
    await vi.waitFor(() => expect(t.app.storage.get(audio[0]!.storageKey)).rejects.toMatchObject({ statusCode: 404 }), {
      timeout: 30_000,
    });
    expect((await statusOf(interviewId)).transcriptPass).toBe('live');
  }, 600_000);

  it('records clear speech with the clear-speech model, and unclear speech with the job mix only', async () => {
    const recognition = path.join(t.config.dataDir, 'recognition');
    const model = await new JobModels(recognition).ensure(JOB);
    const clearSpeechModels = new JobModels(recognition, { jobWeight: CLEAR_SPEECH_JOB_WEIGHT });
    const adaptDir = await adaptableModel(path.join(recognition, 'adapt-am'));
    const spoken = await Promise.all(ANSWERS.map(async (a) => resample(await speech(a), 24000, 16000)));
    const hear = async (pcm: Int16Array[], name: string) => {
      const asked = vi.fn(() => clearSpeechModels.ensure(JOB));
      const workDir = fs.mkdtempSync(path.join(t.config.dataDir, `careful-${name}-`));
      const words = await transcribeCarefully(pcm, model!, { workDir, adaptDir, clearSpeechModel: asked });
      const transforms = fs.readdirSync(workDir).filter((f) => f.startsWith('mllr_matrix'));
      return {
        asked,
        transforms: transforms.length,
        text: words
          .flat()
          .map((w) => w.text)
          .join(' '),
      };
    };
    const clear = await hear(spoken, 'clear');
    expect(clear.asked).toHaveBeenCalledTimes(1);
    expect(clear.text).toMatch(/kiln/);
    expect(clear.text).toMatch(/cathedral/);
    expect(clear.transforms).toBe(ADAPTATION_ROUNDS);
    // Reversed speech (unintelligible): the first speaker transform changes much of what was heard, so
    // the job's text stays in the mix.
    const unclear = await hear(
      spoken.map((pcm) => pcm.slice().reverse()),
      'unclear',
    );
    expect(unclear.asked).not.toHaveBeenCalled();
    // ... and it gets a third speaker-transform round (decision 0218).
    expect(unclear.transforms).toBe(UNCLEAR_SPEECH_ROUNDS);
  }, 600_000);
});

describe('without the careful pass', () => {
  /** A completed interview with one typed-in candidate turn; `keep` stores answer audio for it first. */
  async function completed(keep?: (interviewId: string, candidateId: string) => Promise<void>) {
    const { user } = await t.signUp();
    const job = await insertJob(t.database.db, { ...JOB, positionType: 'Contract' });
    const interview = await createInterview(t.database.db, {
      jobId: job.id,
      candidateId: user.id,
      status: 'in_progress',
      startedAt: new Date(),
    });
    const now = new Date();
    const live = 'I fire test tiles in the kiln before every window.';
    await appendTurn(t.database.db, interview.id, {
      seq: 0,
      speaker: 'ai',
      text: 'Tell me.',
      startedAt: now,
      endedAt: now,
      offsetSeconds: 0,
    });
    await appendTurn(t.database.db, interview.id, {
      seq: 1,
      speaker: 'user',
      text: live,
      startedAt: now,
      endedAt: now,
      offsetSeconds: 2,
    });
    await keep?.(interview.id, user.id);
    await completeInterview(t.database.db, interview.id, user.id, t.app.events);
    await reviewed(interview.id);
    const detail = (await t.get(`/api/admin/interviews/${interview.id}`, await t.adminToken())).json();
    return { detail, live, userId: user.id };
  }

  it('an interview without kept audio stays live and is assessed', async () => {
    const { detail, live } = await completed();
    expect(detail.transcript_pass).toBe('live');
    expect(detail.transcript[1]).toMatchObject({ text: live });
    expect(detail.transcript[1].live_text).toBeUndefined();
    expect(detail.assessment).not.toBeNull();
  }, 120_000);

  it('a careful pass that fails leaves the live text and the interview still reaches review', async () => {
    const { detail, live } = await completed(async (interviewId, candidateId) => {
      // Kept audio the recognizer cannot read: the pass fails on it.
      const file = await saveFile(t.database.db, t.app.storage, {
        ownerId: candidateId,
        purpose: ANSWER_AUDIO_PURPOSE,
        contentType: 'audio/wav',
        body: [Buffer.from('not a wave file')],
        maxBytes: 1024,
      });
      await t.database.db
        .insert(answerAudio)
        .values({ interviewId, seq: 0, fileId: file.id, durationMs: 1000, turns: [{ seq: 1, start_seconds: 0 }] });
    });
    expect(detail.transcript_pass).toBe('live');
    expect(detail.transcript[1]).toMatchObject({ text: live });
    expect(detail.assessment).not.toBeNull();
  }, 120_000);

  it('the kept audio goes with the account', async () => {
    const { token, user } = await t.signUp(undefined, 'secret123');
    const job = await insertJob(t.database.db, { ...JOB, positionType: 'Contract' });
    const interview = await createInterview(t.database.db, {
      jobId: job.id,
      candidateId: user.id,
      status: 'in_progress',
    });
    const pcm = resample(await speech('I restore windows.'), 24000, 16000);
    await storeAnswerAudio(
      t.database.db,
      t.app.storage,
      { id: interview.id, candidateId: user.id },
      {
        pcm,
        turns: [{ seq: 1, start_seconds: 0 }],
      },
    );
    const [audio] = await keptFiles(user.id);
    expect(audio).toBeDefined();
    expect((await t.delete('/api/account', token, { password: 'secret123' })).statusCode).toBeLessThan(300);
    expect(await t.database.db.select().from(files).where(eq(files.id, audio!.id))).toEqual([]);
    await expect(t.app.storage.get(audio!.storageKey)).rejects.toMatchObject({ statusCode: 404 });
  }, 60_000);
});

describe.skipIf(!tools)('the careful record judged (decision 0173)', () => {
  /** Flite's own 16 kHz speech, as a microphone gives it (no 24 kHz round trip). */
  const said = (text: string) => {
    const wav = path.join(t.config.dataDir, 'said.wav');
    execFileSync('flite', ['-voice', 'rms', '-t', text, '-o', wav]);
    return decodeWav(fs.readFileSync(wav)).samples;
  };

  /** A completed interview whose kept answers are GOOD_CONVERSATION's, spoken (reversed or not). */
  async function spokenInterview(jobId: string | undefined, reversed: boolean) {
    const { interview, candidate, job } = await seedInterview(t.database.db, { status: 'in_progress', jobId });
    for (const [seq, [speaker, text]] of GOOD_CONVERSATION.entries()) {
      if (speaker !== 'user') continue;
      const pcm = said(text);
      if (reversed) pcm.reverse();
      await storeAnswerAudio(t.database.db, t.app.storage, interview, { pcm, turns: [{ seq, start_seconds: 0 }] });
    }
    await completeInterview(t.database.db, interview.id, candidate.id, t.app.events);
    await reviewed(interview.id);
    return { job, detail: (await t.get(`/api/admin/interviews/${interview.id}`, await t.adminToken())).json() };
  }

  it('builds the careful models while the interview runs, and deletes them, with the candidate’s words, after the pass', async () => {
    const { interview, candidate } = await seedInterview(t.database.db, {
      status: 'in_progress',
      skills: [{ name: 'Kiln firing', description: 'Glaze firings in a gas kiln' }],
    });
    await t.database.db.insert(profiles).values({ userId: candidate.id, skills: ['Shimpo wheel', 'Raku'] });
    const text = (await recognitionTextFor(t.database.db, interview.id))!;
    expect(text.candidateTools).toContain('Raku');
    const folder = (weight?: number) => path.join(t.config.dataDir, 'recognition', jobModelKey(text, weight));
    const built = [folder(), folder(CLEAR_SPEECH_JOB_WEIGHT)];
    expect(built.filter((f) => fs.existsSync(f))).toEqual([]);
    t.app.events.emit('interview.answer_kept', { interviewId: interview.id });
    await vi.waitFor(
      () => expect(built.filter((f) => fs.existsSync(path.join(f, 'respellings.json')))).toEqual(built),
      {
        timeout: 300_000,
        interval: 500,
      },
    );
    // Without kept audio the pass leaves the live text, and the models go all the same.
    await completeInterview(t.database.db, interview.id, candidate.id, t.app.events);
    await reviewed(interview.id);
    expect(built.filter((f) => fs.existsSync(f))).toEqual([]);
  }, 600_000);

  it('scores clear speech and answers insufficient_audio for unintelligible (reversed) speech', async () => {
    const clear = await spokenInterview(undefined, false);
    expect(clear.detail.transcript_pass).toBe('careful');
    expect(clear.detail.assessment).toMatchObject({ status: 'scored' });
    expect(clear.detail.assessment.overall_score).toBeGreaterThan(0);

    const reversed = await spokenInterview(clear.job.id, true);
    expect(reversed.detail.transcript_pass).toBe('careful');
    expect(reversed.detail.assessment).toMatchObject({
      status: 'insufficient_audio',
      criteria: [],
      overall_score: null,
      recommendation: null,
    });
    expect(reversed.detail.assessment.summary).toMatch(/heard surely/);
    expect(reversed.detail.status).toBe('under_review');
  }, 900_000);
});
