// Grounded follow-ups on the live pass (issue 33 item 5, decision 0178). Every answer of a set in
// scripts/bench-hearing/careful-sets.ts is spoken by Flite at the socket's 24 kHz, taken down to 16 kHz by
// the app's resampler and heard by the live recognizer with the job's model, as a live interview hears it;
// then the conductor answers it as an answer to a planned question and the built-in interviewer phrases
// the move. Prints how many answers got a reply naming something the candidate really said, how many
// named a word that was not said (misheard), and each reply.
//   node --import tsx scripts/follow-ups-live.ts              the calibration set (rules tuned here)
//   node --import tsx scripts/follow-ups-live.ts --held-out   the held-out set (only measured)
// FOLLOW_UPS_MODEL_DIR keeps the job models between runs. FOLLOW_UPS_LIVE_MODEL=candidate hears with the
// job + candidate model (the careful pass's, built while the interview runs) instead of the job's alone:
// what the live pass would gain by switching to it once it is built.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Resampler, SOCKET_RATE, STT_RATE } from '../apps/server/src/interview/audio';
import { buildPlan, Conductor } from '../apps/server/src/interview/plan';
import { StructuredInterviewer } from '../apps/server/src/interview/providers/llm/structured';
import { PocketsphinxStt } from '../apps/server/src/interview/providers/stt/pocketsphinx';
import { FliteTts } from '../apps/server/src/interview/providers/tts/flite';
import type { SttFinal } from '../apps/server/src/interview/providers/types';
import { JobModels } from '../apps/server/src/interview/recognition/job-model';
import { respellFinal } from '../apps/server/src/interview/recognition/spelling';
import { normalWords } from '../apps/server/src/interview/understanding/vocabulary';
import { CALIBRATION, HELD_OUT } from './bench-hearing/careful-sets';

const heldOut = process.argv.includes('--held-out');
const jobs = heldOut ? HELD_OUT : CALIBRATION;
const voices = (process.env.FOLLOW_UPS_VOICES ?? 'slt,rms').split(',');
const keep = process.env.FOLLOW_UPS_MODEL_DIR;
const withCandidate = process.env.FOLLOW_UPS_LIVE_MODEL === 'candidate';
const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tm-follow-ups-'));
const models = new JobModels(dir);
const keepAlive = setInterval(() => {}, 1000);
process.on('unhandledRejection', (e) => console.error('unhandled rejection', e));

/** One answer heard; on a busy machine a recognizer may time out loading: heard again, five times at most. */
async function hear(stt: PocketsphinxStt, speech24k: Int16Array, attempt = 0): Promise<SttFinal> {
  try {
    return await hearOnce(stt, speech24k);
  } catch (err) {
    if (attempt >= 5) throw err;
    return hear(stt, speech24k, attempt + 1);
  }
}

async function hearOnce(stt: PocketsphinxStt, speech24k: Int16Array): Promise<SttFinal> {
  const down = new Resampler(SOCKET_RATE, STT_RATE);
  const stream = stt.start(() => {});
  for (let i = 0; i < speech24k.length; i += 2400) stream.write(down.process(speech24k.subarray(i, i + 2400)));
  stream.write(new Int16Array(STT_RATE));
  const result = await stream.finish();
  return typeof result === 'string' ? { text: result } : result;
}

/** Loads the recognizer before the first answer: on a busy machine loading alone can outlast its timeout. */
async function warm(stt: PocketsphinxStt) {
  const stream = stt.start(() => {});
  stream.write(new Int16Array(STT_RATE / 2));
  await new Promise((r) => setTimeout(r, 20_000));
  await stream.finish().catch(() => undefined);
}

let answers = 0;
let grounded = 0;
let misheard = 0;
const lines: string[] = [];
try {
  for (const { job, answers: said } of jobs) {
    // The live model is the job's own (built when the job is saved); the candidate's words are in the plan.
    const files = await models.ensure(withCandidate ? job : { ...job, candidateTools: undefined });
    if (!files) throw new Error(`no model for ${job.title}`);
    const stt = new PocketsphinxStt({ lm: files.lm, dict: files.dict, warm: 0 });
    await warm(stt);
    const plan = buildPlan(
      {
        job: {
          title: job.title,
          description: job.description,
          positionType: 'Contract',
          interviewType: 'custom_questions',
          skills: job.skills,
          customQuestions: job.customQuestions,
        },
        candidate: { name: 'Sam Lee', skills: job.candidateTools },
      },
      { maxMinutes: 25, maxQuestions: 8 },
    );
    for (const voice of voices) {
      const tts = new FliteTts({ voice, workers: 1 });
      for (const answer of said) {
        const speech = await tts.synthesize(answer.text, new AbortController().signal);
        const heard = respellFinal(await hear(stt, speech), plan.spellings!);
        const conductor = new Conductor(plan);
        conductor.opening();
        conductor.next('I have done this kind of work for a long time', 0, 'done');
        const move = conductor.next(conductor.understand(heard.text, heard.words), 60_000);
        const reply = new StructuredInterviewer(plan).render({ move, history: [], minutesLeft: 20 });
        const own = move.kind === 'question' ? reply.replace(move.question, '').trim() : reply;
        const about = 'about' in move ? move.about : undefined;
        const spoken = new Set(normalWords(answer.text));
        const namedWords = about ? normalWords(about.text).filter((w) => w !== 'you' && w !== 'your') : [];
        const wrong = namedWords.filter((w) => !spoken.has(w) && !spoken.has(w.replace(/s$/, '')));
        answers++;
        if (about && !wrong.length) grounded++;
        if (wrong.length) misheard++;
        const conf = (heard.words ?? []).map((w) => `${w.text}:${w.confidence.toFixed(2)}`).join(' ');
        lines.push(
          `[${voice}] said: ${answer.text}\n  heard: ${conf || heard.text}\n  reply: ${own}` +
            (about ? ` [${about.kind} ${about.confidence.toFixed(2)}]` : '') +
            (wrong.length ? `\n  MISHEARD: ${wrong.join(' ')}` : about ? '' : '\n  (nothing named)'),
        );
      }
      tts.close();
    }
    stt.close();
  }
  console.log(lines.join('\n'));
  console.log(
    `\n${heldOut ? 'held-out' : 'calibration'} set, ${withCandidate ? 'job + candidate' : "job's"} model, ` +
      `voices ${voices.join(', ')}: ` +
      `${grounded}/${answers} answers got a reply naming something the candidate said; ` +
      `${misheard} named a word that was not said`,
  );
} finally {
  clearInterval(keepAlive);
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}
