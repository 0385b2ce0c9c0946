import {
  CAREFUL_UNSURE_BELOW,
  DEBRIEF_WPM_BAND,
  RUBRIC_CRITERIA,
  type Debrief,
  type DebriefAnswer,
  type RubricCriterionKey,
} from '@app/shared';
import { SURE, sayable, understand } from '../../interview/understanding/understand';
import { buildVocabulary, normalWords, type JobVocabulary } from '../../interview/understanding/vocabulary';
import { worthNaming } from '../../interview/understanding/worth-naming';
import { round } from '../../lib/round';

/**
 * The debrief of one interview (issue 27, decision 0160), computed from the transcript as stored:
 * each turn's start and end (speech start to speech end for the candidate; the reply's start to the
 * end of its audio for the interviewer) and the recognizer's words with their confidences. Nothing
 * here is guessed by a model: the figures are counts and durations, the content comes from the
 * understanding stage the interviewer uses, and the suggestion from fixed rules in rubric-v1's words.
 */

export type DebriefTurn = {
  speaker: 'ai' | 'user';
  text: string;
  startedAt: Date;
  endedAt: Date;
  /**
   * The recognizer's words and confidences (absent: typed text, or an engine that gives none); the
   * careful record's words also say where they were heard.
   */
  words?: { text: string; confidence: number; start_seconds?: number }[] | null;
};

export type DebriefJob = {
  title: string;
  description: string;
  skills: { name: string; description?: string }[];
  customQuestions: string[];
} | null;

/** Fillers said alone; "like" and "so" are left out, as they are as often real words. */
const FILLER_WORDS = new Set(['um', 'umm', 'uh', 'uhh', 'uhm', 'erm', 'er', 'ah', 'hmm', 'mm', 'mhm']);
/** Two-word fillers, not counted after a word that makes them a real question ("do you know"). */
const FILLER_PAIRS: { words: [string, string]; unless: Set<string> }[] = [
  {
    words: ['you', 'know'],
    unless: new Set(['do', 'did', 'if', 'what', 'how', 'as', 'would', 'will', 'don’t', "don't"]),
  },
  { words: ['i', 'mean'], unless: new Set(['what']) },
];

/** An answer where at least this share of the words fell below SURE was not heard well enough to judge. */
export const UNSURE_SHARE = 0.5;
/** Shorter than this an answer is not complete (the built-in assessment's own line). */
const SHORT_ANSWER_WORDS = 15;
const LONG_ANSWER_WORDS = 170;
const FILLERS_TOO_MANY = 5;
const CRITIQUE_QUESTION = /\b(feedback|critique|judge|quality|review|improve|change)\b/i;
const CRITIQUE_REASON = /\b(because|so that|which is why|the reason|instead|that's why|since)\b/i;
const NUMBER =
  /\b(\d[\d.,]*%?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|half|double|twice|percent)\b/i;

type Word = { text: string; start: number; end: number };

/** The words of a text with their character offsets (what the fillers are marked by). */
export function wordsOf(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}’']+/gu)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** The fillers in an answer, as said, with their places in the text. */
export function findFillers(text: string): { fillers: string[]; spans: [number, number][] } {
  const ws = wordsOf(text);
  const lower = ws.map((w) => w.text.toLowerCase());
  const fillers: string[] = [];
  const spans: [number, number][] = [];
  for (let i = 0; i < ws.length; i++) {
    if (FILLER_WORDS.has(lower[i]!)) {
      fillers.push(ws[i]!.text);
      spans.push([ws[i]!.start, ws[i]!.end]);
      continue;
    }
    const pair = FILLER_PAIRS.find(
      (p) => lower[i] === p.words[0] && lower[i + 1] === p.words[1] && !p.unless.has(lower[i - 1] ?? ''),
    );
    if (pair) {
      fillers.push(text.slice(ws[i]!.start, ws[i + 1]!.end));
      spans.push([ws[i]!.start, ws[i + 1]!.end]);
      i++;
    }
  }
  return { fillers, spans };
}

/**
 * The confidence a word needs to be judged: the careful record's posteriors have their own calibrated
 * line (decision 0173), the live recognizer's the interviewer's SURE (decision 0116).
 */
export function sureLine(words: DebriefTurn['words']): number {
  const careful = Boolean(words?.length) && words!.every((w) => w.start_seconds !== undefined);
  return careful ? CAREFUL_UNSURE_BELOW : SURE;
}

/** The recognizer was unsure across the answer: most of its words fell below the sure line. */
export function heardClearly(words: DebriefTurn['words']): boolean {
  if (!words?.length) return true;
  const sure = sureLine(words);
  const unsure = words.filter((w) => !(w.confidence >= sure)).length;
  return unsure / words.length < UNSURE_SHARE;
}

type Answer = {
  question: string;
  text: string;
  words: NonNullable<DebriefTurn['words']>;
  hasWords: boolean;
  ms: number;
  startMs: number | null;
};

/** One answer per run of candidate turns after an interviewer turn (pauses split a turn at times). */
function answersOf(turns: DebriefTurn[]): { answers: Answer[]; aiMs: number } {
  const answers: Answer[] = [];
  let aiMs = 0;
  let lastAi: DebriefTurn | null = null;
  let open: Answer | null = null;
  for (const t of turns) {
    const ms = Math.max(0, t.endedAt.getTime() - t.startedAt.getTime());
    if (t.speaker === 'ai') {
      aiMs += ms;
      lastAi = t;
      open = null;
      continue;
    }
    if (!t.text.trim()) continue;
    if (open) {
      open.text = `${open.text} ${t.text}`;
      open.ms += ms;
      open.words.push(...(t.words ?? []));
      open.hasWords = open.hasWords && Boolean(t.words?.length);
      continue;
    }
    open = {
      question: lastAi?.text ?? '',
      text: t.text,
      words: [...(t.words ?? [])],
      hasWords: Boolean(t.words?.length),
      ms,
      startMs: lastAi ? Math.max(0, t.startedAt.getTime() - lastAi.endedAt.getTime()) : null,
    };
    answers.push(open);
  }
  return { answers, aiMs };
}

const perMinute = (words: number, ms: number) => (ms >= 1000 && words > 0 ? round((words * 60000) / ms) : null);
function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Names of the job (skills, title) the answer used, as the job writes them. */
function jobTermsIn(text: string, vocabulary: JobVocabulary): string[] {
  const said = ` ${normalWords(text).join(' ')} `;
  return vocabulary.terms.filter((term) => {
    const ws = normalWords(term);
    return ws.length > 0 && said.includes(` ${ws.join(' ')} `);
  });
}

/** Each thing once: "the launch video" is already in "animated a launch video". */
function distinct(texts: string[]): string[] {
  const bare = (t: string) =>
    ` ${normalWords(t)
      .filter((w) => !['the', 'a', 'an', 'your'].includes(w))
      .join(' ')} `;
  return [...new Set(texts)].filter(
    (t, i, all) => !all.some((other, j) => j !== i && other.length > t.length && bare(other).includes(bare(t))),
  );
}

const label = (key: RubricCriterionKey) => RUBRIC_CRITERIA.find((c) => c.key === key)!.label;

/**
 * The one suggestion for an answer: the first rule that applies, in the order a coach would raise
 * them, worded with the rubric criterion it serves.
 */
export function suggest(a: {
  question: string;
  text: string;
  wordCount: number;
  fillers: number;
  wpm: number | null;
  namedTool: boolean;
  jobTerms: string[];
  concreteItems: string[];
  jobSkills: string[];
}): { criterion: RubricCriterionKey; text: string } {
  const say = (criterion: RubricCriterionKey, text: string) => ({ criterion, text: `${label(criterion)}: ${text}` });
  if (a.wordCount < SHORT_ANSWER_WORDS)
    return say('communication', 'give a full example: what the task was, what you did, and how it turned out.');
  const skillAsked = a.jobSkills.find((s) => normalWords(a.question).join(' ').includes(normalWords(s).join(' ')));
  if (skillAsked && !a.jobTerms.includes(skillAsked))
    return say('role_fit', `the question was about ${skillAsked}: say where you used it, by name.`);
  if (!a.namedTool && !a.jobTerms.length)
    return say('creative_expertise', 'say which tool or technique you used, by name.');
  if (CRITIQUE_QUESTION.test(a.question) && !CRITIQUE_REASON.test(a.text))
    return say('critique_ability', 'say why: what did not work, what you changed, and the reason.');
  if (!NUMBER.test(a.text))
    return say('creative_expertise', 'give the result in a number: how many, how much faster, what changed.');
  if (a.fillers * 100 >= FILLERS_TOO_MANY * a.wordCount)
    return say('communication', 'pause instead of saying "um": a short silence sounds surer than a filler.');
  if (a.wpm !== null && a.wpm > DEBRIEF_WPM_BAND[1])
    return say('communication', 'slow down a little, so each point lands before the next one.');
  if (a.wordCount > LONG_ANSWER_WORDS)
    return say('communication', 'lead with the point in one sentence, then give the detail.');
  const first = a.concreteItems[0];
  return say(
    'communication',
    first
      ? `a clear, concrete answer. Keep this shape: name the thing (like ${first}), what you did, and the result.`
      : 'a clear, concrete answer. Keep this shape: the thing, what you did, and the result.',
  );
}

export function computeDebrief(turns: DebriefTurn[], job: DebriefJob): Debrief {
  const vocabulary = buildVocabulary({
    title: job?.title,
    description: job?.description,
    skills: job?.skills,
    customQuestions: job?.customQuestions,
  });
  const jobSkills = (job?.skills ?? []).map((s) => s.name.trim()).filter(Boolean);
  const { answers, aiMs } = answersOf(turns);

  let userMs = 0;
  let judgedWords = 0;
  let judgedMs = 0;
  let judgedFillers = 0;
  let longestMs: number | null = null;
  const starts: number[] = [];
  const out: DebriefAnswer[] = answers.map((a) => {
    userMs += a.ms;
    longestMs = Math.max(longestMs ?? 0, a.ms);
    if (a.startMs !== null) starts.push(a.startMs);
    const seconds = round(a.ms / 1000, 1);
    const start_seconds = a.startMs === null ? null : round(a.startMs / 1000, 1);
    const reliable = !a.hasWords || heardClearly(a.words);
    if (!reliable) {
      // Hard to hear: the words may be the recognizer's guesses, so nothing in them is judged.
      return {
        question: a.question,
        text: a.text,
        words_per_minute: null,
        fillers: [],
        filler_spans: [],
        concrete_items: [],
        job_terms: [],
        suggestion: null,
        suggestion_criterion: null,
        reliable,
        seconds,
        start_seconds,
      };
    }
    const count = wordsOf(a.text).length;
    const { fillers, spans } = findFillers(a.text);
    const wpm = perMinute(count, a.ms);
    judgedWords += count;
    judgedFillers += fillers.length;
    if (wpm !== null) judgedMs += a.ms;
    const sure = sureLine(a.words);
    const heard = understand(a.text, { words: a.hasWords ? a.words : undefined, vocabulary, sure });
    const items = sayable(heard, sure).filter((i) => worthNaming(i, vocabulary));
    const concrete = distinct(items.map((i) => i.text));
    const jobTerms = jobTermsIn(a.text, vocabulary);
    const tip = suggest({
      question: a.question,
      text: a.text,
      wordCount: count,
      fillers: fillers.length,
      wpm,
      namedTool: items.some((i) => i.kind === 'tool'),
      jobTerms,
      concreteItems: concrete,
      jobSkills,
    });
    return {
      question: a.question,
      text: a.text,
      words_per_minute: wpm,
      fillers,
      filler_spans: spans,
      concrete_items: concrete,
      job_terms: jobTerms,
      suggestion: tip.text,
      suggestion_criterion: tip.criterion,
      reliable,
      seconds,
      start_seconds,
    };
  });

  const timedWords = out.reduce((n, a) => n + (a.words_per_minute !== null ? wordsOf(a.text).length : 0), 0);
  const startMedian = median(starts);
  return {
    reliable: out.every((a) => a.reliable),
    delivery: {
      words_per_minute: perMinute(timedWords, judgedMs),
      filler_per_100_words: judgedWords ? round((judgedFillers * 100) / judgedWords, 1) : null,
      talk_share: userMs + aiMs > 0 ? round(userMs / (userMs + aiMs), 2) : null,
      longest_answer_seconds: longestMs === null ? null : round(longestMs / 1000, 1),
      start_seconds: startMedian === null ? null : round(startMedian / 1000, 1),
      wpm_band: [DEBRIEF_WPM_BAND[0], DEBRIEF_WPM_BAND[1]],
    },
    answers: out,
  };
}
