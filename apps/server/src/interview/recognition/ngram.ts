/**
 * A trigram language model in flat arrays, the shape the general model's binary trie has and the
 * shape this module builds the job model and the mixed model in. Probabilities and backoff weights
 * are log10, as in ARPA files. Word ids index `words`; each history's successors are sorted by id,
 * so lookups are binary searches.
 */
export type TrigramModel = {
  words: string[];
  uniProb: Float32Array;
  uniBo: Float32Array;
  /** Bigrams of unigram w are [biStart[w], biStart[w + 1]). Length words.length + 1. */
  biStart: Uint32Array;
  biWord: Uint32Array;
  biProb: Float32Array;
  biBo: Float32Array;
  /** Trigrams of bigram b are [triStart[b], triStart[b + 1]). Length biWord.length + 1. */
  triStart: Uint32Array;
  triWord: Uint32Array;
  triProb: Float32Array;
};

/** log10 of zero probability, as ARPA files write it. */
export const LOG_ZERO = -99;

/** Index of `word` among ids[from, to) (sorted), or -1. */
export function findSorted(ids: Uint32Array, from: number, to: number, word: number): number {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = ids[mid]!;
    if (v === word) return mid;
    if (v < word) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Index of the bigram (v, w), or -1. */
export function bigramIndex(m: TrigramModel, v: number, w: number): number {
  return findSorted(m.biWord, m.biStart[v]!, m.biStart[v + 1]!, w);
}

/** Index of the trigram (u, v, w), or -1. */
export function trigramIndex(m: TrigramModel, u: number, v: number, w: number): number {
  const b = bigramIndex(m, u, v);
  return b < 0 ? -1 : findSorted(m.triWord, m.triStart[b]!, m.triStart[b + 1]!, w);
}

/** log10 P(w | v) with backoff. */
export function bigramLogProb(m: TrigramModel, v: number, w: number): number {
  const b = bigramIndex(m, v, w);
  if (b >= 0) return m.biProb[b]!;
  return m.uniBo[v]! + m.uniProb[w]!;
}

/** log10 P(w | u v) with backoff (as the decoder computes it). */
export function trigramLogProb(m: TrigramModel, u: number, v: number, w: number): number {
  const uv = bigramIndex(m, u, v);
  if (uv >= 0) {
    const t = findSorted(m.triWord, m.triStart[uv]!, m.triStart[uv + 1]!, w);
    if (t >= 0) return m.triProb[t]!;
    return m.biBo[uv]! + bigramLogProb(m, v, w);
  }
  return bigramLogProb(m, v, w);
}

/** Builds a model from explicit n-gram lists (any order within a list); used by the KN builder and tests. */
export function modelFromNgrams(
  words: string[],
  unigrams: { prob: number; bo: number }[],
  bigrams: { ids: [number, number]; prob: number; bo: number }[],
  trigrams: { ids: [number, number, number]; prob: number }[],
): TrigramModel {
  const V = words.length;
  const bis = [...bigrams].sort((a, b) => a.ids[0] - b.ids[0] || a.ids[1] - b.ids[1]);
  const tris = [...trigrams].sort((a, b) => a.ids[0] - b.ids[0] || a.ids[1] - b.ids[1] || a.ids[2] - b.ids[2]);
  const m: TrigramModel = {
    words,
    uniProb: Float32Array.from(unigrams.map((u) => u.prob)),
    uniBo: Float32Array.from(unigrams.map((u) => u.bo)),
    biStart: new Uint32Array(V + 1),
    biWord: Uint32Array.from(bis.map((b) => b.ids[1])),
    biProb: Float32Array.from(bis.map((b) => b.prob)),
    biBo: Float32Array.from(bis.map((b) => b.bo)),
    triStart: new Uint32Array(bis.length + 1),
    triWord: Uint32Array.from(tris.map((t) => t.ids[2])),
    triProb: Float32Array.from(tris.map((t) => t.prob)),
  };
  fillStarts(
    m.biStart,
    bis.map((b) => b.ids[0]),
  );
  // Trigram (u v w) belongs to bigram (u v), which must exist.
  const parents = tris.map((t) => {
    const b = bigramIndex(m, t.ids[0], t.ids[1]);
    if (b < 0) throw new Error(`trigram without its bigram: ${t.ids.map((i) => words[i]).join(' ')}`);
    return b;
  });
  fillStarts(m.triStart, parents);
  return m;
}

/** starts[i] = first index whose owner is >= i, for owners sorted ascending. */
function fillStarts(starts: Uint32Array, owners: number[]) {
  let at = 0;
  for (let i = 0; i < starts.length; i++) {
    while (at < owners.length && owners[at]! < i) at++;
    starts[i] = at;
  }
}
