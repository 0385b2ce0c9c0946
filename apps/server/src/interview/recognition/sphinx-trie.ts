import fs from 'node:fs';
import { findSorted, type TrigramModel } from './ngram';

/**
 * Reads a trigram model in the binary trie format of Debian's sphinxbase 5prealpha (`en-us.lm.bin`):
 * that build's own ARPA export aborts on this file, so the general model's n-grams are read here.
 *
 * Layout: the text "Trie Language Model", the order (1 byte), the n-gram counts (uint32 each); a
 * 4-byte field, then the quantizer's bin centres (float32: bigram probabilities, bigram backoffs,
 * trigram probabilities, 2^16 each); the unigrams (count + 1 records of float prob, float backoff,
 * uint32 index of their first bigram); the bigram entries (bit-packed: word id, 16-bit backoff bin,
 * 16-bit probability bin, index of the first trigram) and the trigram entries (word id, 16-bit
 * probability bin), each array padded to whole bytes plus 8; then the words as NUL-ended strings.
 * Values are in units of log base 1.0001 (sphinxbase's default log base when the file was written);
 * they are returned as log10.
 */
const HEADER = 'Trie Language Model';
const BINS = 1 << 16;
const TO_LOG10 = Math.log10(1.0001);

export function readSphinxTrie(file: string): TrigramModel {
  const buf = fs.readFileSync(file);
  if (buf.toString('latin1', 0, HEADER.length) !== HEADER) throw new Error(`${file}: not a trie language model`);
  let at = HEADER.length;
  const order = buf.readUInt8(at);
  at += 1;
  if (order !== 3) throw new Error(`${file}: order ${order}, expected a trigram model`);
  const counts = [0, 1, 2].map((i) => buf.readUInt32LE(at + 4 * i));
  at += 12;
  const [nUni, nBi, nTri] = counts as [number, number, number];

  at += 4; // unused field before the quantizer
  const bins = (index: number) => {
    const out = new Float32Array(BINS);
    for (let i = 0; i < BINS; i++) out[i] = buf.readFloatLE(at + (index * BINS + i) * 4);
    return out;
  };
  const biProbBins = bins(0);
  const biBoBins = bins(1);
  const triProbBins = bins(2);
  at += 3 * BINS * 4;

  const uniProb = new Float32Array(nUni);
  const uniBo = new Float32Array(nUni);
  const biStart = new Uint32Array(nUni + 1);
  for (let i = 0; i <= nUni; i++) {
    const rec = at + i * 12;
    if (i < nUni) {
      uniProb[i] = buf.readFloatLE(rec) * TO_LOG10;
      uniBo[i] = buf.readFloatLE(rec + 4) * TO_LOG10;
    }
    biStart[i] = buf.readUInt32LE(rec + 8);
  }
  at += (nUni + 1) * 12;

  const wordBits = requiredBits(nUni);
  const nextBits = requiredBits(nTri);
  const biTotal = wordBits + 32 + nextBits;
  const biBase = at;
  at += arrayBytes(nBi, biTotal);
  const triTotal = wordBits + 16;
  const triBase = at;
  at += arrayBytes(nTri, triTotal);

  // Reads `bits` bits at bit `offset` of the array at byte `base` (little-endian, as sphinxbase does).
  const read = (base: number, offset: number, bits: number) => {
    const byte = base + (offset >>> 3);
    const word = buf[byte]! | (buf[byte + 1]! << 8) | (buf[byte + 2]! << 16) | (buf[byte + 3]! << 24);
    return ((word >>> (offset & 7)) & (bits >= 32 ? 0xffffffff : (1 << bits) - 1)) >>> 0;
  };

  // The header's counts can exceed the entries actually written; the unigrams' last range end is the real bigram count.
  const nBigrams = biStart[nUni]!;
  // The trie is indexed backwards (predicted word first): the unigram w owns entries v meaning the
  // bigram "v w", and those own entries u meaning the trigram "u v w".
  const revWord = new Uint32Array(nBigrams);
  const revProb = new Float32Array(nBigrams);
  const revBo = new Float32Array(nBigrams);
  const revTriStart = new Uint32Array(nBigrams + 1);
  for (let i = 0; i <= nBigrams; i++) {
    const off = i * biTotal;
    if (i < nBigrams) {
      revWord[i] = read(biBase, off, wordBits);
      revBo[i] = biBoBins[read(biBase, off + wordBits, 16)]! * TO_LOG10;
      revProb[i] = biProbBins[read(biBase, off + wordBits + 16, 16)]! * TO_LOG10;
    }
    revTriStart[i] = read(biBase, off + wordBits + 32, nextBits);
  }
  const nTrigrams = revTriStart[nBigrams]!;
  const revTriWord = new Uint32Array(nTrigrams);
  const revTriProb = new Float32Array(nTrigrams);
  for (let i = 0; i < nTrigrams; i++) {
    const off = i * triTotal;
    revTriWord[i] = read(triBase, off, wordBits);
    revTriProb[i] = triProbBins[read(triBase, off + wordBits, 16)]! * TO_LOG10;
  }

  // Bigrams in forward order (v, w): the backward order is by w, so a stable bucketing by v suffices.
  const revOwner = owners(biStart, nBigrams); // w of each backward bigram entry
  const biOrder = stableBucketOrder(revWord, nUni);
  const fwdStart = bucketStarts(revWord, nUni);
  const biWord = new Uint32Array(nBigrams);
  const biProb = new Float32Array(nBigrams);
  const biBo = new Float32Array(nBigrams);
  for (let k = 0; k < nBigrams; k++) {
    const r = biOrder[k]!;
    biWord[k] = revOwner[r]!;
    biProb[k] = revProb[r]!;
    biBo[k] = revBo[r]!;
  }

  // Trigrams in forward order (u, v, w): from backward order (w, v, u), stable by v then by u.
  const triW = new Uint32Array(nTrigrams);
  const triV = new Uint32Array(nTrigrams);
  const triOwner = owners(revTriStart, nTrigrams);
  for (let i = 0; i < nTrigrams; i++) {
    triV[i] = revWord[triOwner[i]!]!;
    triW[i] = revOwner[triOwner[i]!]!;
  }
  const byV = stableBucketOrder(triV, nUni);
  const uAfterV = Uint32Array.from(byV, (i) => revTriWord[i]!);
  const byU = stableBucketOrder(uAfterV, nUni);
  const triWord = new Uint32Array(nTrigrams);
  const triProb = new Float32Array(nTrigrams);
  const parent = new Uint32Array(nTrigrams);
  const fwd = { biStart: fwdStart, biWord } as Pick<TrigramModel, 'biStart' | 'biWord'>;
  for (let k = 0; k < nTrigrams; k++) {
    const i = byV[byU[k]!]!;
    const u = revTriWord[i]!;
    const b = findSorted(fwd.biWord, fwd.biStart[u]!, fwd.biStart[u + 1]!, triV[i]!);
    if (b < 0) throw new Error(`${file}: trigram without its leading bigram`);
    triWord[k] = triW[i]!;
    triProb[k] = revTriProb[i]!;
    parent[k] = b;
  }
  const triStart = bucketStarts(parent, nBigrams);

  const size = buf.readInt32LE(at);
  at += 4;
  const words = buf.toString('latin1', at, at + size - 1).split('\0');
  if (words.length !== nUni) throw new Error(`${file}: ${words.length} word strings for ${nUni} unigrams`);
  return { words, uniProb, uniBo, biStart: fwdStart, biWord, biProb, biBo, triStart, triWord, triProb };
}

function requiredBits(max: number): number {
  return max ? Math.floor(Math.log2(max)) + 1 : 0;
}

/** Bytes of a bit-packed array of `entries` + 1 records (the extra one ends the last range), plus 8 of padding. */
function arrayBytes(entries: number, totalBits: number): number {
  return Math.floor(((1 + entries) * totalBits + 7) / 8) + 8;
}

/** For entries [0, n) split into ranges by `starts`, the range (owner) of each entry. */
function owners(starts: Uint32Array, n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let o = 0; o + 1 < starts.length; o++) out.fill(o, starts[o]!, starts[o + 1]!);
  return out;
}

/** Entry indices ordered by key, keeping the current order among equal keys (counting sort). */
function stableBucketOrder(keys: Uint32Array, nKeys: number): Uint32Array {
  const next = bucketStarts(keys, nKeys).slice(0, nKeys);
  const order = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) order[next[keys[i]!]!++] = i;
  return order;
}

/** starts[k] = number of entries with a key below k, for k in [0, nKeys]. */
function bucketStarts(keys: Uint32Array, nKeys: number): Uint32Array {
  const starts = new Uint32Array(nKeys + 1);
  for (const k of keys) starts[k + 1]!++;
  for (let k = 0; k < nKeys; k++) starts[k + 1]! += starts[k]!;
  return starts;
}
