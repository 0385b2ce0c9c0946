/**
 * The careful second pass over one interview's answers (decision 0172, after the measured recipe in
 * the recognition guide): every answer decoded whole by one fresh `pocketsphinx_batch` in a fixed
 * order, with noise and silence removal off (their state would carry from one answer to the next),
 * then an unsupervised MLLR speaker transform estimated from that first decode (`sphinx_fe`, `bw`,
 * `mllr_solve`) and a second decode with it. Word posteriors come from `-ctm`. Every program runs
 * at the lowest CPU priority; the same audio and model give byte-identical words.
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

export type CarefulModel = { lm: string; dict: string; respellings: Spellings };
/** A heard word: confidence is the lattice posterior in [0, 1]; times are seconds into its answer. */
export type CarefulWord = { text: string; confidence: number; start_seconds: number; end_seconds: number };

export type CarefulOptions = {
  /** A folder of its own for this pass (removed afterwards by the caller). */
  workDir: string;
  /** The bw-readable copy of the acoustic model (acoustic-model.ts). */
  adaptDir: string;
  signal?: AbortSignal;
  /** Why the transform was skipped, when it was (too little speech, a tool failing). */
  onNote?: (note: string) => void;
};

/** Words per answer, in the order given; an answer with nothing heard gets []. */
export async function transcribeCarefully(
  answers: Int16Array[],
  model: CarefulModel,
  opts: CarefulOptions,
): Promise<CarefulWord[][]> {
  const dir = opts.workDir;
  const ids = answers.map((_, i) => `a${String(i).padStart(4, '0')}`);
  for (const sub of ['raw', 'wav', 'feats', 'acc']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  answers.forEach((pcm, i) => {
    fs.writeFileSync(path.join(dir, 'raw', `${ids[i]}.raw`), pcmToBuffer(pcm));
    fs.writeFileSync(path.join(dir, 'wav', `${ids[i]}.wav`), encodeWav(pcm, STT_RATE));
  });
  const ctl = path.join(dir, 'ids');
  fs.writeFileSync(ctl, ids.map((id) => `${id}\n`).join(''));
  const exec = (cmd: string, args: string[]) =>
    // nice(1) execs the program itself, so the abort signal reaches it.
    run('nice', ['-n', '19', cmd, ...args], { signal: opts.signal, maxBuffer: 1 << 26 });

  const decode = async (name: string, mllr?: string) => {
    await exec('pocketsphinx_batch', [
      ...['-adcin', 'yes', '-cepdir', path.join(dir, 'raw'), '-cepext', '.raw', '-ctl', ctl],
      ...['-hmm', ACOUSTIC_MODEL_DIR, '-lm', model.lm, '-dict', model.dict],
      ...['-remove_noise', 'no', '-remove_silence', 'no'],
      ...(mllr ? ['-mllr', mllr] : []),
      ...['-ctm', path.join(dir, `${name}.ctm`), '-hyp', path.join(dir, `${name}.hyp`), '-logfn', '/dev/null'],
    ]);
    return readCtm(fs.readFileSync(path.join(dir, `${name}.ctm`), 'utf8'), ids);
  };

  const first = await decode('pass1');
  let words = first;
  try {
    const mllr = await speakerTransform(first, ids, model, dir, opts.adaptDir, exec);
    words = await decode('pass2', mllr);
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    // The first decode still is a whole-answer decode with the candidate's model: better than live.
    opts.onNote?.(`speaker transform skipped: ${String(err instanceof Error ? err.message : err).slice(0, 300)}`);
  }
  return words.map((answer) =>
    respell(answer, model.respellings, (parts, text) => ({
      text,
      confidence: Math.min(...parts.map((p) => p.confidence)),
      start_seconds: parts[0]!.start_seconds,
      end_seconds: parts.at(-1)!.end_seconds,
    })),
  );
}

/** Features, Baum-Welch statistics on the first decode's words, and one global MLLR transform. */
async function speakerTransform(
  first: CarefulWord[][],
  ids: string[],
  model: CarefulModel,
  dir: string,
  adaptDir: string,
  exec: (cmd: string, args: string[]) => Promise<unknown>,
): Promise<string> {
  const heard = ids.map((id, i) => ({ id, words: first[i]!.map((w) => w.text) })).filter((u) => u.words.length);
  if (!heard.length) throw new Error('nothing heard to adapt on');
  const ctl = path.join(dir, 'adapt.ids');
  const lsn = path.join(dir, 'adapt.trans');
  fs.writeFileSync(ctl, heard.map((u) => `${u.id}\n`).join(''));
  fs.writeFileSync(lsn, heard.map((u) => `<s> ${u.words.join(' ')} </s> (${u.id})\n`).join(''));
  await exec('sphinx_fe', [
    ...['-lowerf', '130', '-upperf', '6800', '-nfilt', '25', '-transform', 'dct', '-lifter', '22'],
    ...['-samprate', String(STT_RATE), '-c', ctl, '-di', path.join(dir, 'wav'), '-do', path.join(dir, 'feats')],
    ...['-ei', 'wav', '-eo', 'mfc', '-mswav', 'yes'],
  ]);
  await exec(path.join(SPHINXTRAIN, 'bw'), [
    ...['-hmmdir', adaptDir, '-moddeffn', path.join(adaptDir, 'mdef.txt'), '-ts2cbfn', '.ptm.'],
    ...['-feat', '1s_c_d_dd', '-svspec', '0-12/13-25/26-38', '-cmn', 'current', '-agc', 'none'],
    ...['-dictfn', model.dict, '-fdictfn', path.join(adaptDir, 'noisedict')],
    ...['-ctlfn', ctl, '-lsnfn', lsn, '-cepdir', path.join(dir, 'feats'), '-accumdir', path.join(dir, 'acc')],
  ]);
  const out = path.join(dir, 'mllr_matrix');
  await exec(path.join(SPHINXTRAIN, 'mllr_solve'), [
    ...['-meanfn', path.join(adaptDir, 'means'), '-varfn', path.join(adaptDir, 'variances')],
    ...['-outmllrfn', out, '-accumdir', path.join(dir, 'acc')],
  ]);
  return out;
}

/** `uttid channel start duration word posterior` lines → words per answer (fillers are not printed). */
export function readCtm(ctm: string, ids: string[]): CarefulWord[][] {
  const byId = new Map(ids.map((id) => [id, [] as CarefulWord[]]));
  for (const line of ctm.split('\n')) {
    const [id, , start, duration, word, posterior] = line.trim().split(/\s+/);
    const list = id ? byId.get(id) : undefined;
    if (!list || !word || word.startsWith('<') || word.startsWith('[')) continue;
    const s = Number(start);
    list.push({
      text: word.replace(/\(\d+\)$/, ''),
      // The recognizer's log arithmetic can print a sure word as 1.0002.
      confidence: Math.min(1, Math.max(0, Number(posterior) || 0)),
      start_seconds: s,
      end_seconds: Math.round((s + Number(duration)) * 100) / 100,
    });
  }
  return ids.map((id) => byId.get(id)!);
}
