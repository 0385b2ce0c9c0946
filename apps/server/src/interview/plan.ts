import { spellingsFor, type Spellings } from './recognition/spelling';
import { buildVocabulary, type JobVocabulary } from './understanding/vocabulary';
import type { JobText } from './recognition/job-model';

/** What the interviewer knows about the job and the candidate. */
export type PlanInput = {
  job: {
    title: string;
    description: string;
    positionType: string;
    interviewType: 'standard' | 'human_data' | 'custom_questions' | 'custom_exercise';
    skills: { name: string; description?: string }[];
    customQuestions: string[];
  } | null;
  candidate: { name: string; position?: string | null; skills?: string[]; expertise?: string[] };
};

export type InterviewPlan = {
  firstName: string;
  jobTitle: string;
  questions: string[];
  maxQuestions: number;
  maxMinutes: number;
  systemPrompt: string;
  /** The hiring team's own questions: always asked, even when time is short. */
  required: string[];
  /** The job's and candidate's words, for the understanding stage and the recognizer. */
  vocabulary: JobVocabulary;
  /**
   * How the job and the candidate write their words ("z brush" → "ZBrush"), computed once per
   * interview: for the live captions and turns and the interviewer's sentences (decision 0174).
   */
  spellings?: Spellings;
  /** Practical questions (availability): answered plainly, never probed. */
  logistics: string[];
  /** A narrower first question for a candidate unsure how to answer the opening one. */
  openingRephrase?: string;
  /** A practice run (/interview-prep): said so in the greeting, and no hiring team in the goodbye (0183). */
  practice?: boolean;
};

const AVAILABILITY = 'What does your availability look like for remote, hourly work?';

export type PlanLimits = { maxMinutes: number; maxQuestions: number; practice?: boolean };

/**
 * Builds the question plan from the job's interview type, its custom questions and skills, and the
 * candidate's profile. The built-in interviewer asks these in order; a language model gets the same
 * plan as its system prompt.
 */
export function buildPlan(input: PlanInput, limits: PlanLimits): InterviewPlan {
  const firstName = input.candidate.name.trim().split(/\s+/)[0] || 'there';
  const job = input.job;
  const jobTitle = job?.title ?? 'creative';
  const custom = (job?.customQuestions ?? []).map((q) => q.trim()).filter(Boolean);
  const skills = (job?.skills ?? []).map((s) => s.name).filter(Boolean);
  const background = input.candidate.position
    ? `You mentioned you work as ${withArticle(input.candidate.position)}. What drew you to this role?`
    : 'To start, tell me about your creative background and what draws you to this role.';

  const questions: string[] = [background];
  const type = job?.interviewType ?? 'standard';
  if (type === 'custom_questions') questions.push(...custom);
  if (type === 'custom_exercise') {
    const exercise = custom[0] ?? 'Describe how you would rate a short piece of writing for quality, step by step.';
    questions.push(
      `Let's do a short exercise. ${exercise}`,
      'How did you approach that, and what would you check next?',
    );
    questions.push(...custom.slice(1));
  }
  if (type === 'human_data') {
    questions.push(
      'Have you rated, labeled or reviewed creative content before? Tell me about it.',
      'How do you judge the quality of a piece of creative work? What do you look at first?',
      'How do you stay consistent when you review many similar items in a row?',
      'What do you do when the guidelines do not clearly cover the case in front of you?',
    );
  }
  const jobText = [job?.description, ...(job?.skills ?? []).map((s) => s.description)].join(' ');
  skills.slice(0, 3).forEach((skill, i) => {
    questions.push(
      `How have you used ${skillNoun(skill, jobText)} in your work? ${SKILL_PROMPTS[i % SKILL_PROMPTS.length]}`,
    );
  });
  if (type !== 'custom_questions') questions.push(...custom);
  questions.push(
    'Walk me through a recent project you are proud of. What was your role, and which tools did you use?',
    'Tell me about a time you got critical feedback on your work. How did you handle it?',
    'How do you keep quality high when you work against a deadline?',
    AVAILABILITY,
  );

  const unique = [...new Set(questions)];
  const maxQuestions = Math.max(1, limits.maxQuestions);
  // The hiring team's questions are never cut by the question budget; the planned ones around them are.
  // A practice run asks exactly its budget, as its intro and greeting say (decision 0183).
  const required = limits.practice ? [] : custom.filter((q) => unique.includes(q) || unique.some((u) => u.endsWith(q)));
  const requiredIn = (q: string) => required.some((r) => q === r || q.endsWith(r));
  let room = Math.max(0, maxQuestions - unique.filter(requiredIn).length);
  const kept = unique.filter((q) => requiredIn(q) || room-- > 0);
  const plan: InterviewPlan = {
    firstName,
    jobTitle,
    questions: kept,
    maxQuestions,
    maxMinutes: limits.maxMinutes,
    ...(limits.practice ? { practice: true } : {}),
    systemPrompt: '',
    required: kept.filter(requiredIn),
    logistics: kept.filter((q) => q === AVAILABILITY),
    openingRephrase: input.candidate.position
      ? `What kind of work do you enjoy most as ${withArticle(input.candidate.position)}?`
      : 'What is one piece of work you made recently that you liked, and what did you do on it?',
    vocabulary: buildVocabulary({
      title: job?.title,
      description: job?.description,
      skills: job?.skills,
      customQuestions: custom,
      candidateTools: [...(input.candidate.skills ?? []), ...(input.candidate.expertise ?? [])],
    }),
    spellings: spellingsFor({
      title: job?.title ?? '',
      description: job?.description ?? '',
      skills: job?.skills ?? [],
      customQuestions: custom,
      candidateTools: [...(input.candidate.skills ?? []), ...(input.candidate.expertise ?? [])],
    }),
  };
  plan.systemPrompt = systemPrompt(plan, input);
  return plan;
}

function systemPrompt(plan: InterviewPlan, input: PlanInput): string {
  const job = input.job;
  const c = input.candidate;
  return [
    `You are a friendly, professional AI interviewer holding a live voice interview for the role "${plan.jobTitle}"` +
      (job ? ` (${job.positionType}).` : '.'),
    job ? `Job description: ${job.description}` : '',
    job?.skills.length ? `Skills the role needs: ${job.skills.map((s) => s.name).join(', ')}.` : '',
    `Candidate: ${c.name}${c.position ? `, ${c.position}` : ''}.` +
      (c.skills?.length ? ` Listed skills: ${c.skills.join(', ')}.` : '') +
      (c.expertise?.length ? ` Expertise: ${c.expertise.join(', ')}.` : ''),
    plan.practice
      ? `This is a practice run for the candidate, not a real interview: nothing is recorded, scored or sent to a hiring team. It lasts at most ${plan.maxMinutes} minutes and covers these ${plan.questions.length} questions in order:`
      : `The interview lasts at most ${plan.maxMinutes} minutes and covers these questions in order:`,
    ...plan.questions.map((q, i) => `${i + 1}. ${q}`),
    'Speak in short spoken sentences (this is read aloud): no lists, no markdown, no emoji. Ask one question at a time.',
    'Never evaluate or score the candidate aloud. Follow the instruction given for each turn.',
  ]
    .filter(Boolean)
    .join('\n');
}

function withArticle(position: string): string {
  const p = position.trim();
  if (/^(a|an|the)\s/i.test(p)) return p;
  return /^[aeiou]/i.test(p) ? `an ${p}` : `a ${p}`;
}

/** Second sentences of the skill questions, so no two of them end the same way. */
const SKILL_PROMPTS = [
  'Tell me about one specific example.',
  'What is a project where it really mattered?',
  'Walk me through a piece of work where you relied on it.',
];

/**
 * A skill's name as a speaker would say it mid-sentence: "Studio lighting" becomes "studio lighting",
 * while names ("ZBrush", "Cinema 4D", "Adobe Photoshop") keep their capitals. A word is common when it
 * is written in sentence case after the first word, or written in lower case in the job's own text.
 */
export function skillNoun(skill: string, jobText = ''): string {
  const words = skill.trim().split(/\s+/);
  const lowerInJob = new Set(jobText.split(/[^\p{L}\p{N}]+/u).filter((w) => w && w === w.toLowerCase()));
  const sentenceCase = words.length > 1 && words.slice(1).every((w) => w === w.toLowerCase());
  return words
    .map((w, i) => {
      const plainCapital = /^\p{Lu}[\p{Ll}]+$/u.test(w);
      if (!plainCapital) return w;
      if ((i === 0 && sentenceCase) || lowerInJob.has(w.toLowerCase())) return w.toLowerCase();
      return w;
    })
    .join(' ');
}

export { Conductor } from './conductor';

/**
 * The text a job's recognizer is biased toward. The job's own only: one model per job is built once
 * and shared by its candidates (the candidate's tools would make a model, and a build, per candidate).
 */
export function jobRecognitionText(input: PlanInput): JobText | null {
  if (!input.job) return null;
  const { title, description, skills, customQuestions } = input.job;
  return { title, description, skills, customQuestions };
}
