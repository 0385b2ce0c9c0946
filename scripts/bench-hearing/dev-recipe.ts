// Development runs of the careful pass's recipe (decision 0175): variants of the decoder and speaker-transform
// steps measured on development speech only (careful-dev-set.ts DEVELOPMENT jobs, with DEV_JOBS=all also
// careful-sets.ts CALIBRATION; DEV_VOICES, default flite slt/rms/awb and espeak-ng en-us), never on HELD_OUT.
// Prints WER and term recall per variant. Its programs run at DEV_NICE (0): WER does not depend on priority.
// Audio and first decodes are cached under DEV_DIR (a folder in the system's temporary folder).
//   node --import tsx scripts/bench-hearing/dev-recipe.ts [variant ...]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeWav, pcmToBuffer, STT_RATE } from '../../apps/server/src/interview/audio';
import { adaptableModel, ACOUSTIC_MODEL_DIR } from '../../apps/server/src/interview/careful/acoustic-model';
import {
  changedShare,
  learnedNothing,
  readCtm,
  type CarefulWord,
} from '../../apps/server/src/interview/careful/careful-pass';
import { JobModels } from '../../apps/server/src/interview/recognition/job-model';
import { sureShare } from '../../packages/shared/src/transcript-confidence';
import { align, spoken, speakTo } from './careful';
import { DEVELOPMENT } from './careful-dev-set';
import { CALIBRATION } from './careful-sets';

const run = promisify(execFile);
const SPHINXTRAIN = '/usr/lib/sphinxtrain';
const root = process.env.DEV_DIR ?? path.join(os.tmpdir(), 'careful-dev-recipe');
fs.mkdirSync(root, { recursive: true });

type Variant = {
  p1Noise?: boolean; // pass 1 with noise/silence removal (default off)
  p2Noise?: boolean;
  feNoise?: boolean; // sphinx_fe with noise/silence removal (default: its own default, on)
  fillers?: boolean; // keep pronunciation variants and fillers in the bw transcript
  iterations?: number;
  lw?: number;
  minConf?: number; // drop answers whose mean posterior is below this from adaptation
  extra?: string[];
  p1Extra?: string[]; // pass 1 only
  midExtra?: string[]; // the adapted decodes that only feed the next transform (not the last one)
  lastExtra?: string[]; // the last decode only (the record)
  bwExtra?: string[]; // bw's own flags (its forward and backward beams)
  bwAdapted?: boolean; // from round 2, bw aligns with the earlier round's transform applied (-mllrmat)
};
const CHEAP = ['-fwdflat', 'no', '-bestpath', 'no'];
const VARIANTS: Record<string, Variant> = {
  base: {},
  fillers: { fillers: true },
  iter2: { iterations: 2 },
  iter3: { iterations: 3 },
  lw55_fillers_iter2: { lw: 5.5, fillers: true, iterations: 2 },
  cheap_lw55_fillers_iter2: { p1Extra: ['-fwdflat', 'no', '-bestpath', 'no'], lw: 5.5, fillers: true, iterations: 2 },
  lw5_fillers_iter2: { lw: 5, fillers: true, iterations: 2 },
  lw45_fillers_iter2: { lw: 4.5, fillers: true, iterations: 2 },
  lw5_iter2: { lw: 5.5, iterations: 2 },
  wip_iter2: { extra: ['-wip', '0.5'], iterations: 2 },
  fillers_iter2: { fillers: true, iterations: 2 },
  fe_off: { feNoise: false },
  fe_off_fillers_iter2: { feNoise: false, fillers: true, iterations: 2 },
  p2noise: { p2Noise: true },
  allnoise: { p1Noise: true, p2Noise: true },
  lw5: { lw: 5.5 },
  lw75: { lw: 7.5 },
  wip: { extra: ['-wip', '0.5'] },
  p2noise_iter2: { p2Noise: true, iterations: 2 },
  cheap_iter2: { p1Extra: ['-fwdflat', 'no', '-bestpath', 'no'], iterations: 2 },
  cheap_p2noise_iter2: { p1Extra: ['-fwdflat', 'no', '-bestpath', 'no'], p2Noise: true, iterations: 2 },
  cheap: { p1Extra: ['-fwdflat', 'no', '-bestpath', 'no'] },
  allnoise_iter2: { p1Noise: true, p2Noise: true, iterations: 2 },
  cheapall_lw55_fillers_iter2: { p1Extra: CHEAP, midExtra: CHEAP, lw: 5.5, fillers: true, iterations: 2 },
  p1noise_cheapall_lw55_fillers_iter2: {
    p1Noise: true,
    p1Extra: CHEAP,
    midExtra: CHEAP,
    lw: 5.5,
    fillers: true,
    iterations: 2,
  },
  cheapall_lw55_fillers_iter3: { p1Extra: CHEAP, midExtra: CHEAP, lw: 5.5, fillers: true, iterations: 3 },
};
// The record's later searches have language weights of their own (-fwdflatlw 8.5, -bestpathlw 9.5 by default):
// -lw moves only the first search's.
const RECIPE: Variant = { p1Extra: CHEAP, midExtra: CHEAP, lw: 5.5, fillers: true, iterations: 2 };
for (const [flat, best] of [
  [7, 8],
  [6.5, 6.5],
  [5.5, 5.5],
  [7.5, 9.5],
  [8.5, 7.5],
  [8.5, 11],
  [10, 11],
  [8.5, 13],
  [10, 13],
])
  VARIANTS[`recipe_flat${flat}_best${best}`] = {
    ...RECIPE,
    lastExtra: ['-fwdflatlw', String(flat), '-bestpathlw', String(best)],
  };
VARIANTS.recipe_topn8 = { ...RECIPE, lastExtra: ['-topn', '8'] };
VARIANTS.recipe_plwindow0 = { ...RECIPE, lastExtra: ['-pl_window', '0'] };
VARIANTS.recipe_uw07 = { ...RECIPE, lastExtra: ['-uw', '0.7'] };
// bw drops an answer it cannot align to the decode's words ("final state of the search is not reached"):
// wider beams keep more of the speaker's answers in the transform (decision 0217).
VARIANTS.recipe_bwbeam200 = { ...RECIPE, bwExtra: ['-abeam', '1e-200', '-bbeam', '1e-200'] };
VARIANTS.recipe_bwbeam300 = { ...RECIPE, bwExtra: ['-abeam', '1e-300', '-bbeam', '1e-300'] };
// bw aligning on the earlier round's transform, with two and three rounds (decision 0218).
VARIANTS.recipe_bwadapted = { ...RECIPE, bwAdapted: true };
VARIANTS.recipe_bwadapted_iter3 = { ...RECIPE, bwAdapted: true, iterations: 3 };

async function pass(
  answers: Int16Array[],
  model: { lm: string; dict: string },
  v: Variant,
  dir: string,
  adaptDir: string,
  cacheId: string,
  alt?: { lm: string; dict: string },
) {
  const ids = answers.map((_, i) => `a${String(i).padStart(4, '0')}`);
  for (const sub of ['raw', 'wav', 'feats', 'acc']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  answers.forEach((pcm, i) => {
    fs.writeFileSync(path.join(dir, 'raw', `${ids[i]}.raw`), pcmToBuffer(pcm));
    fs.writeFileSync(path.join(dir, 'wav', `${ids[i]}.wav`), encodeWav(pcm, STT_RATE));
  });
  const ctl = path.join(dir, 'ids');
  fs.writeFileSync(ctl, ids.map((id) => `${id}\n`).join(''));
  const exec = (cmd: string, args: string[]) =>
    run('nice', ['-n', process.env.DEV_NICE ?? '0', cmd, ...args], { maxBuffer: 1 << 26 });
  const noise = (on?: boolean) => (on ? [] : ['-remove_noise', 'no', '-remove_silence', 'no']);
  const decode = async (
    name: string,
    noiseOn: boolean | undefined,
    mllr?: string,
    more: string[] = [],
    lm: { lm: string; dict: string } = model,
  ) => {
    await exec('pocketsphinx_batch', [
      ...['-adcin', 'yes', '-cepdir', path.join(dir, 'raw'), '-cepext', '.raw', '-ctl', ctl],
      ...['-hmm', ACOUSTIC_MODEL_DIR, '-lm', lm.lm, '-dict', lm.dict],
      ...noise(noiseOn),
      ...(v.lw ? ['-lw', String(v.lw)] : []),
      ...(v.extra ?? []),
      ...more,
      ...(mllr ? ['-mllr', mllr] : []),
      ...['-ctm', path.join(dir, `${name}.ctm`), '-hyp', path.join(dir, `${name}.hyp`), '-logfn', '/dev/null'],
    ]);
    return fs.readFileSync(path.join(dir, `${name}.ctm`), 'utf8');
  };
  // Pass 1 depends only on the audio and its own flags: shared by variants.
  const cacheKey = path.join(
    root,
    'pass1',
    `${cacheId}-${v.p1Noise ? 'n' : ''}${v.lw ?? ''}${[...(v.extra ?? []), ...(v.p1Extra ?? [])].join('')}.ctm`,
  );
  let ctm: string;
  if (fs.existsSync(cacheKey)) ctm = fs.readFileSync(cacheKey, 'utf8');
  else {
    ctm = await decode('pass1', v.p1Noise, undefined, v.p1Extra);
    fs.mkdirSync(path.dirname(cacheKey), { recursive: true });
    fs.writeFileSync(cacheKey, ctm);
  }
  let fe = false;
  // Signals known before the record's decode: bw's per-frame log likelihood each round, and how much of
  // the previous decode's words the next one changed (decision 0217).
  const bwPerFrame: number[] = [];
  const decodes: string[][][] = [];
  const wordsOf = (c: string) => readCtm(c, ids).map((answer) => answer.map((w) => w.text));
  decodes.push(wordsOf(ctm));
  let kept: string | undefined;
  for (let it = 0; it < (v.iterations ?? 1); it++) {
    // transcript: the recognizer's words; with `fillers`, <sil> where the decode left a pause between two words
    const byId = new Map(ids.map((id) => [id, [] as { w: string; c: number; s: number; e: number }[]]));
    for (const line of ctm.split('\n')) {
      const [id, , st, du, word, post] = line.trim().split(/\s+/);
      if (!id || !word || !byId.has(id) || word.startsWith('<') || word.startsWith('[')) continue;
      byId.get(id)!.push({ w: word, c: Number(post), s: Number(st), e: Number(st) + Number(du) });
    }
    const heard = ids
      .map((id) => ({ id, words: byId.get(id)! }))
      .filter((u) => u.words.length)
      .filter((u) => !v.minConf || u.words.reduce((s, x) => s + x.c, 0) / u.words.length >= v.minConf);
    const line = (ws: { w: string; s: number; e: number }[]) =>
      ws.map((x, k) => (v.fillers && k > 0 && x.s - ws[k - 1]!.e >= 0.1 ? `<sil> ${x.w}` : x.w)).join(' ');
    const actl = path.join(dir, 'adapt.ids');
    const lsn = path.join(dir, 'adapt.trans');
    fs.writeFileSync(actl, heard.map((u) => `${u.id}\n`).join(''));
    fs.writeFileSync(lsn, heard.map((u) => `<s> ${line(u.words)} </s> (${u.id})\n`).join(''));
    if (!fe) {
      await exec('sphinx_fe', [
        ...['-lowerf', '130', '-upperf', '6800', '-nfilt', '25', '-transform', 'dct', '-lifter', '22'],
        ...['-samprate', String(STT_RATE), '-c', ctl, '-di', path.join(dir, 'wav'), '-do', path.join(dir, 'feats')],
        ...['-ei', 'wav', '-eo', 'mfc', '-mswav', 'yes'],
        ...(v.feNoise === false ? ['-remove_noise', 'no', '-remove_silence', 'no'] : []),
      ]);
      fe = true;
    }
    fs.rmSync(path.join(dir, 'acc'), { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, 'acc'));
    const bw = await exec(path.join(SPHINXTRAIN, 'bw'), [
      ...['-hmmdir', adaptDir, '-moddeffn', path.join(adaptDir, 'mdef.txt'), '-ts2cbfn', '.ptm.'],
      ...['-feat', '1s_c_d_dd', '-svspec', '0-12/13-25/26-38', '-cmn', 'current', '-agc', 'none'],
      ...['-dictfn', model.dict, '-fdictfn', path.join(adaptDir, 'noisedict')],
      ...['-ctlfn', actl, '-lsnfn', lsn, '-cepdir', path.join(dir, 'feats'), '-accumdir', path.join(dir, 'acc')],
      ...(v.bwExtra ?? []),
      ...(v.bwAdapted && kept ? ['-mllrmat', kept] : []),
    ]);
    const ignored = (bw.stderr.match(/ ignored/g) ?? []).length;
    if (ignored) console.log(`bw round ${it + 1}: ${ignored} of ${heard.length} answers not aligned (${cacheId})`);
    // "overall> stats <frames> (-<deleted>) <log likelihood per frame> <total> ..."
    const overall = /overall> stats \d+ \(-?\d+\)\s+(\S+)/.exec(bw.stdout);
    bwPerFrame.push(overall ? Number(overall[1]) : NaN);
    const out = path.join(dir, `mllr_matrix${it}`);
    await exec(path.join(SPHINXTRAIN, 'mllr_solve'), [
      ...['-meanfn', path.join(adaptDir, 'means'), '-varfn', path.join(adaptDir, 'variances')],
      ...['-outmllrfn', out, '-accumdir', path.join(dir, 'acc')],
    ]);
    // As the careful pass does: a round whose bw aligned nothing (the identity) keeps the earlier transform.
    const nothing = learnedNothing(fs.readFileSync(out, 'utf8'));
    if (nothing) console.log(`bw round ${it + 1} learned nothing: the earlier transform stays (${cacheId})`);
    const transform = nothing ? kept : out;
    kept = transform;
    const last = nothing || it === (v.iterations ?? 1) - 1;
    ctm = await decode(`pass${it + 2}`, v.p2Noise, transform, last ? (v.lastExtra ?? []) : (v.midExtra ?? []));
    if (!last) decodes.push(wordsOf(ctm));
    if (last && alt) {
      const altCtm = await decode('alt', v.p2Noise, transform, v.lastExtra ?? [], alt);
      const [before, after] = decodes.slice(-2) as [string[][], string[][]];
      const changed = after ? changedShare(before, after) : NaN;
      return { words: readCtm(ctm, ids), alt: readCtm(altCtm, ids), signals: { bwPerFrame, changed } };
    }
    if (last) break;
  }
  return { words: readCtm(ctm, ids) };
}

const VOICES = (process.env.DEV_VOICES ?? 'flite:slt,flite:rms,flite:awb,espeak:en-us').split(',');
const jobs = process.env.DEV_JOBS === 'all' ? [...CALIBRATION, ...DEVELOPMENT] : DEVELOPMENT;
const models = new JobModels(path.join(root, 'models'));
const adaptDir = await adaptableModel(path.join(root, 'adapt-am'));
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(VARIANTS);
const speech = new Map<string, Int16Array[]>();
for (const { job, answers } of jobs)
  for (const voice of VOICES) {
    const key = `${job.title}|${voice}`;
    const file = path.join(root, 'speech', `${key.replace(/[^a-z0-9]+/gi, '_')}.json`);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const pcm = answers.map((a) => speakTo(voice, a.text, path.join(root, 'speech.wav')));
      fs.writeFileSync(file, JSON.stringify(pcm.map((p) => Buffer.from(p.buffer).toString('base64'))));
    }
    const b64 = JSON.parse(fs.readFileSync(file, 'utf8')) as string[];
    speech.set(
      key,
      b64.map((s) => {
        const b = Buffer.from(s, 'base64');
        return new Int16Array(b.buffer, b.byteOffset, b.length / 2);
      }),
    );
  }
const built = new Map<string, { lm: string; dict: string }>();
for (const { job } of jobs) {
  const m = await models.ensure(job);
  if (!m) throw new Error('no model');
  built.set(job.title, m);
}
// DEV_ALT_WEIGHT: the record decoded a second time with a model of this job weight (the same transforms), to
// see per interview which weight hears it better and what tells in advance (the sure share, the changed share).
const altWeight = process.env.DEV_ALT_WEIGHT ? Number(process.env.DEV_ALT_WEIGHT) : undefined;
const altBuilt = new Map<string, { lm: string; dict: string }>();
if (altWeight !== undefined) {
  const altModels = new JobModels(path.join(root, `models-w${altWeight}`), { jobWeight: altWeight });
  for (const { job } of jobs) {
    const m = await altModels.ensure(job);
    if (!m) throw new Error('no alt model');
    altBuilt.set(job.title, m);
  }
}
/** CPU seconds (user + system) of this process's finished children, from /proc (Linux). */
function childrenCpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
const perInterview: {
  name: string;
  voice: string;
  job: string;
  words: number;
  sure: number;
  altSure: number;
  errors: number;
  altErrors: number;
  signals?: { bwPerFrame: number[]; changed: number };
}[] = [];
for (const name of names) {
  const v = VARIANTS[name]!;
  const cpuBefore = childrenCpuSeconds();
  let speechSeconds = 0;
  const t: Record<string, { e: number; n: number; j: [number, number]; c: [number, number] }> = {};
  for (const { job, answers } of jobs)
    for (const voice of VOICES) {
      const dir = fs.mkdtempSync(path.join(root, 'pass-'));
      speechSeconds += speech.get(`${job.title}|${voice}`)!.reduce((n, a) => n + a.length / STT_RATE, 0);
      const decoded = await pass(
        speech.get(`${job.title}|${voice}`)!,
        built.get(job.title)!,
        v,
        dir,
        adaptDir,
        `${job.title}|${voice}`.replace(/[^a-z0-9]+/gi, '_'),
        altBuilt.get(job.title),
      );
      const words: CarefulWord[][] = decoded.words;
      if (decoded.alt) {
        const errors = (ws: CarefulWord[][]) =>
          answers.reduce(
            (n, a, i) =>
              n +
              align(
                spoken(a.text),
                ws[i]!.flatMap((w) => spoken(w.text)),
              ).errors,
            0,
          );
        perInterview.push({
          name,
          voice,
          job: job.title,
          words: answers.reduce((n, a) => n + spoken(a.text).length, 0),
          sure: sureShare(words.flat()),
          altSure: sureShare(decoded.alt.flat()),
          errors: errors(words),
          altErrors: errors(decoded.alt),
          signals: decoded.signals,
        });
      }
      fs.rmSync(dir, { recursive: true, force: true });
      const engine = voice.split(':')[0]!;
      const s = (t[engine] ??= { e: 0, n: 0, j: [0, 0], c: [0, 0] });
      answers.forEach((a, i) => {
        const hyp = words[i]!.flatMap((w) => spoken(w.text));
        const al = align(spoken(a.text), hyp);
        s.e += al.errors;
        s.n += al.words;
        const has = (term: string) => ` ${hyp.join(' ')} `.includes(` ${spoken(term).join(' ')} `);
        s.j[0] += a.jobTerms.filter(has).length;
        s.j[1] += a.jobTerms.length;
        s.c[0] += a.candidateTerms.filter(has).length;
        s.c[1] += a.candidateTerms.length;
      });
    }
  console.log(
    name,
    Object.entries(t)
      .map(([e, s]) => `${e} wer ${(s.e / s.n).toFixed(3)} (${s.n}w) job ${s.j[0]}/${s.j[1]} cand ${s.c[0]}/${s.c[1]}`)
      .join(' | '),
    `| cpu ${((childrenCpuSeconds() - cpuBefore) / speechSeconds).toFixed(3)} s/s (first decode cached after its first run)`,
  );
}
if (perInterview.length) {
  for (const r of perInterview)
    console.log(
      `${r.name} ${r.voice} ${r.job}: sure ${r.sure.toFixed(3)} alt ${r.altSure.toFixed(3)} errors ${r.errors} alt ${r.altErrors} of ${r.words}` +
        ` | bw/frame ${r.signals?.bwPerFrame.map((x) => x.toFixed(3)).join(' ')} changed ${r.signals?.changed.toFixed(3)}`,
    );
  fs.writeFileSync(path.join(root, `alt-w${altWeight}.json`), JSON.stringify(perInterview, null, 1));
}
