/**
 * Builds one job model in its own process (see job-model.ts): reads the job's text from the parent,
 * writes job.lm.bin, job.dict and respellings.json into a temporary folder, renames it into place.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { writeArpa } from './arpa';
import { normalizeText } from './job-text';
import { spellingsOf } from './spelling';
import { buildKneserNey } from './kneser-ney';
import { mixModels } from './mix';
import { dictionaryFor, dictionaryWords, pronounce } from './pronounce';
import { readSphinxTrie } from './sphinx-trie';

const run = promisify(execFile);

type Request = { folder: string; generalDir: string; texts: string[]; names: string[]; jobWeight: number };

export async function buildJobModel({ folder, generalDir, texts, names, jobWeight }: Request) {
  const dictFile = path.join(generalDir, 'cmudict-en-us.dict');
  const known = dictionaryWords(dictFile);
  const { sentences } = normalizeText(texts, (w) => known.has(w));
  const missing = [...new Set(sentences.flat())].filter((w) => !known.has(w));
  const added = new Map<string, string>();
  for (const word of missing) {
    const phones = await pronounce(word);
    if (phones) added.set(word, phones);
  }
  // A word with no pronunciation cannot be heard: its sentence is cut there.
  const usable = sentences.flatMap((s) => splitAt(s, (w) => known.has(w) || added.has(w)));

  const tmp = `${folder}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  const mixed = mixModels(readSphinxTrie(path.join(generalDir, 'en-us.lm.bin')), buildKneserNey(usable), jobWeight);
  const arpa = path.join(tmp, 'job.arpa');
  await writeArpa(mixed, arpa);
  await run('sphinx_lm_convert', ['-i', arpa, '-o', path.join(tmp, 'job.lm.bin')], { maxBuffer: 1 << 24 });
  fs.rmSync(arpa);
  const extra = [...added].map(([w, p]) => `${w} ${p}\n`).join('');
  fs.writeFileSync(
    path.join(tmp, 'job.dict'),
    dictionaryFor(fs.readFileSync(dictFile, 'utf8'), new Set(mixed.words)) + extra,
  );
  fs.writeFileSync(path.join(tmp, 'respellings.json'), JSON.stringify([...spellingsOf(texts, names).phrases]));
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(tmp, folder);
}

function splitAt(words: string[], keep: (w: string) => boolean): string[][] {
  const out: string[][] = [[]];
  for (const w of words) {
    if (keep(w)) out.at(-1)!.push(w);
    else out.push([]);
  }
  return out.filter((s) => s.length);
}

if (process.send) {
  // The server stopped (or crashed): a build nobody waits for is not finished.
  process.once('disconnect', () => process.exit(0));
  process.once('message', (req: Request) => {
    buildJobModel(req).then(
      () => process.send!({ done: true }, () => process.exit(0)),
      (err: unknown) => process.send!({ error: String(err instanceof Error ? err.stack : err) }, () => process.exit(1)),
    );
  });
}
