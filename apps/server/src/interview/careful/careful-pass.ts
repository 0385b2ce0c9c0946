/**
 * The careful second pass over one interview's answers (decisions 0172 and 0211, after the measured
 * recipe in the recognition guide): every answer decoded whole by one fresh `pocketsphinx_batch` in a
 * fixed order, with noise and silence removal off (their state would carry from one answer to the
 * next). A cheap first decode feeds an unsupervised MLLR speaker transform (`sphinx_fe`, `bw`,
 * `mllr_solve`); a cheap decode with it feeds a second transform (and unclear speech a third), and a
 * full decode with the last is the record, its `-ctm` giving the word posteriors. Each round's `bw`
 * aligns with the earlier round's transform applied, and a round that learned nothing leaves the
 * earlier transform (decision 0218). Speech heard clearly (the first transform changed few of its
 * words) is recorded with a model that leans less on the job's text (decisions 0216 and 0217).
 * Every program runs at the lowest CPU priority; the same audio and models give byte-identical words.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeWav, pcmToBuffer, STT_RATE } from '../audio';
import { respell, type Spellings } from '../recognition/spelling';
import { ACOUSTIC_MODEL_DIR } from './acoustic-model';

const run = promisify(execFile);
const SPHINXTRAIN = '/usr/lib/sphinxtrain';
/** Speaker-transform rounds: a second one mends unusual voices (espeak-ng 0.478 → 0.41 on the development set). */
export const ADAPTATION_ROUNDS = 2;
/**
 * Rounds for speech the first transform changed much (not heard clearly): with each round's `bw`
 * aligning on the earlier transform, a third round takes development espeak-ng from 0.394 to 0.356,
 * where it takes clear Flite speech from 0.175 to 0.196 (decision 0218).
 */
export const UNCLEAR_SPEECH_ROUNDS = 3;
/** Language weight of every decode, below pocketsphinx's 6.5 (decision 0211, chosen on development speech only). */
export const LANGUAGE_WEIGHT = 5.5;
/**
 * The search of the decodes that only feed a transform: one pass, no lattice, so no posteriors
 * (decisions 0211 and 0213: less CPU, the same words within noise).
 */
const ONE_PASS = ['-fwdflat', 'no', '-bestpath', 'no'];
/**
 * Up to this share of words changed by the first speaker transform, speech counts as heard clearly and
 * its record is decoded with the clear-speech model (decision 0217, development speech: Flite interviews
 * 0.05-0.17, reversed Flite speech 0.28-0.48, espeak-ng 0.72-0.78). Known before the record's decode, so
 * the record is decoded once.
 */
export const CLEAR_SPEECH_CHANGED_SHARE = 0.22;
/** A pause this long between two heard words is written as `<sil>` in the adaptation text. */
const PAUSE_SECONDS = 0.1;

export type CarefulModel = { lm: string; dict: string; respellings: Spellings };
/** A heard word: confidence is the lattice posterior in [0, 1]; times are seconds into its answer. */
export type CarefulWord = { text: string; confidence: number; start_seconds: number; end_seconds: number };

export type CarefulOptions = {
  /** A folder of its own for this pass (removed afterwards by the caller). */
  workDir: string;
  /** The bw-readable copy of the acoustic model (acoustic-model.ts). */
  adaptDir: string;
  signal?: AbortSignal;
  /**
   * Why a step was skipped, when one was (too little speech, a tool failing), and how much the first
   * speaker transform changed the words (a number, never words).
   */
  onNote?: (note: string) => void;
  /**
   * The same words mixed with less of the job's text (JobModels with CLEAR_SPEECH_JOB_WEIGHT): the
   * record of clearly heard speech (decision 0216). Null or absent: the model alone.
   */
  clearSpeechModel?: () => Promise<Pick<CarefulModel, 'lm' | 'dict'> | null>;
};

/** Words per answer, in the order given; an answer with nothing heard gets []. */
export async function transcribeCarefully(
  answers: Int16Array[],
  model: CarefulModel,
  opts: CarefulOptions,
): Promise<CarefulWord[][]> {
  const dir = opts.workDir;
  const ids = answers.map((_, i) => `a${String(i).padStart(4, '0')}`);
  for (const sub of ['raw', 'wav', 'feats']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  answers.forEach((pcm, i) => {
    fs.writeFileSync(path.join(dir, 'raw', `${ids[i]}.raw`), pcmToBuffer(pcm));
    fs.writeFileSync(path.join(dir, 'wav', `${ids[i]}.wav`), encodeWav(pcm, STT_RATE));
  });
  const ctl = path.join(dir, 'ids');
  fs.writeFileSync(ctl, ids.map((id) => `${id}\n`).join(''));
  const exec = (cmd: string, args: string[]) =>
    // nice(1) execs the program itself, so the abort signal reaches it.
    run('nice', ['-n', '19', cmd, ...args], { signal: opts.signal, maxBuffer: 1 << 26 });

  const decode = async (
    name: string,
    mllr?: string,
    more: string[] = [],
    lm: Pick<CarefulModel, 'lm' | 'dict'> = model,
  ) => {
    await exec('pocketsphinx_batch', [
      ...['-adcin', 'yes', '-cepdir', path.join(dir, 'raw'), '-cepext', '.raw', '-ctl', ctl],
      ...['-hmm', ACOUSTIC_MODEL_DIR, '-lm', lm.lm, '-dict', lm.dict, '-lw', String(LANGUAGE_WEIGHT)],
      ...['-remove_noise', 'no', '-remove_silence', 'no'],
      ...(mllr ? ['-mllr', mllr] : []),
      ...more,
      ...['-ctm', path.join(dir, `${name}.ctm`), '-hyp', path.join(dir, `${name}.hyp`), '-logfn', '/dev/null'],
    ]);
    return fs.readFileSync(path.join(dir, `${name}.ctm`), 'utf8');
  };

  const note = (what: string, err: unknown) => {
    if (opts.signal?.aborted) throw err;
    opts.onNote?.(`${what}: ${String(err instanceof Error ? err.message : err).slice(0, 300)}`);
  };
  // Each transform is estimated from a cheap decode's words; only the record needs the lattice.
  let heard = await decode('pass1', undefined, ONE_PASS);
  let mllr: string | undefined;
  const wordsOf = (ctm: string) => readCtm(ctm, ids).map((answer) => answer.map((w) => w.text));
  /** How much the first transform changed the words: what tells clear speech (decision 0217). */
  let changed: number | undefined;
  try {
    await extractFeatures(dir, ctl, exec);
    let rounds = ADAPTATION_ROUNDS;
    for (let round = 1; round <= rounds; round++) {
      const text = adaptationText(heard, ids);
      const transform = await speakerTransform(text, dir, round, model, opts.adaptDir, exec, mllr);
      if (learnedNothing(fs.readFileSync(transform, 'utf8'))) {
        // bw aligned none of the answers (an unusual voice's over-long decode can do that), and
        // mllr_solve then writes the identity: keep the transform the earlier round learned.
        opts.onNote?.(`speaker transform round ${round} learned nothing: the record keeps round ${round - 1}'s`);
        break;
      }
      mllr = transform;
      if (round < rounds) {
        const next = await decode(`pass${round + 1}`, mllr, ONE_PASS);
        if (round === 1) {
          changed = changedShare(wordsOf(heard), wordsOf(next));
          if (changed > CLEAR_SPEECH_CHANGED_SHARE) rounds = UNCLEAR_SPEECH_ROUNDS;
        }
        heard = next;
      }
    }
  } catch (err) {
    // The record then uses the last transform there is (none: the candidate's model alone, still
    // better than live).
    note('speaker transform stopped', err);
  }
  let recordModel: Pick<CarefulModel, 'lm' | 'dict'> = model;
  if (changed !== undefined) opts.onNote?.(`the first speaker transform changed ${changed.toFixed(3)} of the words`);
  if (opts.clearSpeechModel && changed !== undefined && changed <= CLEAR_SPEECH_CHANGED_SHARE) {
    // Clear speech needs the job's text less: a lighter mix stops it pulling ordinary words toward
    // the job's (Flite 0.180 → 0.169 on development speech), where unclear speech still needs it.
    try {
      const clear = await opts.clearSpeechModel();
      if (clear) recordModel = clear;
      else opts.onNote?.('no clear-speech model: the record keeps the job mix');
    } catch (err) {
      note('no clear-speech model', err);
    }
  }
  let ctm: string;
  try {
    ctm = await decode('record', mllr, [], recordModel);
  } catch (err) {
    if (!mllr && recordModel === model) throw err;
    note('the record decode failed, decoding with the job mix alone', err);
    mllr = undefined;
    ctm = await decode('plain');
  }
  return readCtm(ctm, ids).map((answer) =>
    respell(answer, model.respellings, (parts, text) => ({
      text,
      confidence: Math.min(...parts.map((p) => p.confidence)),
      start_seconds: parts[0]!.start_seconds,
      end_seconds: parts.at(-1)!.end_seconds,
    })),
  );
}

/**
 * Whether an `mllr_solve` transform is the identity (every matrix the unit matrix, every bias 0): what
 * it writes when `bw` gathered no statistics. Its text: the class and stream counts, then per stream
 * the vector length, the matrix rows, the bias and the variance scale.
 */
export function learnedNothing(transform: string): boolean {
  const numbers = transform.trim().split(/\s+/).map(Number);
  if (numbers.some((n) => !Number.isFinite(n))) return false;
  let at = 0;
  const next = () => numbers[at++]!;
  const [classes, streams] = [next(), next()];
  for (let c = 0; c < classes; c++) {
    for (let st = 0; st < streams; st++) {
      const length = next();
      for (let row = 0; row < length; row++)
        for (let col = 0; col < length; col++) if (Math.abs(next() - (row === col ? 1 : 0)) > 1e-6) return false;
      for (let k = 0; k < length; k++) if (Math.abs(next()) > 1e-6) return false;
      at += length; // the variance scale, left as it is in either case
    }
  }
  return at === numbers.length;
}

/**
 * The share of a decode's words that a later decode of the same answers changed: word edit distance,
 * answer by answer, over the later decode's word count.
 */
export function changedShare(before: string[][], after: string[][]): number {
  let edits = 0;
  let words = 0;
  after.forEach((later, i) => {
    const earlier = before[i] ?? [];
    // One row of the edit-distance table at a time.
    let row = Array.from({ length: later.length + 1 }, (_, j) => j);
    for (let x = 1; x <= earlier.length; x++) {
      const next = [x];
      for (let y = 1; y <= later.length; y++) {
        const same = earlier[x - 1] === later[y - 1];
        next[y] = Math.min(row[y]! + 1, next[y - 1]! + 1, row[y - 1]! + (same ? 0 : 1));
      }
      row = next;
    }
    edits += row[later.length]!;
    words += later.length;
  });
  return edits / Math.max(1, words);
}

type Exec = (cmd: string, args: string[]) => Promise<unknown>;

/** The cepstra `bw` reads, once per pass (they depend on the audio alone). */
async function extractFeatures(dir: string, ctl: string, exec: Exec) {
  await exec('sphinx_fe', [
    ...['-lowerf', '130', '-upperf', '6800', '-nfilt', '25', '-transform', 'dct', '-lifter', '22'],
    ...['-samprate', String(STT_RATE), '-c', ctl, '-di', path.join(dir, 'wav')],
    ...['-do', path.join(dir, 'feats'), '-ei', 'wav', '-eo', 'mfc', '-mswav', 'yes'],
  ]);
}

/**
 * `bw`'s transcript of a decode: the recognizer's own words, pronunciation variants kept ("read(2)"),
 * `<sil>` where it heard a pause between two words, never respelled (respelling comes after the last decode).
 */
export function adaptationText(ctm: string, ids: string[]): { id: string; line: string }[] {
  const rows = ctmRows(ctm, ids);
  return ids
    .map((id) => {
      const words = rows.get(id)!;
      const line = words
        .map((w, k) => (k > 0 && w.start - words[k - 1]!.end >= PAUSE_SECONDS ? `<sil> ${w.word}` : w.word))
        .join(' ');
      return { id, line };
    })
    .filter((u) => u.line);
}

/**
 * Baum-Welch statistics on a decode's words, and one global MLLR transform from them. With `earlier`
 * (the previous round's transform), `bw` aligns the words with the model that transform adapted:
 * against the plain model, an unusual voice's words mostly fail to align (4-7 of 8 espeak-ng answers
 * on development speech), so the second round learned from little or nothing (decision 0218). The
 * new transform is still estimated against the plain model's means, so it replaces the earlier one.
 */
async function speakerTransform(
  heard: { id: string; line: string }[],
  dir: string,
  round: number,
  model: CarefulModel,
  adaptDir: string,
  exec: Exec,
  earlier?: string,
): Promise<string> {
  if (!heard.length) throw new Error('nothing heard to adapt on');
  const ctl = path.join(dir, 'adapt.ids');
  const lsn = path.join(dir, 'adapt.trans');
  const acc = path.join(dir, `acc${round}`);
  fs.writeFileSync(ctl, heard.map((u) => `${u.id}\n`).join(''));
  fs.writeFileSync(lsn, heard.map((u) => `<s> ${u.line} </s> (${u.id})\n`).join(''));
  fs.mkdirSync(acc, { recursive: true });
  await exec(path.join(SPHINXTRAIN, 'bw'), [
    ...['-hmmdir', adaptDir, '-moddeffn', path.join(adaptDir, 'mdef.txt'), '-ts2cbfn', '.ptm.'],
    ...['-feat', '1s_c_d_dd', '-svspec', '0-12/13-25/26-38', '-cmn', 'current', '-agc', 'none'],
    ...['-dictfn', model.dict, '-fdictfn', path.join(adaptDir, 'noisedict')],
    ...['-ctlfn', ctl, '-lsnfn', lsn, '-cepdir', path.join(dir, 'feats'), '-accumdir', acc],
    ...(earlier ? ['-mllrmat', earlier] : []),
  ]);
  const out = path.join(dir, `mllr_matrix${round}`);
  await exec(path.join(SPHINXTRAIN, 'mllr_solve'), [
    ...['-meanfn', path.join(adaptDir, 'means'), '-varfn', path.join(adaptDir, 'variances')],
    ...['-outmllrfn', out, '-accumdir', acc],
  ]);
  return out;
}

type CtmRow = { word: string; start: number; end: number; posterior: number };

/** `uttid channel start duration word posterior` lines → each answer's words as printed (fillers left out). */
function ctmRows(ctm: string, ids: string[]): Map<string, CtmRow[]> {
  const byId = new Map(ids.map((id) => [id, [] as CtmRow[]]));
  for (const line of ctm.split('\n')) {
    const [id, , start, duration, word, posterior] = line.trim().split(/\s+/);
    const list = id ? byId.get(id) : undefined;
    if (!list || !word || word.startsWith('<') || word.startsWith('[')) continue;
    const s = Number(start);
    list.push({ word, start: s, end: s + Number(duration), posterior: Number(posterior) });
  }
  return byId;
}

/** A decode's `-ctm` → words per answer, pronunciation variants stripped ("read(2)" → "read"). */
export function readCtm(ctm: string, ids: string[]): CarefulWord[][] {
  const rows = ctmRows(ctm, ids);
  return ids.map((id) =>
    rows.get(id)!.map((r) => ({
      text: r.word.replace(/\(\d+\)$/, ''),
      // The recognizer's log arithmetic can print a sure word as 1.0002.
      confidence: Math.min(1, Math.max(0, r.posterior || 0)),
      start_seconds: r.start,
      end_seconds: Math.round(r.end * 100) / 100,
    })),
  );
}
