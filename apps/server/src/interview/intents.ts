import { doubleMetaphone } from 'double-metaphone';
import { distance } from 'fastest-levenshtein';
import { normalWords } from './understanding/vocabulary';

/** What the candidate asks of the interviewer, rather than answering. */
export type Intent = 'repeat' | 'wait' | 'dont_know' | 'done' | 'explain' | 'stop';

/**
 * Control phrases per intent. `extra` is how many other words the utterance may hold besides the
 * phrase ("sorry, could you repeat the question" is a request; "I don't know if the light was
 * right, but I reshot it" is an answer).
 */
const PHRASES: Record<Intent, { extra: number; phrases: string[] }> = {
  repeat: {
    extra: 4,
    phrases: [
      'repeat the question',
      'can you repeat that',
      'repeat that please',
      'say that again',
      'come again',
      "i didn't catch that",
      'pardon',
    ],
  },
  wait: {
    extra: 4,
    phrases: [
      'give me a moment',
      'give me a minute',
      'give me a second',
      'let me think',
      'one moment',
      'hold on',
      'just a second',
    ],
  },
  dont_know: { extra: 2, phrases: ["i don't know", "i'm not sure", 'i have no idea', "i can't answer that"] },
  done: { extra: 2, phrases: ["i'm done", "that's all", "that's it", "that's everything", 'nothing more to add'] },
  explain: {
    extra: 4,
    phrases: [
      'can you explain the question',
      'what do you mean',
      "i don't understand the question",
      'could you rephrase that',
      'explain the question',
    ],
  },
  stop: {
    extra: 3,
    phrases: [
      'i want to end the interview',
      "let's stop the interview",
      'end the interview now',
      "i'd like to stop here",
    ],
  },
};

/**
 * The control phrases, for the recognizer's vocabulary: an engine biased toward them hears them right
 * more often, and the fuzzy match below catches the rest.
 */
export const CONTROL_PHRASES: string[] = Object.values(PHRASES).flatMap((p) => p.phrases);

/** Words that carry no request of their own ("um, sorry, could you please repeat that"). */
const FILLERS = new Set([
  'um',
  'uh',
  'er',
  'hmm',
  'oh',
  'so',
  'well',
  'okay',
  'ok',
  'sorry',
  'please',
  'yeah',
  'actually',
  'just',
  'could',
  'can',
  'you',
  'maybe',
]);

/** Similarity (0..1) at or above which a stretch of the utterance counts as the phrase. */
const MATCH = 0.72;

type Compiled = { intent: Intent; extra: number; words: string[]; letters: string; sound: string };
const COMPILED: Compiled[] = (Object.entries(PHRASES) as [Intent, { extra: number; phrases: string[] }][]).flatMap(
  ([intent, { extra, phrases }]) =>
    phrases.map((p) => {
      const words = normalWords(p);
      // A short phrase cannot carry a long sentence with it ("I hold on to my old camera" is an answer).
      return { intent, extra: Math.min(extra, words.length), words, letters: words.join(''), sound: sounds(words) };
    }),
);

/**
 * Which control request an utterance makes, if any, surviving recognition errors: each phrase is
 * compared with every stretch of the utterance of about its length, by spelling and by sound (double
 * metaphone), so "give me an amen please" is still "give me a moment".
 */
export function detectIntent(utterance: string): { intent: Intent; score: number } | null {
  const words = normalWords(utterance);
  if (!words.length || words.length > 16) return null;
  const codes = words.map((w) => sounds([w]));
  let best: { intent: Intent; score: number } | null = null;
  for (const c of COMPILED) {
    for (let len = Math.max(1, c.words.length - 1); len <= c.words.length + 1; len++) {
      for (let at = 0; at + len <= words.length; at++) {
        const window = words.slice(at, at + len);
        const others = [...words.slice(0, at), ...words.slice(at + len)].filter((w) => !FILLERS.has(w));
        if (others.length > c.extra) continue;
        const sound = codes.slice(at, at + len).join('');
        const score = Math.max(similarity(window.join(''), c.letters), similarity(sound, c.sound));
        if (score >= MATCH && (!best || score > best.score)) best = { intent: c.intent, score };
      }
    }
  }
  return best;
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest ? 1 - distance(a, b) / longest : 0;
}

function sounds(words: string[]): string {
  return words.map((w) => doubleMetaphone(w)[0]).join('');
}
