import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The phones of the US English acoustic model (the dictionary's phone set). */
const PHONES = new Set(
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(' '),
);

/** Words Flite's letter-to-sound gets wrong in job texts we have seen. */
const HAND: Record<string, string> = {
  kubernetes: 'K UW B ER N EH T IY Z',
  retopology: 'R IY T AH P AA L AH JH IY',
  figma: 'F IH G M AH',
  nuke: 'N UW K',
  substance: 'S AH B S T AH N S',
};

let cached: { file: string; words: Set<string> } | null = null;

/** The words of a pocketsphinx dictionary (alternate pronunciations "word(2)" folded). */
export function dictionaryWords(file: string): Set<string> {
  if (cached?.file === file) return cached.words;
  const words = new Set<string>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const word = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
    if (word) words.add(word);
  }
  cached = { file, words };
  return words;
}

/**
 * The general dictionary's entries for the words the language model has. The recognizer can only
 * hear a word its language model knows, so the other ~55,000 entries (of 134,700) only cost memory:
 * ~14 MB in every recognizer process that loads this model (decision 0124).
 */
export function dictionaryFor(dictText: string, lmWords: Set<string>): string {
  return dictText
    .split('\n')
    .filter((line) => lmWords.has(line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '')))
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * A pronunciation for a word the dictionary lacks: the hand table, else Flite's letter-to-sound
 * (`t2p`), its stress marks and pauses dropped and `ax` read as AH. Null when neither gives one.
 */
export async function pronounce(word: string, t2p = 't2p'): Promise<string | null> {
  if (HAND[word]) return HAND[word]!;
  if (!/^[a-z']+$/.test(word)) return null;
  try {
    const { stdout } = await run(t2p, [word], { timeout: 5000 });
    const phones = stdout
      .trim()
      .split(/\s+/)
      .filter((p) => p && p !== 'pau')
      .map((p) => p.replace(/\d$/, '').toUpperCase())
      .map((p) => (p === 'AX' ? 'AH' : p));
    if (!phones.length || !phones.every((p) => PHONES.has(p))) return null;
    return phones.join(' ');
  } catch {
    return null;
  }
}
