/**
 * The reasoning heard in a work sample (issue 46): what the candidate said while each item was on
 * screen, and whether it names what the item's instructions and the job's skills care about and says
 * why. Rules a reviewer can check, shared by the assessment's work_sample criterion and the debrief's tip.
 */
import type { WorkItemContent } from '@app/shared';
import { keywords, sentences } from '../assessment/text';
import { jobTermsIn, stem } from '../debrief/terms';
import { buildVocabulary } from '../understanding/vocabulary';

/** A reason given: the words people use to say why. */
const REASON = /\b(because|since|so that|which is why|that's why|the reason|due to|means|otherwise)\b/i;
/** Words every rating instruction has: naming them says nothing about this item. */
const RATING_WORDS = new Set(
  'rate rating rated item score scale point points give one two three four five best worst good bad'
    .split(' ')
    .map(stem),
);

type Timed = { startedAt: Date };
type Served = { servedAt: Date | null };

/**
 * Each item's think-aloud: the candidate turns that began after it was sent and before the next one
 * was (the last item: until the end). Items never sent have none.
 */
export function thinkAloudOf<T extends Timed>(rows: readonly Served[], turns: readonly T[]): T[][] {
  return rows.map((row, i) => {
    const from = row.servedAt?.getTime() ?? Infinity;
    const until = rows[i + 1]?.servedAt?.getTime() ?? Infinity;
    return turns.filter((t) => t.startedAt.getTime() >= from && t.startedAt.getTime() < until);
  });
}

export type ReasoningJob = { title: string; skills: { name: string; description?: string }[] } | null;

export type ItemReasoning = {
  text: string;
  /** The job's terms and the item's own instruction words the candidate named. */
  named: string[];
  /** A reason given ("because ..."). */
  reason: boolean;
  /** 1: named and reasoned; 0.5: one of them; 0: neither (or nothing said). */
  points: number;
  /** The sentence that shows it best, verbatim; null when nothing was said. */
  quote: string | null;
};

/** The content words of the item's instructions and description, as stems. */
function instructionStems(content: WorkItemContent | null): Set<string> {
  if (!content) return new Set();
  const text = `${content.task_description} ${content.instructions}`;
  return new Set(
    keywords(text)
      .map(stem)
      .filter((s) => s.length > 2 && !RATING_WORDS.has(s)),
  );
}

/** Shortens a quote at a word boundary; still a verbatim substring of what was said. */
function clip(sentence: string, max = 220): string {
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max);
  return cut.slice(0, cut.lastIndexOf(' ')).trim();
}

/** How one item's think-aloud reasons about it. */
export function itemReasoning(text: string, content: WorkItemContent | null, job: ReasoningJob): ItemReasoning {
  const vocabulary = buildVocabulary({ title: job?.title, skills: job?.skills });
  const wanted = instructionStems(content);
  const saidWords = keywords(text);
  const fromInstructions = saidWords.filter((w) => wanted.has(stem(w)));
  const named = [...new Set([...jobTermsIn(text, vocabulary), ...fromInstructions])];
  const reason = REASON.test(text);
  const points = (named.length ? 0.5 : 0) + (reason ? 0.5 : 0);
  const scored = sentences(text).map((s) => ({
    s,
    n: +REASON.test(s) + +keywords(s).some((w) => wanted.has(stem(w)) || named.includes(w)),
  }));
  const best = scored.sort((a, b) => b.n - a.n)[0];
  return { text, named, reason, points, quote: best ? clip(best.s) : null };
}

/** The reasoning part of the score, 1-5: 1 + 4 × the mean points over the rated items. */
export function reasoningScore(items: readonly ItemReasoning[]): number {
  if (!items.length) return 1;
  const mean = items.reduce((s, i) => s + i.points, 0) / items.length;
  return Math.min(5, Math.max(1, 1 + Math.round(mean * 4)));
}

/** Items whose think-aloud both named what matters and gave a reason. */
export const reasonedCount = (items: readonly ItemReasoning[]) => items.filter((i) => i.points === 1).length;
