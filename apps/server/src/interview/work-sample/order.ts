/**
 * Which pool items a candidate rates, and in what order (issue 46): a shuffle seeded by the
 * interview, so the same interview always gets the same order (a reload, another instance), and
 * never the very order the previous candidate of the job got.
 */
import { createHash } from 'node:crypto';

/** A small seeded generator (mulberry32): enough to shuffle a handful of items reproducibly. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(key: string, attempt: number): number {
  return createHash('sha256').update(`${key}:${attempt}`).digest().readUInt32BE(0);
}

/** `count` of `pool` (ids in a stable order), shuffled by a seed drawn from `key`. */
export function seededPick(pool: readonly string[], count: number, key: string, attempt = 0): string[] {
  const random = seeded(seedOf(key, attempt));
  const copy = [...pool];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

/**
 * The candidate's items: the seeded pick, drawn again while it equals `previous` (the order the
 * job's last candidate got). With one possible order (a pool of one) it is that order.
 */
export function chooseOrder(
  pool: readonly string[],
  count: number,
  key: string,
  previous: readonly string[],
): string[] {
  const same = (a: readonly string[]) => a.length === previous.length && a.every((id, i) => id === previous[i]);
  for (let attempt = 0; attempt < 50; attempt++) {
    const pick = seededPick(pool, count, key, attempt);
    if (!same(pick)) return pick;
  }
  return seededPick(pool, count, key);
}
