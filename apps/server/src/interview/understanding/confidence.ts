import { normalWords } from './vocabulary';

/** A recognized word and how sure the recognizer was of it (0..1), as speech-to-text reports it. */
export type HeardWord = { text: string; confidence: number };

/**
 * The recognizer's confidence for each token of the answer. Without confidences (hosted engines
 * that give none, typed text) every word counts as heard. A word token that cannot be lined up with
 * a recognized word is not vouched for: confidence 0. Punctuation counts as heard.
 */
export function tokenConfidences(tokens: string[], heard?: HeardWord[]): number[] {
  if (!heard?.length) return tokens.map(() => 1);
  const flat = heard.flatMap((w) => normalWords(w.text).map((word) => ({ word, c: clamp(w.confidence) })));
  let j = 0;
  return tokens.map((token) => {
    const word = normalWords(token).join('');
    if (!word) return 1;
    const k = flat.findIndex((f, at) => at >= j && at <= j + 3 && (f.word === word || f.word.startsWith(word)));
    if (k < 0) return 0;
    // "don't" is one recognized word but two tokens ("do", "n't"): stay on it for the second half.
    j = flat[k]!.word === word ? k + 1 : k;
    return flat[k]!.c;
  });
}

function clamp(c: number): number {
  return Number.isFinite(c) ? Math.min(1, Math.max(0, c)) : 0;
}
