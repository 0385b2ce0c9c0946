import {
  MIN_SURE_SHARE,
  RUBRIC_CRITERIA,
  RUBRIC_VERSION,
  type Assessment,
  type AssessmentSignals,
  type CriterionAssessment,
  type Recommendation,
  type RubricCriterionKey,
  sureShare,
} from '@app/shared';
import type { SampleInput } from './work-sample';
import { intelligibility, keywords, normalize, overlap, seconds, sentences, wordCount, words, type Turn } from './text';

export type AssessmentJob = {
  title: string;
  skills: { name: string; description: string }[];
  customQuestions: string[];
};

/**
 * `turns`: the conversation the four core criteria judge; with a work sample (issue 46), only the turns
 * before its first item was shown: the think-aloud belongs to the work_sample criterion (`workSample`).
 */
export type AssessmentInput = { job: AssessmentJob | null; turns: Turn[]; workSample?: SampleInput };

/** Below these the conversation is not scored; a person listens to it instead. */
export const MIN_CANDIDATE_TURNS = 3;
export const MIN_CANDIDATE_WORDS = 60;
export const MIN_INTELLIGIBILITY = 0.6;
/** An answer shorter than this is counted as incomplete. */
const COMPLETE_ANSWER_WORDS = 15;

/** Tools and craft vocabulary of creative work; used words show hands-on expertise. */
const CRAFT_TERMS = [
  'figma',
  'sketch',
  'photoshop',
  'illustrator',
  'indesign',
  'after effects',
  'premiere',
  'final cut',
  'davinci',
  'blender',
  'cinema 4d',
  'maya',
  'procreate',
  'lightroom',
  'canva',
  'logic pro',
  'ableton',
  'pro tools',
  'typography',
  'typeface',
  'kerning',
  'layout',
  'grid',
  'composition',
  'color',
  'colour',
  'palette',
  'contrast',
  'hierarchy',
  'whitespace',
  'white space',
  'lighting',
  'framing',
  'storyboard',
  'brand',
  'branding',
  'identity',
  'prototype',
  'wireframe',
  'user research',
  'usability',
  'accessibility',
  'illustration',
  'animation',
  'motion',
  'editing',
  'color grading',
  'mixing',
  'mastering',
  'copywriting',
  'narrative',
  'tone of voice',
  'portfolio',
  'art direction',
  'mood board',
  'moodboard',
  'vector',
  'render',
  'texture',
  'visual',
  'aesthetic',
];
/** Phrases that judge work and give reasons: the core of a rater's job. */
const CRITIQUE_MARKERS = [
  'because',
  'improve',
  'feedback',
  'strength',
  'weakness',
  'works well',
  "doesn't work",
  'does not work',
  'could be better',
  'would change',
  'instead',
  'however',
  'but the',
  'too busy',
  'cluttered',
  'lacks',
  'missing',
  'inconsistent',
  'consistent',
  'clarity',
  'readable',
  'readability',
  'critique',
  'review',
  'evaluate',
  'judge',
  'stronger',
  'weaker',
  'effective',
  'ineffective',
  'balance',
  'trade-off',
  'tradeoff',
];
const POSITIVE_JUDGEMENT = /\b(works well|strength|effective|strong|i like|love how|succeeds?)\b/i;
const NEGATIVE_JUDGEMENT =
  /\b(improve|weak|however|doesn't work|does not work|lacks|missing|too busy|cluttered|could be better|would change)\b/i;
const CONCRETE_WORK =
  /\b(\d+\s+years?|portfolio|clients?|projects?|i (designed|built|created|led|made|shipped|illustrated|edited|wrote|directed|produced|animated))\b/i;

const clampScore = (n: number) => Math.min(5, Math.max(1, Math.round(n)));
const pct = (n: number) => `${Math.round(n * 100)}%`;
const label = (key: RubricCriterionKey) => RUBRIC_CRITERIA.find((c) => c.key === key)!.label;

function containsTerm(textNorm: string, term: string) {
  return new RegExp(`(^|[^\\p{L}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\p{L}]|$)`, 'u').test(textNorm);
}

/** Shortens a quote at a word boundary; the result is still a verbatim substring of the turn. */
function clip(sentence: string, max = 220) {
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max);
  return cut.slice(0, cut.lastIndexOf(' ')).trim();
}

export function computeSignals(input: AssessmentInput) {
  const answers = input.turns.filter((t) => t.speaker === 'user' && t.text.trim());
  const allText = answers.map((a) => a.text).join(' ');
  const answerWords = new Set(words(normalize(allText)));
  const answerSentences = answers.flatMap((a) => sentences(a.text));

  const skills = (input.job?.skills ?? []).map((skill) => {
    const nameWords = keywords(skill.name);
    const covered =
      containsTerm(normalize(allText), normalize(skill.name)) ||
      (nameWords.length > 0 && overlap(nameWords, answerWords) >= 0.66);
    const evidence = covered
      ? answerSentences.find((s) => nameWords.some((w) => normalize(s).includes(w.slice(0, 5))))
      : undefined;
    return { name: skill.name, covered, evidence };
  });

  // A job question is answered when the interviewer asked it (or something close) and the next
  // candidate turn is a complete answer; if it was never asked, when the answers address its words.
  // Words of the job title are left out of a question's keywords: the interviewer says the title in
  // its greeting, which would otherwise count as asking every question that mentions it.
  const titleWords = new Set(keywords(input.job?.title ?? ''));
  const questions = (input.job?.customQuestions ?? []).map((question) => {
    const all = keywords(question);
    const specific = all.filter((w) => !titleWords.has(w));
    const qWords = specific.length ? specific : all;
    const askedAt = input.turns.findIndex(
      (t) =>
        t.speaker === 'ai' &&
        overlap(qWords, new Set(words(normalize(t.text)).filter((w) => !titleWords.has(w)))) >= 0.6,
    );
    let answered: boolean;
    if (askedAt >= 0) {
      const next = input.turns.slice(askedAt + 1).find((t) => t.speaker === 'user');
      answered = Boolean(next && wordCount(next.text) >= COMPLETE_ANSWER_WORDS);
    } else {
      answered = overlap(qWords, answerWords) >= 0.5;
    }
    return { question, answered };
  });

  const signals: AssessmentSignals = {
    candidate_turns: answers.length,
    candidate_words: wordCount(allText),
    speaking_seconds: Math.round(answers.reduce((sum, t) => sum + seconds(t), 0)),
    skills_covered: skills.filter((s) => s.covered).map((s) => s.name),
    skills_missing: skills.filter((s) => !s.covered).map((s) => s.name),
    questions_answered: questions.filter((q) => q.answered).map((q) => q.question),
    questions_unanswered: questions.filter((q) => !q.answered).map((q) => q.question),
  };
  return { answers, allText, answerSentences, skills, questions, signals };
}

/** Why a transcript cannot be scored, or null when it can. */
export function reasonNotScorable(signals: AssessmentSignals, allText: string): string | null {
  if (signals.candidate_turns < MIN_CANDIDATE_TURNS) {
    return `The candidate spoke in ${signals.candidate_turns} turn(s); at least ${MIN_CANDIDATE_TURNS} are needed to score the interview.`;
  }
  if (signals.candidate_words < MIN_CANDIDATE_WORDS) {
    return `The candidate said ${signals.candidate_words} words; at least ${MIN_CANDIDATE_WORDS} are needed to score the interview.`;
  }
  const clear = intelligibility(allText);
  if (clear < MIN_INTELLIGIBILITY) {
    return `Only ${pct(clear)} of the transcribed words are intelligible; the transcript may be speech-to-text noise.`;
  }
  return null;
}

/**
 * Why the audio was not heard surely enough to score, or null (decision 0173): over the candidate's
 * words that carry the recognizer's confidences, the share at or above CAREFUL_UNSURE_BELOW
 * (docs/product/rules.md).
 */
export function reasonAudioInsufficient(input: AssessmentInput): string | null {
  const heard = input.turns
    .filter((t) => t.speaker === 'user')
    // `words: []`: the careful pass heard nothing in this turn's audio, so none of its text is sure.
    .flatMap((t) => (t.words?.length === 0 ? words(t.text).map(() => ({ confidence: 0 })) : (t.words ?? [])));
  if (!heard.length) return null;
  const share = sureShare(heard);
  if (share >= MIN_SURE_SHARE) return null;
  return (
    `Too little of what the candidate said was heard surely: ${pct(share)} of the ${heard.length} recognized ` +
    `words (at least ${pct(MIN_SURE_SHARE)} are needed). The audio may be unclear, noise or another language.`
  );
}

export function recommendationFor(overall: number): Recommendation {
  if (overall >= 3.75) return 'advance';
  if (overall >= 2.75) return 'consider';
  return 'do_not_advance';
}

/**
 * The assessment of a transcript that is not scored, and why; null when it can be scored. Too little
 * heard surely comes first (a reviewer listens to the recording instead), then too little said or
 * intelligible (a reviewer watches it). The built-in and the model's assessment both start here.
 */
export function unscoredAssessment(
  input: AssessmentInput,
  { signals, allText }: { signals: AssessmentSignals; allText: string },
  method: Assessment['method'],
  model: string | null,
): Assessment | null {
  const unheard = reasonAudioInsufficient(input);
  const notScorable = unheard ? null : reasonNotScorable(signals, allText);
  if (!unheard && !notScorable) return null;
  return {
    rubric_version: RUBRIC_VERSION,
    method,
    model,
    status: unheard ? 'insufficient_audio' : 'needs_human_review',
    criteria: [],
    overall_score: null,
    recommendation: null,
    summary: unheard
      ? `Not scored: ${unheard} A reviewer should listen to the recording.`
      : `Not scored: ${notScorable} A reviewer should watch the recording.`,
    signals,
    fallback_reason: null,
    generated_at: new Date().toISOString(),
  };
}

/**
 * The built-in assessment: every score comes from a rule a reviewer can check against the transcript
 * (answer length and completeness, craft vocabulary, reasoned judgements, coverage of the job's skills
 * and questions, speaking time). Each rationale states the numbers it used.
 */
export function builtInAssessment(input: AssessmentInput): Assessment {
  const { answers, allText, answerSentences, skills, questions, signals } = computeSignals(input);
  const unscored = unscoredAssessment(input, { signals, allText }, 'built_in', null);
  if (unscored) return unscored;

  const textNorm = normalize(allText);
  const criteria: CriterionAssessment[] = [];

  // Communication: answer length and completeness.
  const avgWords = signals.candidate_words / answers.length;
  const complete = answers.filter((a) => wordCount(a.text) >= COMPLETE_ANSWER_WORDS).length;
  const completeness = complete / answers.length;
  const longest = [...answers].sort((a, b) => wordCount(b.text) - wordCount(a.text))[0]!;
  criteria.push({
    key: 'communication',
    label: label('communication'),
    score: clampScore(1 + +(avgWords >= 15) + +(avgWords >= 35) + +(completeness >= 0.5) + +(completeness >= 0.8)),
    rationale: `Average answer ${Math.round(avgWords)} words over ${answers.length} answers; ${complete} of ${answers.length} (${pct(completeness)}) have at least ${COMPLETE_ANSWER_WORDS} words.`,
    quotes: [clip(sentences(longest.text).slice(0, 2).join(' '))],
  });

  // Creative expertise: craft vocabulary and concrete work.
  const terms = CRAFT_TERMS.filter((t) => containsTerm(textNorm, t));
  const concrete = answerSentences.find((s) => CONCRETE_WORK.test(s));
  const termSentences = answerSentences
    .map((s) => ({ s, n: CRAFT_TERMS.filter((t) => containsTerm(normalize(s), t)).length }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n)
    .map((x) => x.s);
  criteria.push({
    key: 'creative_expertise',
    label: label('creative_expertise'),
    score: clampScore(1 + +(terms.length >= 1) + +(terms.length >= 3) + +(terms.length >= 6) + +Boolean(concrete)),
    rationale:
      `${terms.length} tools or craft terms used${terms.length ? ` (${terms.slice(0, 8).join(', ')})` : ''}; ` +
      (concrete ? 'refers to concrete past work.' : 'no concrete past work described.'),
    quotes: [...new Set([...termSentences.slice(0, 2), ...(concrete ? [concrete] : [])])]
      .slice(0, 2)
      .map((s) => clip(s)),
  });

  // Critique ability: reasoned judgements, both positive and negative.
  const critiqueSentences = answerSentences.filter((s) => CRITIQUE_MARKERS.some((m) => containsTerm(normalize(s), m)));
  const balanced = POSITIVE_JUDGEMENT.test(allText) && NEGATIVE_JUDGEMENT.test(allText);
  criteria.push({
    key: 'critique_ability',
    label: label('critique_ability'),
    score: clampScore(
      1 +
        +(critiqueSentences.length >= 1) +
        +(critiqueSentences.length >= 2) +
        +(critiqueSentences.length >= 4) +
        +balanced,
    ),
    rationale:
      `${critiqueSentences.length} sentences judge work or give reasons; ` +
      (balanced ? 'names both strengths and things to improve.' : 'does not weigh strengths against weaknesses.'),
    quotes: critiqueSentences.slice(0, 2).map((s) => clip(s)),
  });

  // Role fit: the job's own skills and questions, and enough conversation to judge.
  const parts: number[] = [];
  if (skills.length) parts.push(signals.skills_covered.length / skills.length);
  if (questions.length) parts.push(signals.questions_answered.length / questions.length);
  const coverage = parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : completeness;
  const substantial = signals.speaking_seconds >= 300 || signals.candidate_words >= 400;
  const skillEvidence = skills.map((s) => s.evidence).filter((e): e is string => Boolean(e));
  criteria.push({
    key: 'role_fit',
    label: label('role_fit'),
    score: clampScore(1 + Math.round(coverage * 3) + +substantial),
    rationale: [
      skills.length
        ? `Covered ${signals.skills_covered.length} of ${skills.length} required skills.`
        : 'The job lists no skills.',
      questions.length
        ? `Answered ${signals.questions_answered.length} of ${questions.length} job questions.`
        : 'The job has no custom questions.',
      `${Math.round(signals.speaking_seconds / 60)} min of speaking, ${signals.candidate_words} words.`,
    ].join(' '),
    quotes: [...new Set(skillEvidence)].slice(0, 2).map((s) => clip(s)),
  });

  const overall = Math.round((criteria.reduce((sum, c) => sum + c.score, 0) / criteria.length) * 10) / 10;
  return {
    rubric_version: RUBRIC_VERSION,
    method: 'built_in',
    model: null,
    status: 'scored',
    criteria,
    overall_score: overall,
    recommendation: recommendationFor(overall),
    summary:
      `Built-in assessment: ${signals.candidate_turns} answers, ${signals.candidate_words} words. ` +
      `${criteria.map((c) => `${c.label} ${c.score}/5`).join(', ')}. Overall ${overall}/5.`,
    signals,
    fallback_reason: null,
    generated_at: new Date().toISOString(),
  };
}
