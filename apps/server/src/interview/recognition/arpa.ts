import fs from 'node:fs';
import { LOG_ZERO, modelFromNgrams, type TrigramModel } from './ngram';

const fmt = (x: number) => (x <= LOG_ZERO ? String(LOG_ZERO) : x.toFixed(6));

/** Writes the model as an ARPA file (streamed: the mixed model has millions of lines). */
export async function writeArpa(m: TrigramModel, file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  let chunk: string[] = [];
  const flush = async () => {
    if (!out.write(chunk.join(''))) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    chunk = [];
  };
  const line = async (s: string) => {
    chunk.push(s, '\n');
    if (chunk.length > 20000) await flush();
  };
  await line('\\data\\');
  await line(`ngram 1=${m.words.length}`);
  await line(`ngram 2=${m.biWord.length}`);
  await line(`ngram 3=${m.triWord.length}`);
  await line('');
  await line('\\1-grams:');
  for (let w = 0; w < m.words.length; w++) await line(`${fmt(m.uniProb[w]!)} ${m.words[w]} ${fmt(m.uniBo[w]!)}`);
  await line('');
  await line('\\2-grams:');
  for (let v = 0; v < m.words.length; v++) {
    for (let b = m.biStart[v]!; b < m.biStart[v + 1]!; b++) {
      await line(`${fmt(m.biProb[b]!)} ${m.words[v]} ${m.words[m.biWord[b]!]} ${fmt(m.biBo[b]!)}`);
    }
  }
  await line('');
  await line('\\3-grams:');
  for (let v = 0; v < m.words.length; v++) {
    for (let b = m.biStart[v]!; b < m.biStart[v + 1]!; b++) {
      const prefix = `${m.words[v]} ${m.words[m.biWord[b]!]} `;
      for (let t = m.triStart[b]!; t < m.triStart[b + 1]!; t++) {
        await line(`${fmt(m.triProb[t]!)} ${prefix}${m.words[m.triWord[t]!]}`);
      }
    }
  }
  await line('');
  await line('\\end\\');
  await flush();
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

/**
 * Parses an ARPA trigram file, checking what the format requires: the counts in the header match
 * the sections, every n-gram's words are unigrams, every trigram's first two words are a bigram.
 */
export function parseArpa(text: string): TrigramModel {
  const lines = text.split('\n').map((l) => l.trim());
  const counts: number[] = [];
  let i = lines.indexOf('\\data\\');
  if (i < 0) throw new Error('no \\data\\ section');
  for (i++; lines[i]?.startsWith('ngram '); i++) counts.push(Number(lines[i]!.split('=')[1]));
  if (counts.length !== 3) throw new Error(`expected 3 orders, found ${counts.length}`);
  const section = (n: number) => {
    const start = lines.indexOf(`\\${n}-grams:`);
    if (start < 0) throw new Error(`no \\${n}-grams: section`);
    const rows: string[][] = [];
    for (let j = start + 1; j < lines.length && lines[j] && !lines[j]!.startsWith('\\'); j++)
      rows.push(lines[j]!.split(/\s+/));
    if (rows.length !== counts[n - 1])
      throw new Error(`${n}-grams: header says ${counts[n - 1]}, found ${rows.length}`);
    return rows;
  };
  if (!lines.includes('\\end\\')) throw new Error('no \\end\\');
  const uni = section(1);
  const words = uni.map((r) => r[1]!);
  const ids = new Map(words.map((w, k) => [w, k]));
  const id = (w: string) => {
    const k = ids.get(w);
    if (k === undefined) throw new Error(`word not among the unigrams: ${w}`);
    return k;
  };
  const num = (s: string | undefined) => {
    const x = Number(s ?? 0);
    if (!Number.isFinite(x)) throw new Error(`not a number: ${s}`);
    return x;
  };
  return modelFromNgrams(
    words,
    uni.map((r) => ({ prob: num(r[0]), bo: num(r[2]) })),
    section(2).map((r) => ({ ids: [id(r[1]!), id(r[2]!)], prob: num(r[0]), bo: num(r[3]) })),
    section(3).map((r) => ({ ids: [id(r[1]!), id(r[2]!), id(r[3]!)], prob: num(r[0]) })),
  );
}
