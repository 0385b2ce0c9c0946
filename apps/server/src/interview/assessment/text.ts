/** Text helpers shared by the built-in assessment and the check of a model's quotes. */

export type Turn = {
  speaker: 'ai' | 'user';
  text: string;
  startedAt: Date;
  endedAt: Date;
  /** The recognizer's words with their confidences (absent: typed text, or an engine that gives none). */
  words?: { text: string; confidence: number }[] | null;
};

/** Lower case, one space between words, straight quotes: how quotes are compared with the transcript. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u2033]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

export const words = (text: string) => text.match(/[\p{L}\p{N}'-]+/gu) ?? [];
export const wordCount = (text: string) => words(text).length;

/** Sentences of a turn, kept verbatim so they can be quoted. */
export function sentences(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]*/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

/** True when `quote` appears in one of the candidate's turns (whitespace and case normalised). */
export function isQuoteOf(quote: string, candidateTexts: string[]): boolean {
  const q = normalize(quote).replace(/^["'\s]+|["'\s]+$/g, '');
  if (q.length < 3) return false;
  return candidateTexts.some((t) => normalize(t).includes(q));
}

/**
 * Share of tokens that look like words (letters with a vowel, or numbers). Speech-to-text noise such
 * as "[inaudible] mm hm xkcd" scores low; ordinary answers score above 0.8.
 */
export function intelligibility(text: string): number {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (!tokens.length) return 0;
  const ok = tokens.filter(
    (t) => /^[("']*[\p{L}'-]*[aeiouyàâäéèêëîïôöùûü][\p{L}'-]*[)"'.,!?;:]*$/iu.test(t) || /\d/.test(t),
  );
  return ok.length / tokens.length;
}

const STOP = new Set(
  'a an and are as at be by for from has have how i in is it of on or that the this to was what when where which who why will with you your do does did can could would should about tell me us we our'.split(
    ' ',
  ),
);

/** Content words of a phrase (for matching skills and questions loosely). */
export function keywords(text: string): string[] {
  return [...new Set(words(normalize(text)).filter((w) => w.length > 2 && !STOP.has(w)))];
}

/** Share of `needles` found among `haystack` words; a word matches by equality or shared 5-letter stem. */
export function overlap(needles: string[], haystack: Set<string>): number {
  if (!needles.length) return 0;
  const stems = new Set([...haystack].map((w) => w.slice(0, 5)));
  const hit = needles.filter((n) => haystack.has(n) || (n.length >= 5 && stems.has(n.slice(0, 5))));
  return hit.length / needles.length;
}

export function seconds(turn: Turn) {
  return Math.max(0, (turn.endedAt.getTime() - turn.startedAt.getTime()) / 1000);
}
