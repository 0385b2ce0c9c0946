// Hearing benchmark, two parts. (1) How well the offline recognizer hears interview answers with the general model
// ("before") and with each job's own language model ("after"), in the same run, on the word-error set
// in bench-hearing/jobs.ts spoken by two Flite voices (slt, rms) at their native 16 kHz (the `flite`
// program; the app's voice output is resampled to 24 kHz for the browser, and taking that back down
// to 16 kHz blurs the audio badly enough to double the error rate, which no microphone does).
// Decoding goes through the app's own PocketsphinxStt stream. Prints WER, the share of job terms heard, and ordinary speech WER under
// both models (the job models must not hear non-job speech worse).
// (2) The careful second pass (decision 0173, scripts/bench-hearing/careful.ts) on the held-out set of
// careful-sets.ts in three Flite voices and espeak-ng: live and careful WER, job and candidate terms,
// careful CPU, identical output over BENCH_RUNS runs (3), and the word-confidence threshold's precision
// and recall. `--calibrate` measures the calibration set instead (other voices, reversed speech too):
// where the threshold and the assessment's share of sure words were chosen. Needs `espeak-ng` (Debian's
// package; the app itself does not) besides the recognizer's packages.
//   npm run bench:hearing                 both parts
//   npm run bench:hearing -- --careful    part 2 only
//   npm run bench:hearing -- --calibrate  the calibration set only
//   npm run bench:hearing -- --long       part 2 on the long-answer held-out set (careful-long-set.ts: answers as
//                                         long as an interview's, ~20 s each), one run unless BENCH_RUNS says more
//   BENCH_VOICES=flite:slt,espeak:en-us BENCH_RUNS=1 npm run bench:hearing -- --careful   some voices, one run
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeWav } from '../apps/server/src/interview/audio';
import { PocketsphinxStt } from '../apps/server/src/interview/providers/stt/pocketsphinx';
import { JobModels, type JobModelFiles } from '../apps/server/src/interview/recognition/job-model';
import { tokenWords } from '../apps/server/src/interview/recognition/job-text';
import { dictionaryWords } from '../apps/server/src/interview/recognition/pronounce';
import { benchCareful } from './bench-hearing/careful';
import { HELD_OUT_LONG } from './bench-hearing/careful-long-set';
import { CALIBRATION, HELD_OUT } from './bench-hearing/careful-sets';
import { JOBS, ORDINARY } from './bench-hearing/jobs';

const VOICES = ['slt', 'rms'];
const dict = dictionaryWords('/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict');
const known = (w: string) => dict.has(w);

/** Words as the recognizer spells them, so "Cinema 4D" and "cinema four d" compare equal. */
const spoken = (text: string) =>
  (text.replace(/[-–—]/g, ' ').match(/[\p{L}\p{N}'+#&]+/gu) ?? []).flatMap((t) =>
    tokenWords(t.replace(/^'+|'+$/g, ''), known),
  );

function wordErrors(ref: string, hyp: string) {
  const r = spoken(ref);
  const h = spoken(hyp);
  const d = Array.from({ length: r.length + 1 }, (_, i) => [i, ...Array<number>(h.length).fill(0)]);
  for (let j = 1; j <= h.length; j++) d[0]![j] = j;
  for (let i = 1; i <= r.length; i++)
    for (let j = 1; j <= h.length; j++)
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (r[i - 1] === h[j - 1] ? 0 : 1));
  return { errors: d[r.length]![h.length]!, words: r.length };
}

const heardTerm = (term: string, hyp: string) => ` ${spoken(hyp).join(' ')} `.includes(` ${spoken(term).join(' ')} `);

async function hear(stt: PocketsphinxStt, speech: Int16Array): Promise<string> {
  const stream = stt.start(() => {});
  for (let i = 0; i < speech.length; i += 1600) stream.write(speech.subarray(i, i + 1600));
  stream.write(new Int16Array(16000));
  const result = await stream.finish();
  return typeof result === 'string' ? result : result.text;
}

type Tally = { errors: number; words: number; terms: number; termsHeard: number; seconds: number; audio: number };
const tally = (): Tally => ({ errors: 0, words: 0, terms: 0, termsHeard: 0, seconds: 0, audio: 0 });
const add = (t: Tally, ref: string, hyp: string, terms: string[], seconds: number, audio: number) => {
  const e = wordErrors(ref, hyp);
  t.errors += e.errors;
  t.words += e.words;
  t.terms += terms.length;
  t.termsHeard += terms.filter((term) => heardTerm(term, hyp)).length;
  t.seconds += seconds;
  t.audio += audio;
};
const summary = (t: Tally) => ({
  wer: Math.round((t.errors / t.words) * 1000) / 1000,
  words: t.words,
  job_terms_heard: t.terms ? `${t.termsHeard}/${t.terms} (${Math.round((t.termsHeard / t.terms) * 100)}%)` : undefined,
  real_time_factor: Math.round((t.seconds / t.audio) * 100) / 100,
});

// BENCH_MODEL_DIR keeps built models between runs (a build takes half a minute per job).
const keep = process.env.BENCH_MODEL_DIR;
const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-hearing-'));
const calibrate = process.argv.includes('--calibrate');
const long = process.argv.includes('--long');
const carefulOnly = calibrate || long || process.argv.includes('--careful');

async function jobModelBench() {
  const models = new JobModels(dir);
  const general = new PocketsphinxStt({ warm: 0 });
  // The recognizer processes are unref'd (they must not hold a server open): keep this script alive.
  const keepAlive = setInterval(() => {}, 1000);
  try {
    const wav = path.join(dir, 'speech.wav');
    const say = async (voice: string, text: string) => {
      execFileSync('flite', ['-voice', voice, '-t', text, '-o', wav]);
      const { samples, rate } = decodeWav(fs.readFileSync(wav));
      if (rate !== 16000) throw new Error(`flite wrote ${rate} Hz`);
      return samples;
    };

    const builds: number[] = [];
    const files: JobModelFiles[] = [];
    for (const { job } of JOBS) {
      const started = Date.now();
      const built = await models.ensure(job);
      if (!built) throw new Error(`could not build the model for ${job.title}`);
      builds.push((Date.now() - started) / 1000);
      files.push(built);
    }

    const before = tally();
    const after = tally();
    const ordinaryBefore = tally();
    const ordinaryAfter = tally();
    const samples: { voice: string; said: string; general: string; job: string }[] = [];
    const timed = async (stt: PocketsphinxStt, speech: Int16Array) => {
      const started = performance.now();
      const text = await hear(stt, speech);
      return { text, seconds: (performance.now() - started) / 1000 };
    };
    for (const [j, { answers }] of JOBS.entries()) {
      const own = new PocketsphinxStt({
        lm: files[j]!.lm,
        dict: files[j]!.dict,
        respellings: files[j]!.respellings,
        warm: 0,
      });
      // Voices alternate answer by answer: a shared recognizer process hears a different speaker each
      // time, as it does in production (its live normalization starts from the previous speaker's).
      for (const { text, terms } of answers) {
        for (const voice of VOICES) {
          const speech = await say(voice, text);
          const seconds = speech.length / 16000;
          const g = await timed(general, speech);
          const o = await timed(own, speech);
          add(before, text, g.text, terms, g.seconds, seconds);
          add(after, text, o.text, terms, o.seconds, seconds);
          samples.push({ voice, said: text, general: g.text, job: o.text });
        }
      }
      // Ordinary speech: one sentence per job and voice, heard by the general model and this job's.
      for (const text of ORDINARY.filter((_, i) => i % JOBS.length === j || (j === 0 && i >= JOBS.length))) {
        for (const voice of VOICES) {
          const speech = await say(voice, text);
          const seconds = speech.length / 16000;
          const g = await timed(general, speech);
          const o = await timed(own, speech);
          add(ordinaryBefore, text, g.text, [], g.seconds, seconds);
          add(ordinaryAfter, text, o.text, [], o.seconds, seconds);
          samples.push({ voice, said: text, general: g.text, job: o.text });
        }
      }
      own.close();
    }
    const modelMb = files.map((f) => fs.statSync(f.lm).size / 1e6);
    console.log(
      JSON.stringify(
        {
          set: { jobs: JOBS.length, voices: VOICES, answers: JOBS.length * 4 * VOICES.length },
          targets: { wer: '<= 0.25', job_terms: '>= 75%' },
          answers: { general_model: summary(before), job_model: summary(after) },
          ordinary_speech: { general_model: summary(ordinaryBefore), job_model: summary(ordinaryAfter) },
          job_model_build_seconds: builds.map((b) => Math.round(b * 10) / 10),
          job_model_mb: modelMb.map((m) => Math.round(m)),
          samples,
        },
        null,
        2,
      ),
    );
  } finally {
    clearInterval(keepAlive);
    general.close();
  }
}

async function carefulBench() {
  const keepAlive = setInterval(() => {}, 1000);
  try {
    const figures = await benchCareful(
      calibrate
        ? {
            jobs: CALIBRATION,
            voices: ['flite:kal16', 'flite:slt', 'espeak:en-gb', 'reversed:flite:kal16', 'reversed:espeak:en-gb'],
            runs: 1,
            dir,
          }
        : {
            jobs: long ? HELD_OUT_LONG : HELD_OUT,
            // BENCH_VOICES picks some of them (a shorter run on a busy machine).
            voices: process.env.BENCH_VOICES?.split(',') ?? [
              'flite:slt',
              'flite:rms',
              'flite:awb',
              'espeak:en-us',
              'reversed:flite:rms',
            ],
            runs: Number(process.env.BENCH_RUNS ?? (long ? 1 : 3)),
            dir,
          },
    );
    console.log(
      JSON.stringify(
        {
          set: calibrate ? 'calibration' : long ? 'held-out, long answers' : 'held-out',
          targets: { careful_wer: 'flite <= 0.18, espeak <= 0.40', terms: '>= 85%', cpu: '<= 0.5 s per s' },
          ...figures,
        },
        null,
        2,
      ),
    );
  } finally {
    clearInterval(keepAlive);
  }
}

try {
  if (!carefulOnly) await jobModelBench();
  await carefulBench();
} finally {
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}
