/**
 * Issue 46, "does it predict?" in simulation: how often does a work sample of three items, or five,
 * rank two raters of different skill the right way round? Compared with 20 paid gold items, the
 * first paid work the quality report pairs the sample with.
 *
 * Synthetic raters of known skill: a rating is gold + noise (normal, sd by skill), rounded and kept
 * to 1-5; gold is drawn uniformly from 1-5. Each rater of a pair rates their own draw of items (as
 * two candidates get different items from the pool). The rater with the lower mean distance from
 * gold is ranked better; a tie counts half. Seeded: the figures repeat run after run.
 *
 * `npm run bench:work-sample` (optionally `-- --trials 50000`).
 */

const TRIALS = Number(process.argv[process.argv.indexOf('--trials') + 1]) || 20_000;
const SIZES = [3, 5, 20] as const;
/** Pairs of skills (noise sd, in rating points): the better rater first. */
const PAIRS: [number, number][] = [
  [0.5, 0.75],
  [0.5, 1.0],
  [0.5, 1.5],
  [1.0, 1.5],
];
const SEED = 46;

/** mulberry32: a small seeded generator, so the table is the same on every run and machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
/** A standard normal draw (Box-Muller). */
const gauss = (random: Random) => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
const gold = (random: Random) => 1 + Math.floor(random() * 5);
const rate = (random: Random, truth: number, sd: number) =>
  Math.min(5, Math.max(1, Math.round(truth + sd * gauss(random))));

/** One rater's mean distance from gold over `items` fresh items. */
function meanDistance(random: Random, sd: number, items: number): number {
  let sum = 0;
  for (let i = 0; i < items; i++) {
    const truth = gold(random);
    sum += Math.abs(rate(random, truth, sd) - truth);
  }
  return sum / items;
}

/** Share of trials in which `items` items rank the better rater (sd `better`) above the other. */
function correctShare(random: Random, better: number, worse: number, items: number): number {
  let score = 0;
  for (let t = 0; t < TRIALS; t++) {
    const a = meanDistance(random, better, items);
    const b = meanDistance(random, worse, items);
    score += a < b ? 1 : a === b ? 0.5 : 0;
  }
  return score / TRIALS;
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const pad = (s: string, n: number) => s.padStart(n);

function main() {
  const random = rng(SEED);
  console.log(`Work sample bench (issue 46): ${TRIALS.toLocaleString('en')} trials per cell, seed ${SEED}`);
  console.log('A rating is gold + normal noise (sd by skill), rounded and kept to 1-5; gold uniform 1-5.');
  console.log('Ranked correctly: the better rater has the lower mean distance from gold (a tie counts half).\n');

  console.log('Mean distance from gold by skill (200,000 items each):');
  for (const sd of [...new Set(PAIRS.flat())].sort((a, b) => a - b))
    console.log(`  sd ${sd.toFixed(2)}: ${meanDistance(random, sd, 200_000).toFixed(3)}`);
  console.log('');

  const head = ['skills (sd)', ...SIZES.map((n) => (n === 20 ? '20 paid items' : `${n}-item sample`))];
  const widths = [16, 15, 15, 15];
  console.log(head.map((h, i) => pad(h, widths[i]!)).join(''));
  for (const [better, worse] of PAIRS) {
    const cells = SIZES.map((n) => pct(correctShare(random, better, worse, n)));
    console.log([`${better.toFixed(2)} vs ${worse.toFixed(2)}`, ...cells].map((c, i) => pad(c, widths[i]!)).join(''));
  }
}

main();
