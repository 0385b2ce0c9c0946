import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArpa, writeArpa } from '../../../src/interview/recognition/arpa';
import { buildKneserNey } from '../../../src/interview/recognition/kneser-ney';
import { mixModels } from '../../../src/interview/recognition/mix';
import { dictionaryFor } from '../../../src/interview/recognition/pronounce';
import { bigramLogProb, trigramLogProb, type TrigramModel } from '../../../src/interview/recognition/ngram';

const sentences = [
  'i sculpt characters in z brush',
  'i texture them in substance painter',
  'i sculpt props in blender and z brush',
  'my retopology is clean',
  'i love blender',
].map((s) => s.split(' '));

/** Sum over the vocabulary of P(w | history) with the model's own backoff; `before` is the history as text. */
function mass(m: TrigramModel, before: string): number {
  const history = before ? before.split(' ') : [];
  const id = (w: string) => m.words.indexOf(w);
  let sum = 0;
  for (let w = 0; w < m.words.length; w++) {
    const lp =
      history.length === 0
        ? m.uniProb[w]!
        : history.length === 1
          ? bigramLogProb(m, id(history[0]!), w)
          : trigramLogProb(m, id(history[0]!), id(history[1]!), w);
    sum += 10 ** lp;
  }
  return sum;
}

describe('the Kneser-Ney model of the job text', () => {
  const m = buildKneserNey(sentences);

  it('gives every history a distribution that sums to one', () => {
    for (const h of ['', 'i', 'z', '<s>', 'blender', 'i sculpt', '<s> i', 'in z', 'my retopology']) {
      expect(mass(m, h)).toBeCloseTo(1, 4);
    }
  });

  it('prefers what the text says', () => {
    const id = (w: string) => m.words.indexOf(w);
    expect(trigramLogProb(m, id('in'), id('z'), id('brush'))).toBeGreaterThan(-0.2);
    expect(trigramLogProb(m, id('i'), id('sculpt'), id('characters'))).toBeGreaterThan(
      trigramLogProb(m, id('i'), id('sculpt'), id('painter')),
    );
  });
});

describe('mixing the general model with the job model', () => {
  // A small stand-in for the general model, with its own words and n-grams.
  const general = buildKneserNey(
    ['i love my dog', 'i love drawing', 'the dog sleeps', 'i sculpt in the garden'].map((s) => s.split(' ')),
  );
  const job = buildKneserNey(sentences);
  const mixed = mixModels(general, job, 0.5);

  it('holds both vocabularies and the union of the n-grams, each history normalized', () => {
    expect(mixed.words).toEqual(expect.arrayContaining(['dog', 'garden', 'brush', 'retopology']));
    for (const h of ['', 'i', 'love', 'z', '<s>', 'i love', 'i sculpt', 'in z', 'the dog']) {
      expect(mass(mixed, h)).toBeCloseTo(1, 3);
    }
  });

  it('gives each n-gram the average of the two models probabilities', () => {
    const p = (m: TrigramModel, u: string, v: string, w: string) =>
      10 ** trigramLogProb(m, m.words.indexOf(u), m.words.indexOf(v), m.words.indexOf(w));
    // Explicit in the job model only, in the general one only, and in both.
    for (const [u, v, w] of [
      ['in', 'z', 'brush'],
      ['i', 'love', 'my'],
      ['i', 'sculpt', 'in'],
    ] as const) {
      const jobP = job.words.includes(w) && job.words.includes(u) && job.words.includes(v) ? p(job, u, v, w) : 0;
      const generalP =
        general.words.includes(w) && general.words.includes(u) && general.words.includes(v) ? p(general, u, v, w) : 0;
      expect(p(mixed, u, v, w)).toBeCloseTo(0.5 * jobP + 0.5 * generalP, 4);
    }
  });

  it('writes a valid ARPA file that reads back to the same model', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'arpa-')), 'mixed.arpa');
    await writeArpa(mixed, file);
    const back = parseArpa(fs.readFileSync(file, 'utf8'));
    expect(back.words).toEqual(mixed.words);
    expect(back.biWord.length).toBe(mixed.biWord.length);
    expect(back.triWord.length).toBe(mixed.triWord.length);
    expect(mass(back, 'i love')).toBeCloseTo(1, 3);
  });

  it('rejects a file whose header does not match its sections', () => {
    expect(() =>
      parseArpa(
        '\\data\\\nngram 1=2\nngram 2=0\nngram 3=0\n\n\\1-grams:\n-1 a 0\n\n\\2-grams:\n\n\\3-grams:\n\n\\end\\\n',
      ),
    ).toThrow(/header says 2, found 1/);
  });
});

describe('the job dictionary', () => {
  it('keeps every pronunciation of the words the language model has, and only those', () => {
    const dict = 'blender B L EH N D ER\nbrush B R AH SH\nread R EH D\nread(2) R IY D\nzebu Z IY B UW\n';
    expect(dictionaryFor(dict, new Set(['blender', 'read', '<s>']))).toBe(
      'blender B L EH N D ER\nread R EH D\nread(2) R IY D\n',
    );
  });
});
