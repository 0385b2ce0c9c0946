/**
 * How surely a word of the careful record was heard (decision 0173). The careful pass's word
 * posterior, calibrated on speech of our own (`npm run bench:hearing -- --calibrate`): below 0.5 is
 * the best line for flagging wrong words (Flite and espeak-ng, 819 words: flags 36 %, precision 0.60,
 * recall 0.67). A word below it is marked unsure for the reviewer and is not judged on.
 */
export const CAREFUL_UNSURE_BELOW = 0.5;

/**
 * Below this share of surely heard words the record is not scored: the assessment answers
 * `insufficient_audio` (docs/product/rules.md). Calibrated: clear Flite interviews 0.74-0.78, reversed
 * speech 0.28-0.35, espeak-ng en-gb (WER 0.68) 0.38-0.40.
 */
export const MIN_SURE_SHARE = 0.5;

export const isSureWord = (w: { confidence: number }) => w.confidence >= CAREFUL_UNSURE_BELOW;

/** The share of words heard surely; 1 for no words (nothing to doubt). */
export function sureShare(words: readonly { confidence: number }[]): number {
  if (!words.length) return 1;
  return words.filter(isSureWord).length / words.length;
}
