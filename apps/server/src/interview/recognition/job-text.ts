/**
 * The job's text spelled the way the recognizer writes words: lower case, no punctuation, digits as
 * words, names run together split into words the dictionary has ("ZBrush" → "z brush", "3D" →
 * "three d", "GraphQL" → "graph q l"). Writing the job's own spelling back ("cinema four d" →
 * "Cinema 4D") is spelling.ts.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
export const SYMBOLS: Record<string, string> = {
  '+': 'plus',
  '#': 'sharp',
  '&': 'and',
  '%': 'percent',
  '@': 'at',
  '/': ' ',
};

/** A number as words: years ("2024" → "twenty twenty four"), otherwise digit groups. */
export function numberWords(digits: string): string[] {
  const n = Number(digits);
  if (digits.length > 1 && digits.startsWith('0')) return [...digits].map((d) => ONES[Number(d)]!);
  if (n < 20) return [ONES[n]!];
  if (n < 100) return [TENS[Math.floor(n / 10)]!, ...(n % 10 ? [ONES[n % 10]!] : [])];
  if (n < 1000) return [ONES[Math.floor(n / 100)]!, 'hundred', ...(n % 100 ? numberWords(String(n % 100)) : [])];
  if (digits.length === 4 && n >= 1100 && n < 2100 && !(n >= 2000 && n < 2010)) {
    // Said like a year: 1999 → nineteen ninety nine, 2024 → twenty twenty four.
    const low = n % 100;
    return [
      ...numberWords(String(Math.floor(n / 100))),
      ...(low ? (low < 10 ? ['oh', ONES[low]!] : numberWords(String(low))) : ['hundred']),
    ];
  }
  if (n < 1_000_000) {
    return [
      ...numberWords(String(Math.floor(n / 1000))),
      'thousand',
      ...(n % 1000 ? numberWords(String(n % 1000)) : []),
    ];
  }
  return [...digits].map((d) => ONES[Number(d)]!);
}

/**
 * One written token as recognizer words. `known` tells whether the dictionary has a word; a name
 * run together is split at its capitals and digits when the parts are known words or letters.
 */
export function tokenWords(token: string, known: (word: string) => boolean): string[] {
  const lower = token.toLowerCase();
  if (/^[a-z']+$/.test(lower) && known(lower) && !/[a-z][A-Z]/.test(token)) return [lower];
  const out: string[] = [];
  // Runs of digits, capitalized words, upper-case runs (acronyms), lower-case runs, symbols.
  let afterDigits = false;
  for (const part of token.match(/\d+|[A-Z]+(?![a-z])|[A-Z][a-z']*|[a-z']+|[+#&%@/]/g) ?? []) {
    const wasAfterDigits = afterDigits;
    afterDigits = /^\d+$/.test(part);
    if (afterDigits) out.push(...numberWords(part));
    // "3ds": a short lower-case run after digits is letters.
    else if (wasAfterDigits && /^[a-z]{1,3}$/.test(part)) out.push(...part.split(''));
    else if (SYMBOLS[part] !== undefined) out.push(...SYMBOLS[part]!.split(' ').filter(Boolean));
    else if (/^[A-Z]{2,}$/.test(part) && !known(part.toLowerCase())) out.push(...part.toLowerCase().split(''));
    else out.push(part.toLowerCase());
  }
  // Splitting helps only when every part is a dictionary word; "Kubernetes" stays one word.
  const joined = out.join(' ');
  if (/^[a-zA-Z']+$/.test(token) && !out.every(known)) return [lower];
  return joined.split(' ').filter(Boolean);
}

export type NormalizedText = {
  /** Sentences as recognizer words. */
  sentences: string[][];
};

/** Sentences of free text ("Blender, ZBrush and Maya. Retopology!") as recognizer words. */
export function normalizeText(texts: string[], known: (w: string) => boolean): NormalizedText {
  const sentences: string[][] = [];
  for (const text of texts) {
    for (const sentence of text.split(/[.!?;:\n•]+(?:\s|$)|\n/)) {
      const words: string[] = [];
      for (const token of sentence.replace(/[-–—_]/g, ' ').match(/[\p{L}\p{N}'+#&%@/.]+/gu) ?? []) {
        const clean = token.replace(/^[.']+|[.']+$/g, '').replace(/\.(?=\p{L})/gu, ' dot ');
        for (const piece of clean.split(' ').filter(Boolean)) words.push(...tokenWords(piece, known));
      }
      if (words.length) sentences.push(words);
    }
  }
  return { sentences };
}
