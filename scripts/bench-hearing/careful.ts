// The careful pass's figures (issue 33 item 6, decision 0173): each interview is one job of a set
// (careful-sets.ts) answered in one voice; the live pass (the app's PocketsphinxStt with the job's model,
// one stream per answer, a recognizer shared by the job's interviews as in production) and the careful
// pass (transcribeCarefully with the job + candidate model, under nice 19) hear the same audio.
// Prints WER, job and candidate term recall, careful CPU per second of speech, whether repeated careful
// runs give identical words, and how well the word posterior flags wrong words at each threshold.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { decodeWav, resample } from '../../apps/server/src/interview/audio';
import { adaptableModel } from '../../apps/server/src/interview/careful/acoustic-model';
import { transcribeCarefully, type CarefulWord } from '../../apps/server/src/interview/careful/careful-pass';
import { PocketsphinxStt } from '../../apps/server/src/interview/providers/stt/pocketsphinx';
import { CLEAR_SPEECH_JOB_WEIGHT, JobModels } from '../../apps/server/src/interview/recognition/job-model';
import { tokenWords } from '../../apps/server/src/interview/recognition/job-text';
import { dictionaryWords } from '../../apps/server/src/interview/recognition/pronounce';
import { CAREFUL_UNSURE_BELOW, sureShare } from '../../packages/shared/src/transcript-confidence';
import type { CarefulJob } from './careful-sets';

/** `flite:slt`, `espeak:en-us`; `reversed:` before one plays its speech backwards (unintelligible). */
export type Voice = string;

const dict = dictionaryWords('/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict');
/** Words as the recognizer spells them, so "Winsor and Newton" and "winsor and newton" compare equal. */
export const spoken = (text: string) =>
  (text.replace(/[-–—’]/g, (c) => (c === '’' ? "'" : ' ')).match(/[\p{L}\p{N}'+#&]+/gu) ?? []).flatMap((t) =>
    tokenWords(t.replace(/^'+|'+$/g, ''), (w) => dict.has(w)),
  );

/** Edit-distance alignment: the errors, and for each hypothesis word whether it matched a said word. */
export function align(ref: string[], hyp: string[]) {
  const d = Array.from({ length: ref.length + 1 }, (_, i) => [i, ...Array<number>(hyp.length).fill(0)]);
  for (let j = 1; j <= hyp.length; j++) d[0]![j] = j;
  for (let i = 1; i <= ref.length; i++)
    for (let j = 1; j <= hyp.length; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
  const right = hyp.map(() => false);
  for (let i = ref.length, j = hyp.length; i > 0 && j > 0;) {
    const same = ref[i - 1] === hyp[j - 1];
    if (d[i]![j] === d[i - 1]![j - 1]! + (same ? 0 : 1)) {
      right[j - 1] = same;
      i--;
      j--;
    } else if (d[i]![j] === d[i - 1]![j]! + 1) i--;
    else j--;
  }
  return { errors: d[ref.length]![hyp.length]!, words: ref.length, right };
}

const heard = (term: string, hyp: string[]) => ` ${hyp.join(' ')} `.includes(` ${spoken(term).join(' ')} `);

export function speakTo(voice: Voice, text: string, wav: string): Int16Array {
  const reversed = voice.startsWith('reversed:');
  const [engine, name] = voice.replace(/^reversed:/, '').split(':') as [string, string];
  if (engine === 'flite') execFileSync('flite', ['-voice', name, '-t', text, '-o', wav]);
  else execFileSync('espeak-ng', ['-v', name, '-w', wav, text]);
  const { samples, rate } = decodeWav(fs.readFileSync(wav));
  const pcm = rate === 16000 ? samples : resample(samples, rate, 16000);
  // 0.3 s of silence either side, as a microphone would give around an answer.
  const pad = new Int16Array(4800);
  const out = Int16Array.from([...pad, ...(reversed ? [...pcm].reverse() : pcm), ...pad]);
  return out;
}

async function hearLive(stt: PocketsphinxStt, speech: Int16Array): Promise<string> {
  const stream = stt.start(() => {});
  for (let i = 0; i < speech.length; i += 1600) stream.write(speech.subarray(i, i + 1600));
  stream.write(new Int16Array(16000));
  const result = await stream.finish();
  return typeof result === 'string' ? result : result.text;
}

/** CPU seconds of this process's waited-for children (the careful pass's programs). */
function childCpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

type Tally = { errors: number; words: number; job: [number, number]; cand: [number, number] };
const tally = (): Tally => ({ errors: 0, words: 0, job: [0, 0], cand: [0, 0] });
const pct = ([a, n]: [number, number]) => (n ? `${a}/${n} (${Math.round((a / n) * 100)}%)` : '-');
const r3 = (n: number) => Math.round(n * 1000) / 1000;

export type CarefulBenchOptions = { jobs: CarefulJob[]; voices: Voice[]; runs: number; dir: string };

export async function benchCareful({ jobs, voices, runs, dir }: CarefulBenchOptions) {
  const models = new JobModels(path.join(dir, 'models'));
  const clearSpeechModels = new JobModels(path.join(dir, 'models'), { jobWeight: CLEAR_SPEECH_JOB_WEIGHT });
  const adaptDir = await adaptableModel(path.join(dir, 'adapt-am'));
  const wav = path.join(dir, 'speech.wav');
  const live = new Map<Voice, Tally>();
  const careful = new Map<Voice, Tally>();
  /** Every careful word of an intelligible voice: its confidence and whether it was right. */
  const scored: { confidence: number; right: boolean }[] = [];
  const shares: {
    voice: Voice;
    job: string;
    sure_share: number;
    changed_share?: number;
    clear_speech_model: boolean;
  }[] = [];
  const builds: number[] = [];
  let cpu = 0;
  let speechSeconds = 0;
  const cpuByVoice = new Map<Voice, [number, number]>();
  let identical = true;
  const samples: { voice: Voice; said: string; live: string; careful: string }[] = [];

  for (const { job, answers } of jobs) {
    const started = Date.now();
    const own = await models.ensure({ ...job, candidateTools: undefined });
    const withCandidate = await models.ensure(job);
    // Built during the interview in production, like the job + candidate model (decision 0216).
    const clearSpeech = await clearSpeechModels.ensure(job);
    builds.push(Math.round((Date.now() - started) / 100) / 10);
    if (!own || !withCandidate || !clearSpeech) throw new Error(`could not build the models for ${job.title}`);
    const stt = new PocketsphinxStt({ lm: own.lm, dict: own.dict, respellings: own.respellings, warm: 0 });
    try {
      for (const voice of voices) {
        const intelligible = !voice.startsWith('reversed:');
        const speech = answers.map((a) => speakTo(voice, a.text, wav));
        const liveTexts: string[] = [];
        for (const pcm of speech) liveTexts.push(intelligible ? await hearLive(stt, pcm) : '');
        let first: CarefulWord[][] | null = null;
        let clearSpeechAsked = false;
        let changedShare: number | undefined;
        for (let run = 0; run < runs; run++) {
          const workDir = fs.mkdtempSync(path.join(dir, 'pass-'));
          const before = childCpuSeconds();
          const words = await transcribeCarefully(speech, withCandidate, {
            workDir,
            adaptDir,
            clearSpeechModel: async () => {
              clearSpeechAsked = true;
              return clearSpeech;
            },
            onNote: (note) => {
              const share = /changed ([\d.]+) of the words/.exec(note);
              if (share) changedShare = Number(share[1]);
            },
          });
          fs.rmSync(workDir, { recursive: true, force: true });
          if (run === 0) {
            first = words;
            const used = childCpuSeconds() - before;
            const length = speech.reduce((s, p) => s + p.length / 16000, 0);
            const [c0, s0] = cpuByVoice.get(voice) ?? [0, 0];
            cpuByVoice.set(voice, [c0 + used, s0 + length]);
            if (intelligible) {
              cpu += used;
              speechSeconds += length;
            }
          } else if (JSON.stringify(words) !== JSON.stringify(first)) identical = false;
        }
        const all = first!.flat();
        shares.push({
          voice,
          job: job.title,
          sure_share: r3(sureShare(all)),
          changed_share: changedShare,
          clear_speech_model: clearSpeechAsked,
        });
        if (!intelligible) continue;
        const l = live.get(voice) ?? tally();
        const c = careful.get(voice) ?? tally();
        live.set(voice, l);
        careful.set(voice, c);
        answers.forEach((answer, i) => {
          const ref = spoken(answer.text);
          const heardWords = first![i]!.flatMap((w) => spoken(w.text).map((t) => ({ t, c: w.confidence })));
          const hyps = { live: spoken(liveTexts[i]!), careful: heardWords.map((w) => w.t) };
          for (const [which, t] of [
            ['live', l],
            ['careful', c],
          ] as const) {
            const a = align(ref, hyps[which]);
            t.errors += a.errors;
            t.words += a.words;
            t.job[0] += answer.jobTerms.filter((term) => heard(term, hyps[which])).length;
            t.job[1] += answer.jobTerms.length;
            t.cand[0] += answer.candidateTerms.filter((term) => heard(term, hyps[which])).length;
            t.cand[1] += answer.candidateTerms.length;
            if (which === 'careful')
              a.right.forEach((right, k) => scored.push({ confidence: heardWords[k]!.c, right }));
          }
          samples.push({ voice, said: answer.text, live: liveTexts[i]!, careful: hyps.careful.join(' ') });
        });
      }
    } finally {
      stt.close();
    }
  }

  const byVoice = (m: Map<Voice, Tally>) =>
    Object.fromEntries(
      [...m].map(([v, t]) => [
        v,
        { wer: r3(t.errors / t.words), words: t.words, job_terms: pct(t.job), candidate_terms: pct(t.cand) },
      ]),
    );
  const pooled = (m: Map<Voice, Tally>, engine: string) => {
    const ts = [...m].filter(([v]) => v.startsWith(engine)).map(([, t]) => t);
    const sum = (f: (t: Tally) => number) => ts.reduce((s, t) => s + f(t), 0);
    return {
      wer: r3(sum((t) => t.errors) / sum((t) => t.words)),
      job_terms: pct([sum((t) => t.job[0]), sum((t) => t.job[1])]),
      candidate_terms: pct([sum((t) => t.cand[0]), sum((t) => t.cand[1])]),
    };
  };
  const wrong = scored.filter((s) => !s.right).length;
  const thresholds = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95].map((below) => {
    const flagged = scored.filter((s) => s.confidence < below);
    const hits = flagged.filter((s) => !s.right).length;
    const precision = flagged.length ? hits / flagged.length : 0;
    const recall = wrong ? hits / wrong : 0;
    return {
      below,
      flagged: r3(flagged.length / scored.length),
      precision: r3(precision),
      recall: r3(recall),
      f1: r3(precision + recall ? (2 * precision * recall) / (precision + recall) : 0),
    };
  });
  return {
    voices,
    interviews: jobs.length * voices.length,
    answers_per_interview: jobs[0]!.answers.length,
    live: { by_voice: byVoice(live), flite: pooled(live, 'flite'), espeak: pooled(live, 'espeak') },
    careful: { by_voice: byVoice(careful), flite: pooled(careful, 'flite'), espeak: pooled(careful, 'espeak') },
    careful_cpu_seconds_per_speech_second: r3(cpu / speechSeconds),
    careful_cpu_by_voice: Object.fromEntries([...cpuByVoice].map(([v, [c, l]]) => [v, r3(c / l)])),
    load_average: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    speech_seconds: Math.round(speechSeconds),
    careful_runs: runs,
    identical_over_runs: identical,
    careful_words_scored: scored.length,
    careful_words_wrong: r3(wrong / scored.length),
    unsure_below: { in_use: CAREFUL_UNSURE_BELOW, table: thresholds },
    sure_share_per_interview: shares,
    model_build_seconds: builds,
    samples,
  };
}
