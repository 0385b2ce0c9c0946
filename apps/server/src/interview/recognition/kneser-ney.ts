import { LOG_ZERO, modelFromNgrams, type TrigramModel } from './ngram';

/** Absolute discount of interpolated Kneser-Ney; 0.75 is the usual choice for small texts. */
const DISCOUNT = 0.75;

/**
 * An interpolated Kneser-Ney trigram model of a few hundred sentences (the job's own text), written
 * in backoff form: an explicit n-gram carries its full interpolated probability and a history's
 * backoff weight is its interpolation weight, so every history's distribution sums to one.
 * The trigram level uses counts; lower levels use continuation counts (how many different words
 * precede), except n-grams that start the sentence, which have no preceding word. The unigram level
 * is interpolated with a uniform distribution so every word of the vocabulary has some probability.
 */
export function buildKneserNey(sentences: string[][]): TrigramModel {
  const words = ['<s>', '</s>'];
  const ids = new Map(words.map((w, i) => [w, i]));
  const idOf = (w: string) => {
    let i = ids.get(w);
    if (i === undefined) {
      i = words.length;
      words.push(w);
      ids.set(w, i);
    }
    return i;
  };
  const tri = new Map<string, number>();
  for (const s of sentences) {
    if (!s.length) continue;
    const seq = [0, ...s.map(idOf), 1];
    for (let i = 2; i < seq.length; i++) inc(tri, `${seq[i - 2]} ${seq[i - 1]} ${seq[i]}`);
    // The first word after <s> as a trigram with history "<s> <s>" is not kept; as a bigram it counts.
    inc(tri, `-1 0 ${seq[1]}`);
  }
  // Continuation counts for bigrams: distinct left words; bigrams after <s> get their plain counts.
  const bi = new Map<string, number>();
  for (const [key, c] of tri) {
    const [u, v, w] = key.split(' ');
    if (u === '-1') inc(bi, `${v} ${w}`, c);
    else inc(bi, `${v} ${w}`);
  }
  const trigrams = [...tri].filter(([k]) => !k.startsWith('-1 '));
  const uniCont = new Map<number, number>();
  for (const key of bi.keys()) {
    const [, w] = key.split(' ').map(Number) as [number, number];
    uniCont.set(w, (uniCont.get(w) ?? 0) + 1);
  }

  // Unigrams: discounted continuation counts interpolated with uniform over the vocabulary (<s> excluded).
  const V = words.length;
  const uniTotal = [...uniCont.values()].reduce((a, b) => a + b, 0);
  const uniGamma = (DISCOUNT * uniCont.size) / uniTotal;
  const uniP = new Float64Array(V);
  for (let w = 1; w < V; w++) uniP[w] = Math.max((uniCont.get(w) ?? 0) - DISCOUNT, 0) / uniTotal + uniGamma / (V - 1);

  // Bigrams: P(w|v) = max(c(vw) - D, 0) / c(v.) + gamma(v) P(w), gamma(v) = D * N1+(v.) / c(v.).
  const biByHist = group(bi);
  const biP = new Map<string, number>();
  const uniBo = new Float64Array(V);
  for (const [v, succ] of biByHist) {
    const total = succ.reduce((a, [, c]) => a + c, 0);
    const gamma = (DISCOUNT * succ.length) / total;
    uniBo[v] = gamma;
    for (const [w, c] of succ) biP.set(`${v} ${w}`, Math.max(c - DISCOUNT, 0) / total + gamma * uniP[w]!);
  }
  // Trigrams: P(w|uv) = max(c(uvw) - D, 0) / c(uv.) + gamma(uv) P(w|v).
  const biBo = new Map<string, number>();
  const triP: { ids: [number, number, number]; prob: number }[] = [];
  for (const [uv, succ] of groupPairs(trigrams)) {
    const total = succ.reduce((a, [, c]) => a + c, 0);
    const gamma = (DISCOUNT * succ.length) / total;
    biBo.set(uv, gamma);
    const [u, v] = uv.split(' ').map(Number) as [number, number];
    for (const [w, c] of succ) {
      const lower = biP.get(`${v} ${w}`) ?? uniBo[v]! * uniP[w]!;
      triP.push({ ids: [u, v, w], prob: log10(Math.max(c - DISCOUNT, 0) / total + gamma * lower) });
    }
  }
  const unigrams = Array.from({ length: V }, (_, w) => ({
    prob: log10(uniP[w]!),
    bo: biByHist.has(w) ? log10(uniBo[w]!) : 0,
  }));
  const bigrams = [...biP].map(([key, p]) => {
    const [v, w] = key.split(' ').map(Number) as [number, number];
    return { ids: [v, w] as [number, number], prob: log10(p), bo: biBo.has(key) ? log10(biBo.get(key)!) : 0 };
  });
  return modelFromNgrams(words, unigrams, bigrams, triP);
}

function log10(p: number): number {
  return p > 0 ? Math.max(Math.log10(p), LOG_ZERO) : LOG_ZERO;
}

function inc(map: Map<string, number>, key: string, by = 1) {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** Bigram counts grouped by their first word. */
function group(bi: Map<string, number>): Map<number, [number, number][]> {
  const out = new Map<number, [number, number][]>();
  for (const [key, c] of bi) {
    const [v, w] = key.split(' ').map(Number) as [number, number];
    let list = out.get(v);
    if (!list) out.set(v, (list = []));
    list.push([w, c]);
  }
  return out;
}

/** Trigram counts grouped by their two-word history ("u v"). */
function groupPairs(tri: [string, number][]): Map<string, [number, number][]> {
  const out = new Map<string, [number, number][]>();
  for (const [key, c] of tri) {
    const cut = key.lastIndexOf(' ');
    const uv = key.slice(0, cut);
    let list = out.get(uv);
    if (!list) out.set(uv, (list = []));
    list.push([Number(key.slice(cut + 1)), c]);
  }
  return out;
}
