import type { InterviewMove } from './providers/types';

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
};

export type PlanLimits = { maxMinutes: number; maxQuestions: number };

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
    ? `You mentioned you work as ${withArticle(input.candidate.position)}. Tell me about your background and what draws you to this role.`
    : 'To start, tell me a little about your creative background and what draws you to this role.';

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
  for (const skill of skills.slice(0, 3)) {
    questions.push(`How have you used ${skill} in your work? Tell me about a specific example.`);
  }
  if (type !== 'custom_questions') questions.push(...custom);
  questions.push(
    'Walk me through a recent project you are proud of. What was your role, and which tools did you use?',
    'Tell me about a time you got critical feedback on your work. How did you handle it?',
    'How do you keep quality high when you work against a deadline?',
    'What does your availability look like for remote, hourly work?',
  );

  const unique = [...new Set(questions)];
  const maxQuestions = Math.max(1, limits.maxQuestions);
  const plan: InterviewPlan = {
    firstName,
    jobTitle,
    questions: unique.slice(0, maxQuestions),
    maxQuestions,
    maxMinutes: limits.maxMinutes,
    systemPrompt: '',
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
    `The interview lasts at most ${plan.maxMinutes} minutes and covers these questions in order:`,
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

const VAGUE = /\b(i don'?t know|not sure|no idea|nothing|i guess|maybe|kind of|sort of|whatever)\b/i;

/** A short or vague answer earns one follow-up before moving on. */
export function needsFollowUp(answer: string): boolean {
  const words = answer.trim().split(/\s+/).filter(Boolean).length;
  return words < 8 || (words < 20 && VAGUE.test(answer));
}

const FOLLOW_UPS = [
  'Could you tell me more? For example, a specific project where that came up.',
  'Can you give me a concrete example of that?',
  'What was your own part in that, and how did it turn out?',
];

/**
 * Keeps the interview on plan: which question comes next, when a follow-up is due, and when time
 * or the question budget says it is time to close. Both interviewer providers follow its moves.
 */
export class Conductor {
  private index = -1;
  private followedUp = false;
  private closed = false;
  /** Closing is due this many ms before the limit, leaving room for the last answer and goodbye. */
  private readonly reserveMs: number;

  constructor(
    readonly plan: InterviewPlan,
    reserveMs = 60000,
  ) {
    this.reserveMs = Math.min(reserveMs, (plan.maxMinutes * 60000) / 4);
  }

  get questionsAsked(): number {
    return this.index + 1;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The question currently open, for "can you repeat that". */
  get currentQuestion(): string | null {
    return this.plan.questions[this.index] ?? null;
  }

  opening(): InterviewMove {
    this.index = 0;
    return { kind: 'greeting', question: this.plan.questions[0]! };
  }

  /** The move after the candidate answered. */
  next(answer: string, elapsedMs: number): InterviewMove {
    const timeUp = elapsedMs >= this.plan.maxMinutes * 60000 - this.reserveMs;
    if (!timeUp && !this.followedUp && needsFollowUp(answer)) {
      this.followedUp = true;
      return { kind: 'follow_up', question: FOLLOW_UPS[this.index % FOLLOW_UPS.length]! };
    }
    const nextIndex = this.index + 1;
    if (timeUp || nextIndex >= this.plan.questions.length) return this.close();
    this.index = nextIndex;
    this.followedUp = false;
    return { kind: 'question', question: this.plan.questions[nextIndex]!, acknowledge: true };
  }

  close(): InterviewMove {
    this.closed = true;
    return { kind: 'closing' };
  }

  /** Restores progress after a restart of the server-side session from stored turns. */
  restore(questionsAsked: number) {
    this.index = Math.min(questionsAsked, this.plan.questions.length) - 1;
  }
}
