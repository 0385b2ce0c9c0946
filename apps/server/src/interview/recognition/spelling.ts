/**
 * Words written the way the job and the candidate write them (decision 0174): one map per interview
 * from every way a recognizer may write a name ("z brush", "zbrush", "houdini f x", "substance three
 * d painter") to its written form ("ZBrush", "Houdini FX", "Substance 3D Painter"). The live captions
 * and turns, the careful record and the interviewer's sentences all write back through this module.
 */
import type { SttFinal } from '../providers/types';
import { GENERIC_NOUNS, WORK_NOUNS, WORK_VERBS } from '../understanding/lexicon';
import type { JobText } from './job-model';
import { numberWords, SYMBOLS } from './job-text';

/** Lower-case recognizer phrase → written form; `longest` is the most words in a phrase. */
export class Spellings {
  readonly longest: number;
  constructor(readonly phrases: ReadonlyMap<string, string> = new Map()) {
    this.longest = Math.max(0, ...[...phrases.keys()].map((k) => k.split(' ').length));
  }
  get size(): number {
    return this.phrases.size;
  }
}

export const NO_SPELLINGS = new Spellings();

/** Most ways of saying one name (a name of many letters and digits has many). */
const MAX_FORMS = 64;
/** Words never rewritten on their own: "it" is not "IT", "us" is not "US". */
const FUNCTION_WORDS = new Set(
  'a an the i it its us we you he she they me my our am is are was be do go no so or and but if of in on at to as by for up'
    .split(' ')
    .concat(['with', 'from', 'this', 'that', 'one', 'all', 'any', 'can', 'will', 'not', 'out', 'how', 'who', 'what']),
);

/**
 * The spellings of a job's text and the candidate's own words, from the same parts, in the same
 * order, as the job model's (job-model.ts `jobTextParts`): the job's skills win a tie.
 */
export function spellingsFor(job: JobText): Spellings {
  const tools = job.candidateTools ?? [];
  const names = [...job.skills.map((s) => s.name), ...tools, job.title];
  const texts = [
    job.title,
    job.description,
    ...job.skills.flatMap((s) => [s.name, s.description ?? '']),
    ...job.customQuestions,
    ...tools,
  ];
  return spellingsOf(texts, names);
}

/** Whole names first (skills, tools, title), then names written inside free text ("3D", "ZBrush"). */
export function spellingsOf(texts: string[], names: string[]): Spellings {
  const phrases = new Map<string, string>();
  const add = (written: string) => {
    if (!isSpelling(written)) return;
    for (const form of saidForms(written)) {
      const key = form.join(' ');
      if (!key || key === written || (form.length === 1 && FUNCTION_WORDS.has(key))) continue;
      if (!phrases.has(key)) phrases.set(key, written);
    }
  };
  for (const name of names) add(name.replace(/\s+/g, ' ').trim());
  for (const text of texts) {
    for (const compound of hyphenatedNames(text)) add(compound);
    for (const piece of pieces(text)) if (/[\d+#&]/.test(piece) || /[A-Z]/.test(piece.slice(1))) add(piece);
  }
  return new Spellings(phrases);
}

/**
 * A spelling worth writing back: capitals inside it, digits or symbols ("ZBrush", "After Effects",
 * "3D", "C++"), or one capitalized word that is not an everyday word ("Blender", not "Design").
 * A phrase capitalized only at its start ("Designed posters for bands") is a sentence, not a name.
 */
function isSpelling(written: string): boolean {
  if (!written || written.length > 60) return false;
  if (/[\d+#&]/.test(written) || /\p{Lu}/u.test(written.slice(1))) return true;
  // Any alphabet's capitals: a place such as "Tromsø" or "Zürich" is a name too (issue 43 item 22).
  if (!/^\p{Lu}[\p{Ll}']+$/u.test(written)) return false;
  return !everyday(written.toLowerCase());
}

const everyday = (lower: string) =>
  FUNCTION_WORDS.has(lower) || GENERIC_NOUNS.has(lower) || WORK_NOUNS.has(lower) || WORK_VERBS.has(lower);

/**
 * Names joined by hyphens in free text, which `pieces` cuts apart: a capital after a hyphen marks one
 * ("Photo-Mechanic", "X-Rite"), as a capital inside a word does ("DaVinci"). "match-day" and a
 * compound of everyday words only ("Follow-Up") are not names.
 */
function hyphenatedNames(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+(?:[-\u2010\u2011][\p{L}\p{N}]+)+/gu) ?? []).filter(
    (compound) =>
      /[-\u2010\u2011]\p{Lu}/u.test(compound) &&
      !compound
        .toLowerCase()
        .split(/[-\u2010\u2011]/)
        .every(everyday),
  );
}

/** Written tokens the way job-text.ts cuts them: hyphens as spaces, "Node.js" as "Node dot js". */
function pieces(text: string): string[] {
  return (text.replace(/[-–—_]/g, ' ').match(/[\p{L}\p{N}'+#&%@/.]+/gu) ?? []).flatMap((token) =>
    token
      .replace(/^[.']+|[.']+$/g, '')
      .replace(/\.(?=\p{L})/gu, ' dot ')
      .split(' ')
      .filter(Boolean),
  );
}

/**
 * Every way a recognizer may write a name: as written in lower case ("houdini fx", "photo mechanic"
 * and "photo-mechanic" for "Photo-Mechanic"), and each token
 * split the way the job's model says it (job-text.ts `tokenWords`) or run together: capitals apart
 * ("z brush"), letters of an acronym ("f x"), digits as words or not ("three d", "3 d", "3d").
 */
export function saidForms(written: string): string[][] {
  const asWritten = written
    .replace(/[-–—_]/g, ' ')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  // A service may keep the hyphen in lower case ("photo-mechanic"): one word, still the name.
  const hyphenKept = written.toLowerCase().split(/\s+/).filter(Boolean);
  let forms: string[][] = [[]];
  for (const piece of pieces(written)) {
    const options = pieceForms(piece);
    forms = forms.flatMap((f) => options.map((o) => [...f, ...o])).slice(0, MAX_FORMS);
  }
  const seen = new Set<string>();
  return [asWritten, hyphenKept, ...forms].filter((f) => {
    const key = f.join(' ');
    if (!f.length || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function pieceForms(piece: string): string[][] {
  let forms: string[][] = [[]];
  let afterDigits = false;
  for (const part of piece.match(/\d+|[A-Z]+(?![a-z])|[A-Z][a-z']*|[a-z']+|[+#&%@/]/g) ?? []) {
    const lower = part.toLowerCase();
    const options: string[][] = /^\d+$/.test(part)
      ? [[part], numberWords(part)]
      : SYMBOLS[part] !== undefined
        ? [SYMBOLS[part]!.split(' ').filter(Boolean)]
        : (afterDigits && /^[a-z]{1,3}$/.test(part)) || /^[A-Z]{2,}$/.test(part)
          ? [[lower], lower.split('')]
          : [[lower]];
    afterDigits = /^\d+$/.test(part);
    forms = forms.flatMap((f) => options.map((o) => [...f, ...o]));
  }
  return [[piece.toLowerCase()], ...forms.filter((f) => f.length)];
}

/** Punctuation around a word ("(zbrush," → "(", "zbrush", ","), kept when the word is respelled. */
const AROUND = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}+#]*)$/u;

/**
 * Writes the spellings into recognized words, longest phrase first, whole words only, any case.
 * `merge` makes one word of a respelled phrase (its confidence the least sure part's, say).
 */
export function respell<T extends { text: string }>(
  words: T[],
  spellings: Spellings,
  merge: (parts: T[], text: string) => T,
): T[] {
  if (!spellings.size) return words;
  const out: T[] = [];
  const cores = words.map((w) => AROUND.exec(w.text)!);
  for (let i = 0; i < words.length;) {
    let done = false;
    for (let len = Math.min(spellings.longest, words.length - i); len >= 1 && !done; len--) {
      const span = cores.slice(i, i + len);
      // A phrase does not run over punctuation ("Houdini. FX work" is two things).
      if (span.some((c, k) => (k > 0 && c[1]) || (k < len - 1 && c[3]))) continue;
      const written = spellings.phrases.get(span.map((c) => c[2]!.toLowerCase()).join(' '));
      if (written) {
        out.push(merge(words.slice(i, i + len), `${span[0]![1]}${written}${span.at(-1)![3]}`));
        i += len;
        done = true;
      }
    }
    if (!done) out.push(words[i++]!);
  }
  return out;
}

/** A transcript string with the spellings written in. */
export function respellText(text: string, spellings: Spellings): string {
  if (!spellings.size) return text;
  const words = text.split(/\s+/).filter(Boolean);
  return respell(
    words.map((t) => ({ text: t })),
    spellings,
    (_, t) => ({ text: t }),
  )
    .map((w) => w.text)
    .join(' ');
}

/** A recognizer's result with the spellings written in; a respelled name is as sure as its least sure word. */
export function respellFinal(final: SttFinal, spellings: Spellings): SttFinal {
  if (!spellings.size || !final.text) return final;
  const text = respellText(final.text, spellings);
  if (!final.words) return { ...final, text };
  const words = respell(final.words, spellings, (parts, t) => ({
    ...parts[0]!,
    text: t,
    confidence: Math.min(...parts.map((p) => p.confidence)),
  }));
  return { ...final, text, words };
}
