import { bigramLogProb, findSorted, LOG_ZERO, type TrigramModel } from './ngram';

/**
 * Linear interpolation of two trigram models into one backoff model, the way SRILM's `-mix-lm`
 * does it: the mixed model holds the union of both models' n-grams; each gets
 * jobWeight * P_job + (1 - jobWeight) * P_general, each model computing its own probability with
 * its own backoff; every history's backoff weight is then recomputed so its distribution sums to
 * one. The general model's words keep their ids; the job's new words are appended.
 */
export function mixModels(general: TrigramModel, job: TrigramModel, jobWeight: number): TrigramModel {
  const G = general;
  const J = job;
  const lam = jobWeight;
  const VG = G.words.length;
  const gIds = new Map(G.words.map((w, i) => [w, i]));
  const words = [...G.words];
  const jToM = new Uint32Array(J.words.length);
  J.words.forEach((w, j) => {
    let m = gIds.get(w);
    if (m === undefined) {
      m = words.length;
      words.push(w);
    }
    jToM[j] = m;
  });
  const V = words.length;
  const mToJ = new Int32Array(V).fill(-1);
  jToM.forEach((m, j) => (mToJ[m] = j));

  const p10 = (x: number) => (x <= LOG_ZERO ? 0 : 10 ** x);
  const pG1 = (w: number) => (w < VG ? p10(G.uniProb[w]!) : 0);
  const pJ1 = (w: number) => (mToJ[w]! >= 0 ? p10(J.uniProb[mToJ[w]!]!) : 0);
  const pG2 = (v: number, w: number) => (w >= VG ? 0 : v >= VG ? pG1(w) : p10(bigramLogProb(G, v, w)));
  const pJ2 = (v: number, w: number) => {
    const jw = mToJ[w]!;
    const jv = mToJ[v]!;
    if (jw < 0) return 0;
    return jv < 0 ? p10(J.uniProb[jw]!) : p10(bigramLogProb(J, jv, jw));
  };

  // Unigrams.
  const uniP = new Float64Array(V);
  for (let w = 0; w < V; w++) uniP[w] = lam * pJ1(w) + (1 - lam) * pG1(w);

  // Bigrams: per history, the sorted union of both models' successors.
  const maxBi = G.biWord.length + J.biWord.length;
  const biWord = new Uint32Array(maxBi);
  const biP = new Float64Array(maxBi);
  const biG = new Int32Array(maxBi);
  const biJ = new Int32Array(maxBi);
  const biStart = new Uint32Array(V + 1);
  const uniBo = new Float32Array(V);
  let nBi = 0;
  const uniProbOf = (w: number) => uniP[w]!;
  for (let v = 0; v < V; v++) {
    biStart[v] = nBi;
    const gFrom = v < VG ? G.biStart[v]! : 0;
    const gTo = v < VG ? G.biStart[v + 1]! : 0;
    const jv = mToJ[v]!;
    const jList = jv < 0 ? [] : sortedMapped(J.biWord, J.biStart[jv]!, J.biStart[jv + 1]!, jToM);
    uniBo[v] = mergeSuccessors(G.biWord, gFrom, gTo, jList, uniProbOf, (w, g, j) => {
      biWord[nBi] = w;
      biG[nBi] = g;
      biJ[nBi] = j;
      const pg = g >= 0 ? p10(G.biProb[g]!) : pG2(v, w);
      const pj = j >= 0 ? p10(J.biProb[j]!) : pJ2(v, w);
      biP[nBi] = lam * pj + (1 - lam) * pg;
      return biP[nBi++]!;
    });
  }
  biStart[V] = nBi;

  const mBigramP = (v: number, w: number) => {
    const b = findSorted(biWord, biStart[v]!, biStart[v + 1]!, w);
    return b >= 0 ? biP[b]! : 10 ** uniBo[v]! * uniP[w]!;
  };

  // Trigrams: per bigram history, the union of both models' successors.
  const maxTri = G.triWord.length + J.triWord.length;
  const triWord = new Uint32Array(maxTri);
  const triProb = new Float32Array(maxTri);
  const triStart = new Uint32Array(nBi + 1);
  const biBo = new Float32Array(nBi);
  let nTri = 0;
  for (let u = 0; u < V; u++) {
    for (let b = biStart[u]!; b < biStart[u + 1]!; b++) {
      triStart[b] = nTri;
      const v = biWord[b]!;
      const gb = biG[b]!;
      const jb = biJ[b]!;
      const gFrom = gb >= 0 ? G.triStart[gb]! : 0;
      const gTo = gb >= 0 ? G.triStart[gb + 1]! : 0;
      const jList = jb < 0 ? [] : sortedMapped(J.triWord, J.triStart[jb]!, J.triStart[jb + 1]!, jToM);
      const lower = (w: number) => mBigramP(v, w);
      biBo[b] = mergeSuccessors(G.triWord, gFrom, gTo, jList, lower, (w, g, j) => {
        const pg = g >= 0 ? p10(G.triProb[g]!) : (gb >= 0 ? p10(G.biBo[gb]!) : 1) * pG2(v, w);
        const pj = j >= 0 ? p10(J.triProb[j]!) : (jb >= 0 ? p10(J.biBo[jb]!) : 1) * pJ2(v, w);
        const p = lam * pj + (1 - lam) * pg;
        triWord[nTri] = w;
        triProb[nTri] = log10(p);
        nTri++;
        return p;
      });
    }
  }
  triStart[nBi] = nTri;

  return {
    words,
    uniProb: Float32Array.from(uniP, log10),
    uniBo,
    biStart,
    biWord: biWord.slice(0, nBi),
    biProb: Float32Array.from(biP.subarray(0, nBi), log10),
    biBo,
    triStart,
    triWord: triWord.slice(0, nTri),
    triProb: triProb.slice(0, nTri),
  };
}

/**
 * Walks one history's successors in both models in word order, each word once: `visit` gets the
 * word's entry index in the general model (`gWords[gFrom, gTo)`) and in the job model (`jList`),
 * -1 where that model lacks it, and returns the word's mixed probability; `lower` is its
 * probability one order down. Returns the history's backoff weight (0 when it has no successors).
 */
function mergeSuccessors(
  gWords: Uint32Array,
  gFrom: number,
  gTo: number,
  jList: [number, number][],
  lower: (w: number) => number,
  visit: (w: number, g: number, j: number) => number,
): number {
  let gi = gFrom;
  let ji = 0;
  let sumP = 0;
  let sumLower = 0;
  while (gi < gTo || ji < jList.length) {
    const gw = gi < gTo ? gWords[gi]! : Infinity;
    const jw = ji < jList.length ? jList[ji]![0] : Infinity;
    const w = Math.min(gw, jw);
    sumP += visit(w, gw === w ? gi++ : -1, jw === w ? jList[ji++]![1] : -1);
    sumLower += lower(w);
  }
  return gi > gFrom || ji > 0 ? backoff(sumP, sumLower) : 0;
}

/** log10 of the weight that gives the unseen successors the mass the explicit ones left. */
function backoff(explicitMass: number, lowerMass: number): number {
  const left = Math.max(1 - explicitMass, 1e-9);
  const lowerLeft = Math.max(1 - lowerMass, 1e-9);
  return Math.log10(left / lowerLeft);
}

function log10(p: number): number {
  return p > 0 ? Math.max(Math.log10(p), LOG_ZERO) : LOG_ZERO;
}

/** The entries [from, to) of `ids` as [mixed-model id, entry index], sorted by mixed-model id. */
function sortedMapped(ids: Uint32Array, from: number, to: number, toM: Uint32Array): [number, number][] {
  const out: [number, number][] = [];
  for (let i = from; i < to; i++) out.push([toM[ids[i]!]!, i]);
  return out.sort((a, b) => a[0] - b[0]);
}
