/**
 * The one tip per answer of a debrief (issue 34, decision 0184): each answer's tip comes from what that
 * answer lacked, in the order a coach would raise it, and no tip goes to most of the answers: once a
 * tip has been given to half of them, the next answer gets its next lack instead.
 */
import { DEBRIEF_WPM_BAND, RUBRIC_CRITERIA, type RubricCriterionKey } from '@app/shared';
import { normalWords } from '../understanding/vocabulary';
import { stems } from './terms';

/** Shorter than this an answer is not complete (the built-in assessment's own line). */
const SHORT_ANSWER_WORDS = 15;
const LONG_ANSWER_WORDS = 170;
const FILLERS_TOO_MANY = 5;
const CRITIQUE_QUESTION = /\b(feedback|critique|judge|quality|review|improve|change)\b/i;
const CRITIQUE_REASON = /\b(because|so that|which is why|the reason|instead|that's why|since)\b/i;
const NUMBER =
  /\b(\d[\d.,]*%?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|half|double|twice|percent)\b/i;
/** The candidate's own part: "I" with something done, not only "we" or "the team". */
const OWN_PART = /\b(i|i'd|i've|i'm|my|me)\b/i;
/** How an answer ended up: a result, an outcome, a reaction. */
const OUTCOME =
  /\b(result|resulted|outcome|so the|ended up|turned out|shipped|launched|delivered|finished|approved|won|improved|increased|reduced|saved|cut|grew|happy|liked|loved|used it|went live)\b/i;

export type AnswerFacts = {
  question: string;
  text: string;
  wordCount: number;
  fillers: number;
  wpm: number | null;
  /** A tool or technique named (known to creative work, or the job's own term). */
  namedToolOrTechnique: boolean;
  jobTerms: string[];
  concreteItems: string[];
  jobSkills: string[];
};

export type Tip = { key: string; criterion: RubricCriterionKey; text: string };

const label = (key: RubricCriterionKey) => RUBRIC_CRITERIA.find((c) => c.key === key)!.label;
const tip = (key: string, criterion: RubricCriterionKey, text: string): Tip => ({
  key,
  criterion,
  text: `${label(criterion)}: ${text}`,
});

/** Everything the answer lacked, most important first; the last entry is always the "keep this" tip. */
export function lacksOf(a: AnswerFacts): Tip[] {
  const out: Tip[] = [];
  if (a.wordCount < SHORT_ANSWER_WORDS)
    out.push(
      tip('example', 'communication', 'give a full example: what the task was, what you did, and how it turned out.'),
    );
  const question = ` ${stems(a.question).join(' ')} `;
  const skillAsked = a.jobSkills.find((s) => question.includes(` ${stems(s).join(' ')} `));
  if (skillAsked && !a.jobTerms.includes(skillAsked))
    out.push(tip('skill', 'role_fit', `the question was about ${skillAsked}: say where you used it, by name.`));
  if (!a.namedToolOrTechnique && !a.jobTerms.length)
    out.push(tip('tool', 'creative_expertise', 'say which tool or technique you used, by name.'));
  if (CRITIQUE_QUESTION.test(a.question) && !CRITIQUE_REASON.test(a.text))
    out.push(tip('reason', 'critique_ability', 'say why: what did not work, what you changed, and the reason.'));
  if (!OWN_PART.test(a.text))
    out.push(
      tip(
        'own',
        'communication',
        'say what you did yourself ("I sketched...", "I chose..."), not only what the team did.',
      ),
    );
  if (!OUTCOME.test(a.text) && !NUMBER.test(a.text))
    out.push(tip('outcome', 'communication', 'end with how it turned out: what happened once the work was done.'));
  else if (!NUMBER.test(a.text))
    out.push(
      tip('number', 'creative_expertise', 'give the result in a number: how many, how much faster, what changed.'),
    );
  if (a.fillers * 100 >= FILLERS_TOO_MANY * a.wordCount)
    out.push(
      tip('fillers', 'communication', 'pause instead of saying "um": a short silence sounds surer than a filler.'),
    );
  if (a.wpm !== null && a.wpm > DEBRIEF_WPM_BAND[1])
    out.push(tip('pace', 'communication', 'slow down a little, so each point lands before the next one.'));
  if (a.wordCount > LONG_ANSWER_WORDS)
    out.push(tip('lead', 'communication', 'lead with the point in one sentence, then give the detail.'));
  const first = a.concreteItems[0];
  out.push(
    tip(
      `keep:${first ? normalWords(first).join(' ') : ''}`,
      'communication',
      first
        ? `a clear, concrete answer. Keep this shape: name the thing (like ${first}), what you did, and the result.`
        : 'a clear, concrete answer. Keep this shape: the thing, what you did, and the result.',
    ),
  );
  return out;
}

/**
 * One tip per answer: its first lack that has not yet gone to half of the answers; when every lack
 * of an answer has, the one given least so far. Answers in order, so the earlier ones get their first.
 */
export function chooseTips(answers: AnswerFacts[]): Tip[] {
  const cap = Math.max(1, Math.floor(answers.length / 2));
  const given = new Map<string, number>();
  return answers.map((a) => {
    const lacks = lacksOf(a);
    const uses = (t: Tip) => given.get(t.key) ?? 0;
    const chosen =
      lacks.find((t) => uses(t) < cap) ?? lacks.reduce((best, t) => (uses(t) < uses(best) ? t : best), lacks[0]!);
    given.set(chosen.key, uses(chosen) + 1);
    return chosen;
  });
}
