import { tokenConfidences, type HeardWord } from './confidence';
import { GENERIC_NOUNS, HEDGES, WORK_NOUNS, WORK_VERBS } from './lexicon';
import { tag, type Token } from './nlp';
import { EMPTY_VOCABULARY, normalWords, type JobVocabulary } from './vocabulary';

/** Something the candidate talked about, ready to be named back ("your garage", "ZBrush"). */
export type AnswerItem = {
  /** As it can be said back to the candidate ("my garage" becomes "your garage"). */
  text: string;
  kind: 'tool' | 'thing' | 'duration' | 'action';
  /** Lowest recognizer confidence of its words (1 when the engine gives none). */
  confidence: number;
  /** All its content words come from the job's own text (or the candidate's listed tools). */
  fromJob: boolean;
  /** Where it starts in the answer, in tokens. */
  at: number;
};

export type Understanding = {
  text: string;
  wordCount: number;
  items: AnswerItem[];
  /** The answer says something specific: things, tools, durations or what the candidate did. */
  concrete: boolean;
  /** Short, or mostly hedges. */
  vague: boolean;
  /** About something unrelated to the question, the job and work in general. */
  offTopic: boolean;
  /** The recognizer gave word confidences for this answer. */
  hasConfidences: boolean;
  /** Words of the answer (lower case) the recognizer was not sure of: never to be said back. */
  unsure: string[];
};

export type UnderstandOptions = {
  words?: HeardWord[];
  vocabulary?: JobVocabulary;
  /** The question being answered: its words keep an answer on topic. */
  question?: string;
  /** The confidence a word needs to count as heard (SURE; the careful record's own line, decision 0173). */
  sure?: number;
};

/**
 * Confidence at or above which a recognized word may be said back to the candidate. Chosen on the
 * embedded recognizer's posteriors (`scripts/calibrate-confidence.ts`, decision 0116).
 */
export const SURE = 0.7;

/**
 * The understanding stage: what the candidate talked about, and how surely each item was heard.
 * Runs between the final transcript and the conductor. wink-nlp tags the English (parts of speech,
 * lemmas, time expressions); phrases are chunked from those tags; the job's vocabulary is matched first.
 */
export function understand(text: string, opts: UnderstandOptions = {}): Understanding {
  const vocabulary = opts.vocabulary ?? EMPTY_VOCABULARY;
  const tokens = tag(text);
  const conf = tokenConfidences(
    tokens.map((t) => t.value),
    opts.words,
  );
  const lowest = (from: number, to: number) => Math.min(1, ...conf.slice(from, to));
  // How surely a phrase was heard is how surely its words were: the article or possessive in front
  // is the interviewer's own ("a" and "my" are said back as "the" and "your"), never quoted.
  const heardSurely = (from: number, to: number) =>
    Math.min(1, ...conf.slice(from, to).filter((_, k) => !isFunctionWord(tokens[from + k]!)));
  const isJob = (ts: Token[]) => {
    const content = ts.filter(isContent);
    return content.length > 0 && content.every((t) => vocabulary.words.has(t.normal) || vocabulary.words.has(t.lemma));
  };
  const items: AnswerItem[] = [];
  const taken = new Set<number>();
  const add = (item: AnswerItem, from: number, to: number) => {
    if (!item.text || items.some((i) => i.text.toLowerCase() === item.text.toLowerCase())) return;
    items.push(item);
    for (let i = from; i < to; i++) taken.add(i);
  };

  // 1. The job's own names first: "DaVinci Resolve" is one tool, not two nouns.
  const normals = tokens.map((t) => t.normal);
  for (const term of vocabulary.terms) {
    const found = findTerm(normals, term);
    if (found)
      add(
        { text: term, kind: 'tool', confidence: lowest(found.at, found.end), fromJob: true, at: found.at },
        found.at,
        found.end,
      );
  }

  // 2. What the candidate did: "I photographed a kitchen catalog".
  tokens.forEach((t, i) => {
    if (t.normal !== 'i') return;
    let v = i + 1;
    while (tokens[v] && (tokens[v]!.pos === 'ADV' || tokens[v]!.pos === 'AUX')) v++;
    const verb = tokens[v];
    if (!verb || verb.pos !== 'VERB' || !WORK_VERBS.has(verb.lemma)) return;
    let p = v + 1;
    while (tokens[p] && (tokens[p]!.pos === 'ADP' || tokens[p]!.pos === 'PART') && p - v < 3) p++;
    const np = nounPhrase(tokens, p);
    if (!np) return;
    const span = tokens.slice(v, np.end);
    add(
      {
        text: sayBack(span, true),
        kind: 'action',
        confidence: heardSurely(v, np.end),
        fromJob: isJob(span.slice(1)),
        at: v,
      },
      v,
      v,
    );
  });

  // 3. Noun phrases: things, places, named tools; time expressions apart ("three weeks").
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.time && t.entity === 'DURATION' && !taken.has(i)) {
      let end = i;
      while (tokens[end + 1]?.entity === 'DURATION') end++;
      const span = tokens.slice(i, end + 1);
      add(
        {
          text: span.map((s) => s.value).join(' '),
          kind: 'duration',
          confidence: lowest(i, end + 1),
          fromJob: false,
          at: i,
        },
        i,
        end + 1,
      );
      i = end;
      continue;
    }
    const np = taken.has(i) ? null : nounPhrase(tokens, i);
    if (!np) continue;
    const span = tokens.slice(np.start, np.end);
    // A name the speaker wrote or the recognizer spelled with capitals; lower-case "proper nouns" are guesses.
    const proper = span.some((s) => s.pos === 'PROPN' && s.value !== s.value.toLowerCase());
    add(
      {
        text: sayBack(span),
        kind: proper ? 'tool' : 'thing',
        confidence: heardSurely(np.start, np.end),
        fromJob: isJob(span),
        at: np.start,
      },
      np.start,
      np.end,
    );
    i = np.end - 1;
  }

  const lower = ` ${normals.join(' ')} `;
  const hedged = HEDGES.some((h) => lower.includes(` ${h} `));
  const wordCount = tokens.filter((t) => t.pos !== 'PUNCT').length;
  const questionWords = questionLemmas(opts.question ?? '');
  const topic = (lemma: string) => vocabulary.words.has(lemma) || questionWords.has(lemma);
  const onTopic =
    items.some((i) => i.kind === 'action' || i.fromJob || i.kind === 'tool') ||
    tokens.some(
      (t) => (t.pos === 'NOUN' || t.pos === 'VERB') && (WORK_NOUNS.has(t.lemma) || (isContent(t) && topic(t.lemma))),
    );
  return {
    text,
    wordCount,
    items,
    concrete: wordCount >= 8 && items.length >= 2 && !(hedged && items.length < 3),
    vague: wordCount < 8 || (hedged && items.length < 3),
    offTopic: wordCount >= 8 && !onTopic,
    hasConfidences: Boolean(opts.words?.length),
    unsure: [
      ...new Set(tokens.filter((t, i) => conf[i]! < (opts.sure ?? SURE) && t.pos !== 'PUNCT').map((t) => t.normal)),
    ],
  };
}

/**
 * Items that may be said back: every word of them heard surely. Job vocabulary gets no exemption: a
 * recognizer biased toward the job's words also mishears other speech as them ("the illustration
 * chanel"), and a misheard name said back tells the candidate they were not listened to (issue 33).
 */
export function sayable(u: Understanding, sure = SURE): AnswerItem[] {
  return u.items.filter((i) => i.confidence >= sure);
}

/** The current question's lemmas, tagged once per question rather than once per answer. */
let lastQuestion = { text: '', lemmas: new Set<string>() };
function questionLemmas(question: string): Set<string> {
  if (question !== lastQuestion.text)
    lastQuestion = { text: question, lemmas: new Set(tag(question).map((t) => t.lemma)) };
  return lastQuestion.lemmas;
}

const POSSESSIVES = new Set(['my', 'our', 'your', 'his', 'her', 'their']);
/** Words the interviewer puts its own way when it names a phrase back: articles and possessives. */
const isFunctionWord = (t: Token) => t.pos === 'DET' || t.pos === 'PUNCT' || POSSESSIVES.has(t.normal);
const isContent = (t: Token) =>
  (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ' || t.pos === 'VERB') && !GENERIC_NOUNS.has(t.normal);

/**
 * The noun phrase starting at `start`: determiner or possessive, numbers and adjectives, then
 * nouns, at most four content words; its last noun must be specific (not "thing", not a date).
 */
function nounPhrase(tokens: Token[], start: number): { start: number; end: number } | null {
  let i = start;
  if (tokens[i] && (tokens[i]!.pos === 'DET' || POSSESSIVES.has(tokens[i]!.normal))) i++;
  const body = i;
  while (tokens[i] && (tokens[i]!.pos === 'ADJ' || tokens[i]!.pos === 'NUM') && !tokens[i]!.time && i - body < 3) i++;
  const nouns = i;
  while (tokens[i] && isNoun(tokens[i]!) && !tokens[i]!.time && i - body < 4) i++;
  if (i === nouns) return null;
  const head = tokens[i - 1]!;
  if (GENERIC_NOUNS.has(head.normal) || GENERIC_NOUNS.has(head.lemma)) return null;
  return { start, end: i };
}

/**
 * A noun the tagger is sure of: not a contraction or a spoken form the light model guesses at
 * ("i'm", "gonna"), which recognizers produce when they mishear.
 */
function isNoun(t: Token): boolean {
  return (t.pos === 'NOUN' || t.pos === 'PROPN') && !t.value.includes("'") && !SPOKEN_FORMS.has(t.normal);
}
const SPOKEN_FORMS = new Set([
  'gonna',
  'wanna',
  'gotta',
  'kinda',
  'sorta',
  'dunno',
  'lemme',
  'gimme',
  'yeah',
  'um',
  'uh',
]);

/**
 * As it can be said back: first person to second ("my garage" → "your garage"), and the item made
 * definite ("a kitchen catalog" → "the kitchen catalog", "some softboxes" → "softboxes").
 */
function sayBack(span: Token[], action = false): string {
  const kept = span.filter((t) => t.pos !== 'PUNCT');
  const words = kept.map((t) => SWAP[t.normal] ?? t.value);
  const first = words[0]?.toLowerCase() ?? '';
  if (!action && words.length > 1 && TO_THE.has(first)) words[0] = 'the';
  else if (!action && words.length > 1 && DROP.has(first)) words.shift();
  else if (!action && words.length > 1 && bareSingular(kept)) words.unshift('the');
  return words.join(' ');
}

/**
 * A phrase of common words heard without its article ("small preview gallery", when "a" was lost or
 * never said): it needs "the" to be said back. Plurals and names go without ("test tiles", "Capture One").
 */
function bareSingular(span: Token[]): boolean {
  const head = span.at(-1)!;
  return (
    (span[0]!.pos === 'ADJ' || span[0]!.pos === 'NOUN') &&
    head.pos === 'NOUN' &&
    head.lemma === head.normal &&
    !head.normal.endsWith('s') &&
    span.every((t) => t.pos !== 'PROPN' && t.value === t.value.toLowerCase())
  );
}
const SWAP: Record<string, string> = { my: 'your', our: 'your', me: 'you', myself: 'yourself', mine: 'yours' };
const TO_THE = new Set(['a', 'an', 'this', 'that', 'each', 'every', 'another']);
const DROP = new Set(['some', 'these', 'those', 'any', 'all']);

/**
 * Where a name is in the answer's tokens, however the tagger cut it: "Substance 3D Painter" is
 * tagged "Substance" "3" "D" "Painter" (decision 0174). Whole tokens only.
 */
function findTerm(normals: string[], term: string): { at: number; end: number } | null {
  const compact = (w: string) => w.replace(/[^\p{L}\p{N}']+/gu, '');
  const want = normalWords(term).join('');
  if (!want) return null;
  for (let at = 0; at < normals.length; at++) {
    let got = '';
    for (let end = at; end < normals.length; end++) {
      const next = compact(normals[end]!);
      if (!next && end === at) break;
      got += next;
      if (got === want) return { at, end: end + 1 };
      if (!want.startsWith(got)) break;
    }
  }
  return null;
}
