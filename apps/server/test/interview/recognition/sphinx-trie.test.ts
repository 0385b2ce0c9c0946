import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bigramLogProb, trigramLogProb } from '../../../src/interview/recognition/ngram';
import { readSphinxTrie } from '../../../src/interview/recognition/sphinx-trie';

const GENERAL = '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin';

describe.skipIf(!fs.existsSync(GENERAL))('reading the general model binary', () => {
  const m = readSphinxTrie(GENERAL);
  const id = (w: string) => m.words.indexOf(w);

  it('has the n-gram counts of the file and normalized distributions', () => {
    expect([m.words.length, m.biWord.length, m.triWord.length]).toEqual([72547, 2051541, 1669625]);
    let sum = 0;
    for (const p of m.uniProb) sum += 10 ** p;
    expect(sum).toBeCloseTo(1, 4);
    for (const h of ['the', 'love']) {
      let s = 0;
      for (let w = 0; w < m.words.length; w++) s += 10 ** bigramLogProb(m, id(h), w);
      expect(s).toBeCloseTo(1, 2);
    }
    // Two full passes over the 72,547-word vocabulary: ~6 s on a quiet 2-core machine, far more on a busy one.
  }, 120_000);

  it('gives the probabilities libsphinxbase computes for the same file', () => {
    // Reference values printed by ngram_probv() of Debian's libsphinxbase3 on this model.
    const expected: [string, number][] = [
      ['of the people', -1.869761],
      ['in the world', -1.509011],
      ["of the 'cause", -7.019672],
      ['i love drawing', -4.413862],
      ['<s> i love', -1.92626],
    ];
    for (const [trigram, logProb] of expected) {
      const [u, v, w] = trigram.split(' ').map(id) as [number, number, number];
      expect(trigramLogProb(m, u, v, w)).toBeCloseTo(logProb, 3);
    }
  });
});
