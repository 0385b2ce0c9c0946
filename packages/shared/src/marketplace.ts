import { formatMoney } from './money';
import { isEndedStatus } from './schemas/interview';

/**
 * Pure rules of the marketplace (docs/product/screens/marketplace.md): posted-time text, pay parsing, search,
 * sort modes (Trending, Newest, Most Pay, Job Fit), the application checklist and interview type names.
 * Inputs are the smallest shapes the rules need, so the web app can pass API replies straight in.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * How long ago a moment was, in the spec's buckets: 'just now' under 1 hour, hours under 1 day,
 * days under 30 days, 'a month ago' for 30-59 days, then whole months of 30 days.
 * Future moments (clock skew) count as 'just now'.
 */
export function timeAgoText(date: string | Date, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const ms = now.getTime() - then.getTime();
  if (!Number.isFinite(ms) || ms < HOUR_MS) return 'just now';
  const days = Math.floor(ms / DAY_MS);
  if (days < 1) return `${plural(Math.floor(ms / HOUR_MS), 'hour', 'hours')} ago`;
  if (days < 30) return `${plural(days, 'day', 'days')} ago`;
  if (days < 60) return 'a month ago';
  return `${Math.floor(days / 30)} months ago`;
}

/** 'Posted just now', 'Posted 1 hour ago', 'Posted 5 hours ago', 'Posted 1 day ago', ... */
export const postedTimeText = (date: string | Date, now?: Date) => `Posted ${timeAgoText(date, now)}`;

/**
 * Pay as a number of dollars. The API sends a number, but older data and hand-written jobs may
 * carry strings such as '$25', 'USD 1,200.50/hr' or '€30'; anything without a number is null.
 */
export function parsePay(pay: number | string | null | undefined): number | null {
  if (pay === null || pay === undefined) return null;
  if (typeof pay === 'number') return Number.isFinite(pay) ? pay : null;
  const match = pay.replace(/,/g, '').match(/-?\d+(\.\d+)?/);
  if (!match) return null;
  const n = Number(match[0]);
  return Number.isFinite(n) ? n : null;
}

/** The card's pay text '{amount}/hr', or null when the job has no usable pay. */
export function payPerHourText(pay: number | string | null | undefined): string | null {
  const n = parsePay(pay);
  return n === null ? null : `${formatMoney(n, { cents: 'auto' })}/hr`;
}

/** The detail panel's pay text '$X per hour', or null when the job has no usable pay. */
export function payPerHourLongText(pay: number | string | null | undefined): string | null {
  const n = parsePay(pay);
  return n === null ? null : `${formatMoney(n, { cents: 'auto' })} per hour`;
}

export type MarketplaceJob = {
  id: string;
  title: string;
  description: string;
  position_type: string;
  pay_per_hour: number | string | null;
  created_at: string;
  status: string;
  skills?: { name: string; description?: string }[];
};

/** Jobs the marketplace lists: everything except completed and archived ones. */
export const isListedJob = (job: { status: string }) => job.status !== 'completed' && job.status !== 'archived';

/** Search: the query's text (trimmed) in title, description or position type, case-insensitively. */
export function matchesSearch(job: Pick<MarketplaceJob, 'title' | 'description' | 'position_type'>, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [job.title, job.description, job.position_type].some((field) => (field ?? '').toLowerCase().includes(q));
}

/** The sort modes with their labels, in the order the jobs page offers them (the list is read from here). */
export const SORT_MODE_LABELS = {
  trending: 'Trending',
  newest: 'Newest',
  most_pay: 'Most Pay',
  job_fit: 'Job Fit',
} satisfies Record<string, string>;
export type SortMode = keyof typeof SORT_MODE_LABELS;
export const SORT_MODES = Object.keys(SORT_MODE_LABELS) as readonly SortMode[];

/** What Job Fit compares a job against: the candidate's own words about themselves. */
export type CandidateFitProfile = {
  expertise?: string[] | null;
  skills?: string[] | null;
  position?: string | null;
};

const STOPWORDS = new Set(
  (
    'a an and are as at be by for from has have in into is it its of on or our that the their this to was ' +
    'we were will with you your who what which work job jobs role position remote hourly help'
  ).split(' '),
);

/**
 * Words of a text for matching: lower-cased, split on anything that is not a letter or digit,
 * stopwords and one-letter words dropped, and a plural 's' trimmed so 'illustrations' meets
 * 'illustration'. Terms such as 'ui/ux' become 'ui' and 'ux'.
 */
export function fitTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1 && !STOPWORDS.has(t))
    .map((t) => (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t));
}

/** Where a word sits in a job decides how much a match counts: the title says most. */
const FIELD_WEIGHTS = { title: 3, skills: 2, position_type: 2, description: 1 } as const;

function jobTermWeights(job: MarketplaceJob): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (text: string | undefined, w: number) => {
    for (const t of fitTokens(text)) weights.set(t, Math.max(weights.get(t) ?? 0, w));
  };
  add(job.title, FIELD_WEIGHTS.title);
  add((job.skills ?? []).map((s) => s.name).join(' '), FIELD_WEIGHTS.skills);
  add(job.position_type, FIELD_WEIGHTS.position_type);
  add(job.description, FIELD_WEIGHTS.description);
  return weights;
}

/**
 * Job Fit scores (docs/decisions/0040-job-fit-ordering.md): for every distinct word of the
 * candidate's expertise, skills and position that the job mentions, add the weight of the best field
 * it appears in (title 3, skill names and position type 2, description 1) times its rarity across
 * the listed jobs, idf = ln(1 + N / df). Common words such as 'design' in every job count little;
 * a rare shared word counts a lot.
 */
export function jobFitScores(jobs: MarketplaceJob[], candidate: CandidateFitProfile): Map<string, number> {
  const candidateTerms = new Set(
    fitTokens([...(candidate.expertise ?? []), ...(candidate.skills ?? []), candidate.position ?? ''].join(' ')),
  );
  const perJob = jobs.map((job) => [job.id, jobTermWeights(job)] as const);
  const df = new Map<string, number>();
  for (const [, weights] of perJob) for (const t of weights.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const scores = new Map<string, number>();
  for (const [id, weights] of perJob) {
    let score = 0;
    for (const t of candidateTerms) {
      const w = weights.get(t);
      if (w) score += w * Math.log(1 + jobs.length / df.get(t)!);
    }
    scores.set(id, score);
  }
  return scores;
}

const newestFirst = (a: MarketplaceJob, b: MarketplaceJob) => Date.parse(b.created_at) - Date.parse(a.created_at);

/**
 * Orders jobs for a sort mode. Trending is the same as Newest. Most Pay: numeric pay descending,
 * jobs without pay last, ties newest first. Job Fit: score descending, ties newest first.
 * Returns a new array.
 */
export function sortJobs<J extends MarketplaceJob>(jobs: J[], mode: SortMode, candidate?: CandidateFitProfile): J[] {
  const list = [...jobs];
  switch (mode) {
    case 'trending':
    case 'newest':
      return list.sort(newestFirst);
    case 'most_pay':
      return list.sort((a, b) => {
        const pa = parsePay(a.pay_per_hour) ?? -Infinity;
        const pb = parsePay(b.pay_per_hour) ?? -Infinity;
        return pa === pb ? newestFirst(a, b) : pb - pa;
      });
    case 'job_fit': {
      const scores = jobFitScores(list, candidate ?? {});
      return list.sort((a, b) => scores.get(b.id)! - scores.get(a.id)! || newestFirst(a, b));
    }
  }
}

/** Interview step names by interview_type (docs/product/screens/marketplace.md). */
export const INTERVIEW_TYPE_NAMES: Record<string, string> = {
  standard: 'Standard interview',
  human_data: 'Design critique & feedback exercise',
  custom_questions: 'Custom questions only',
  custom_exercise: 'Custom Creative Exercise',
};

/**
 * A machine value made readable: separators become spaces, the first letter is capitalised
 * ('portfolio_review' → 'Portfolio review', 'LIVE-demo' → 'Live demo'). Empty gives ''.
 */
export function prettify(value: string | null | undefined): string {
  const words = (value ?? '')
    .trim()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

export const interviewTypeName = (type: string | null | undefined) =>
  INTERVIEW_TYPE_NAMES[type ?? ''] ?? (prettify(type) || INTERVIEW_TYPE_NAMES.standard!);

export type ChecklistStep = {
  key: 'resume' | 'interview' | 'availability' | 'work_authorization';
  label: string;
  done: boolean;
};
export type ApplicationChecklist = {
  steps: ChecklistStep[];
  completed: number;
  /** 0-100, whole number. */
  percent: number;
  /** 'n of 4 steps completed' */
  summary: string;
  button: { label: 'View Application Status' | 'Continue Application' | 'Start Application'; to: string };
};

/**
 * An interview the candidate has completed: status completed, or a later review status, or a
 * completion time (docs/decisions/0041-application-checklist.md).
 */
export const isInterviewFinished = (interview: { status: string; completed_at?: string | null } | null | undefined) =>
  Boolean(interview && (isEndedStatus(interview.status) || interview.completed_at));

/**
 * The detail panel's Application checklist. The interview step is done once the candidate has an
 * interview for the job; Availability once that interview is completed (docs/product/screens/marketplace.md, step 3), which
 * stays true while it is reviewed and decided.
 */
export function applicationChecklist(input: {
  jobId: string;
  interviewType: string | null | undefined;
  profile: { resume_url?: string | null; work_authorization?: string | null } | null | undefined;
  interview: { id: string; status: string; completed_at?: string | null } | null | undefined;
}): ApplicationChecklist {
  const { interview, profile } = input;
  const steps: ChecklistStep[] = [
    { key: 'resume', label: 'Resume', done: Boolean(profile?.resume_url) },
    { key: 'interview', label: interviewTypeName(input.interviewType), done: Boolean(interview) },
    { key: 'availability', label: 'Availability', done: isInterviewFinished(interview) },
    { key: 'work_authorization', label: 'Work Authorization', done: Boolean(profile?.work_authorization) },
  ];
  const completed = steps.filter((s) => s.done).length;
  const statusLink = (id: string) => `/status?interviewId=${encodeURIComponent(id)}`;
  const button: ApplicationChecklist['button'] =
    completed === steps.length && interview
      ? { label: 'View Application Status', to: statusLink(interview.id) }
      : interview
        ? { label: 'Continue Application', to: statusLink(interview.id) }
        : { label: 'Start Application', to: `/job-application-onboarding?jobId=${encodeURIComponent(input.jobId)}` };
  return {
    steps,
    completed,
    percent: Math.round((completed / steps.length) * 100),
    summary: `${completed} of ${steps.length} steps completed`,
    button,
  };
}

/**
 * The candidate's own interviews: the client keeps only those whose candidate_id is the user's id
 * (docs/product/rules.md), even though the server already filters.
 */
export const ownInterviews = <I extends { candidate_id: string }>(
  interviews: I[],
  userId: string | null | undefined,
) => (userId ? interviews.filter((i) => i.candidate_id === userId) : []);

/**
 * The interview that stands for a job when a candidate has several: the most recently created.
 */
export function interviewForJob<I extends { job_id: string | null; created_at: string }>(
  interviews: I[],
  jobId: string,
): I | null {
  let best: I | null = null;
  for (const i of interviews) {
    if (i.job_id !== jobId) continue;
    if (!best || Date.parse(i.created_at) > Date.parse(best.created_at)) best = i;
  }
  return best;
}
