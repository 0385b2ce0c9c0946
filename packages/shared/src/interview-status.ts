/**
 * Pure rules of the interview status page (docs/product/screens/status.md, docs/product/rules.md).
 */

import { INTERVIEW_BLOCKING_STATUSES, INTERVIEW_NOT_STARTED_STATUSES } from './schemas/interview';

export type StatusView = {
  /** The main message, or null where the spec shows none (in_progress). */
  message: string | null;
  /** The status badge, or null where the spec shows none (not_started). */
  badge: string | null;
  /** Which extra block the page shows under the message. */
  kind: 'ready' | 'in_progress' | 'review' | 'approved' | 'rejected' | 'unknown';
};

/** The status table of docs/product/rules.md. */
export function interviewStatusView(status: string | null | undefined): StatusView {
  switch (status) {
    case 'not_started':
      return { message: 'Interview ready to begin', badge: null, kind: 'ready' };
    case 'in_progress':
      return { message: null, badge: 'In Progress', kind: 'in_progress' };
    case 'completed':
    case 'under_review':
      return { message: 'Your interview is under review', badge: 'Under Review', kind: 'review' };
    case 'approved':
      return { message: 'Congratulations!', badge: 'Approved', kind: 'approved' };
    case 'rejected':
      return { message: 'Interview complete', badge: 'Not Selected', kind: 'rejected' };
    default:
      return { message: 'Status unavailable', badge: 'Pending', kind: 'unknown' };
  }
}

/** The badge of a 'My Applications' item; statuses without a badge in the table read as their name. */
export function applicationBadge(status: string | null | undefined): string {
  const view = interviewStatusView(status);
  return view.badge ?? 'Not Started';
}

/** 'My Applications' item title: the job title, else the position, else 'General Interview'. */
export const applicationTitle = (i: { job_title?: string | null; position?: string | null }) =>
  i.job_title?.trim() || i.position?.trim() || 'General Interview';

/**
 * The interview the page shows: the one named by interviewId when it is in the list, otherwise the
 * most recently created (docs/decisions/0043-status-page-selection.md). Null for an empty list.
 */
export function selectInterview<I extends { id: string; created_at: string }>(
  interviews: I[],
  interviewId: string | null | undefined,
): I | null {
  if (interviewId) {
    const named = interviews.find((i) => i.id === interviewId);
    if (named) return named;
  }
  let latest: I | null = null;
  for (const i of interviews) if (!latest || Date.parse(i.created_at) > Date.parse(latest.created_at)) latest = i;
  return latest;
}

/** The candidate's first name for the header, 'there' when no name is known. */
export const firstName = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] || 'there';

export type InterviewLike = { job_id?: string | null; candidate_id?: string | null; status?: string | null };

/** The candidate's interview for this job in one of these statuses, if any. */
function findForJob<T extends InterviewLike>(
  interviews: readonly T[] | null | undefined,
  jobId: string,
  candidateId: string,
  statuses: readonly string[],
): T | undefined {
  return (interviews ?? []).find(
    (i) => i.job_id === jobId && i.candidate_id === candidateId && statuses.includes(i.status ?? ''),
  );
}

/**
 * The candidate's interview for this job that blocks starting a new one, if any: the client's side
 * of the rule the server enforces with the same list (docs/product/rules.md, "Starting an interview").
 */
export const findBlockingInterview = <T extends InterviewLike>(
  interviews: readonly T[] | null | undefined,
  jobId: string,
  candidateId: string,
): T | undefined => findForJob(interviews, jobId, candidateId, INTERVIEW_BLOCKING_STATUSES);

/**
 * The candidate's application for this job that has not started yet (invited, or allowed a retake):
 * starting the interview starts this one, not a new one (docs/decisions/0169-one-application-and-practice-slots.md).
 */
export const findOpenApplication = <T extends InterviewLike & { id: string }>(
  interviews: readonly T[] | null | undefined,
  jobId: string,
  candidateId: string,
): T | undefined => findForJob(interviews, jobId, candidateId, INTERVIEW_NOT_STARTED_STATUSES);
