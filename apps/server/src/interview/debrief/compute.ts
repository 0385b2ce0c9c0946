import { CAREFUL_UNSURE_BELOW, DEBRIEF_WPM_BAND, type Debrief, type DebriefAnswer } from '@app/shared';
import { SURE, sayable, understand } from '../understanding/understand';
import { buildVocabulary, normalWords } from '../understanding/vocabulary';
import { worthNaming } from '../understanding/worth-naming';
import { median } from '../../lib/median';
import { round } from '../../lib/round';
import { jobTermsIn, namesToolOrTechnique } from './terms';
import { chooseTips, type AnswerFacts } from './tips';

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
  // Tips are chosen across the answers once each answer's facts are known (decision 0184).
  const facts: (AnswerFacts | null)[] = [];
  const out: DebriefAnswer[] = answers.map((a) => {
    userMs += a.ms;
    longestMs = Math.max(longestMs ?? 0, a.ms);
    if (a.startMs !== null) starts.push(a.startMs);
    const seconds = round(a.ms / 1000, 1);
    const start_seconds = a.startMs === null ? null : round(a.startMs / 1000, 1);
    const reliable = !a.hasWords || heardClearly(a.words);
    if (!reliable) {
      facts.push(null);
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
    facts.push({
      question: a.question,
      text: a.text,
      wordCount: count,
      fillers: fillers.length,
      wpm,
      namedToolOrTechnique: items.some((i) => i.kind === 'tool') || namesToolOrTechnique(a.text),
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
      suggestion: null,
      suggestion_criterion: null,
      reliable,
      seconds,
      start_seconds,
    };
  });

  const judged = facts.flatMap((f, i) => (f ? [{ f, i }] : []));
  chooseTips(judged.map((j) => j.f)).forEach((tip, k) => {
    const answer = out[judged[k]!.i]!;
    answer.suggestion = tip.text;
    answer.suggestion_criterion = tip.criterion;
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
