/**
 * The simulation behind decision 0156: which consensus to use for items rated by three raters once
 * raters have a record. Simulated raters (careful, biased, careless) rate items with a known truth;
 * each method's estimate is compared with it. `node --import tsx scripts/simulate-consensus.ts`
 */
import {
  consensusWeights,
  median,
  raterStats,
  weightedMedian,
  type Rating,
} from '../apps/server/src/quality/consensus';

function rng(seed: number) {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const random = rng(26);
const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
const clamp = (x: number) => Math.min(5, Math.max(1, Math.round(x)));

type Rater = { id: string; rate: (truth: number) => number };
const team = (careful: number, biased: number, careless: number): Rater[] => [
  ...Array.from({ length: careful }, (_, i) => ({ id: `careful${i}`, rate: (t: number) => clamp(t + 0.6 * gauss()) })),
  ...Array.from({ length: biased }, (_, i) => ({
    id: `biased${i}`,
    rate: (t: number) => clamp(t + 1 + 0.6 * gauss()),
  })),
  ...Array.from({ length: careless }, (_, i) => ({ id: `careless${i}`, rate: () => 1 + Math.floor(random() * 5) })),
];

/** One-coin Dawid-Skene on the 1-5 labels: each rater right with probability p, else uniform. */
function oneCoin(raters: Rater[], items: Map<string, Rating[]>): Map<string, number> {
  const p = new Map(raters.map((r) => [r.id, 0.7]));
  let post = new Map<string, number[]>();
  for (let iter = 0; iter < 30; iter++) {
    post = new Map();
    for (const [id, list] of items) {
      const logp = [1, 2, 3, 4, 5].map((k) =>
        list.reduce((acc, r) => acc + Math.log(r.rating === k ? p.get(r.raterId)! : (1 - p.get(r.raterId)!) / 4), 0),
      );
      const max = Math.max(...logp);
      const w = logp.map((l) => Math.exp(l - max));
      const sum = w.reduce((a, b) => a + b, 0);
      post.set(
        id,
        w.map((x) => x / sum),
      );
    }
    const hit = new Map<string, [number, number]>();
    for (const [id, list] of items)
      for (const r of list) {
        const h = hit.get(r.raterId) ?? [0, 0];
        h[0] += post.get(id)![r.rating - 1]!;
        h[1] += 1;
        hit.set(r.raterId, h);
      }
    for (const [id, [a, n]] of hit) p.set(id, Math.min(0.99, Math.max(0.01, a / n)));
  }
  return new Map([...post].map(([id, w]) => [id, w.indexOf(Math.max(...w)) + 1]));
}

const ITEMS = 3000;
for (const [careful, biased, careless] of [
  [6, 2, 2],
  [4, 2, 4],
]) {
  simulate(team(careful!, biased!, careless!), `${careful} careful, ${biased} biased +1, ${careless} careless`);
}

function simulate(raters: Rater[], label: string) {
  const truth = new Map<string, number>();
  const ratings: Rating[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const itemId = `item${i}`;
    const t = 1 + Math.floor(random() * 5);
    truth.set(itemId, t);
    const gold = random() < 0.1 ? t : null;
    const chosen = [...raters].sort(() => random() - 0.5).slice(0, 3);
    for (const r of chosen) ratings.push({ itemId, raterId: r.id, rating: r.rate(t), gold });
  }
  const items = new Map<string, Rating[]>();
  for (const r of ratings) items.set(r.itemId, [...(items.get(r.itemId) ?? []), r]);
  const weights = consensusWeights(raterStats(ratings));
  const ds = oneCoin(raters, items);

  const methods: Record<string, (list: Rating[], id: string) => number> = {
    median: (list) => median(list.map((r) => r.rating))!,
    mean: (list) => list.reduce((a, r) => a + r.rating, 0) / list.length,
    'weighted median': (list) =>
      weightedMedian(list.map((r) => ({ value: r.rating, weight: weights.get(r.raterId)! })))!,
    'weighted mean': (list) => {
      const w = list.map((r) => weights.get(r.raterId)!);
      return list.reduce((a, r, i) => a + r.rating * w[i]!, 0) / w.reduce((a, b) => a + b, 0);
    },
    'one-coin Dawid-Skene': (_list, id) => ds.get(id)!,
  };
  console.log(`\n${ITEMS} items x 3 raters of 10 (${label}), 10% gold`);
  console.log('method                 MAE vs truth   exact (rounded)   within 1');
  for (const [name, fn] of Object.entries(methods)) {
    let abs = 0;
    let exact = 0;
    let within = 0;
    for (const [id, list] of items) {
      const est = fn(list, id);
      const t = truth.get(id)!;
      abs += Math.abs(est - t);
      if (Math.round(est) === t) exact++;
      if (Math.abs(est - t) <= 1) within++;
    }
    console.log(
      `${name.padEnd(22)} ${(abs / ITEMS).toFixed(3).padStart(12)}   ${((100 * exact) / ITEMS).toFixed(1).padStart(14)}%   ${((100 * within) / ITEMS).toFixed(1).padStart(7)}%`,
    );
  }
}
