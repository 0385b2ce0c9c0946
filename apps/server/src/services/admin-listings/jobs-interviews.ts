/** The console's job and interview lists, and one interview with its transcript and assessment. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminInterviewDetail,
  AdminInterviewListItem,
  AdminJobListItem,
  Assessment,
  InterviewStatus,
  JobStatus,
  Page,
} from '@app/shared';
import { INTERVIEW_DECIDABLE_STATUSES } from '@app/shared';
import type { Db } from '../../db/client';
import { annotationTasks, interviews, jobs, profiles, transcriptTurns, users } from '../../db/schema';
import { carefulParts } from '../../interview/store';
import { notFound } from '../../lib/http-errors';
import { toJobDto } from '../jobs';
import { hiddenInList, reviewExtras } from '../ai-hiring/review-extras';
import { humanScores } from '../../db/schema-ai-hiring';
import { JOB_ID, type Paging, int, search, countWhere, pageFrom } from './query';

export async function listAdminJobs(
  db: Db,
  q: Paging & { status?: JobStatus; q?: string },
): Promise<Page<AdminJobListItem>> {
  const where = and(q.status ? eq(jobs.status, q.status) : undefined, search(q.q, jobs.title, jobs.positionType));
  const rows = db
    .select({
      job: jobs,
      applicants: sql<number>`(select count(*)::int from ${interviews} i where i.job_id = ${JOB_ID})`,
      awaiting: sql<number>`(select count(*)::int from ${interviews} i where i.job_id = ${JOB_ID} and ${inArray(sql`i.status`, INTERVIEW_DECIDABLE_STATUSES)})`,
      approved: sql<number>`(select count(*)::int from ${interviews} i where i.job_id = ${JOB_ID} and i.status = 'approved')`,
      tasksTotal: sql<number>`(select count(*)::int from ${annotationTasks} t where t.job_id = ${JOB_ID})`,
      tasksOpen: sql<number>`(select count(*)::int from ${annotationTasks} t where t.job_id = ${JOB_ID} and t.status in ('pending', 'assigned', 'in_progress'))`,
    })
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
  return pageFrom(
    rows,
    q,
    () => countWhere(db, jobs, where),
    (r) => ({
      ...toJobDto(r.job),
      applicants: int(r.applicants),
      awaiting_review: int(r.awaiting),
      approved: int(r.approved),
      tasks_total: int(r.tasksTotal),
      tasks_open: int(r.tasksOpen),
    }),
  );
}

/* Interviews ------------------------------------------------------------------------------------ */

const interviewListColumns = {
  interview: interviews,
  jobTitle: jobs.title,
  position: jobs.positionType,
  email: users.email,
  name: users.name,
  resumeUrl: profiles.resumeUrl,
  // Issue 35: a blind interview's assessment stays hidden until its reviewer scored it.
  blindShare: jobs.blindReviewShare,
  humanScored: sql<boolean>`exists (select 1 from ${humanScores} h where h.interview_id = ${interviews.id})`,
};
type InterviewJoined = {
  interview: typeof interviews.$inferSelect;
  jobTitle: string | null;
  position: string | null;
  email: string;
  name: string | null;
  resumeUrl: string | null;
  blindShare: number | null;
  humanScored: boolean;
};

function toInterviewListItem(r: InterviewJoined): AdminInterviewListItem {
  const hidden = hiddenInList(r.interview.id, r.blindShare, r.humanScored);
  const a = hidden ? null : (r.interview.assessment as Assessment | null);
  return {
    id: r.interview.id,
    job_id: r.interview.jobId,
    candidate_id: r.interview.candidateId,
    job_title: r.jobTitle,
    position: r.position,
    status: r.interview.status,
    acceptance_status: r.interview.acceptanceStatus,
    created_at: r.interview.createdAt.toISOString(),
    completed_at: r.interview.completedAt?.toISOString() ?? null,
    candidate_email: r.email,
    candidate_name: r.name,
    candidate_resume_url: r.resumeUrl,
    decision_note: r.interview.decisionNote,
    decided_by: r.interview.decidedBy,
    decided_at: r.interview.decidedAt?.toISOString() ?? null,
    assessed_at: r.interview.assessedAt?.toISOString() ?? null,
    assessment: a
      ? { method: a.method, status: a.status, overall_score: a.overall_score, recommendation: a.recommendation }
      : null,
  };
}

/** Interviews with their candidate, job and the candidate's profile: the list's rows and the detail's. */
const interviewRows = (db: Db) =>
  db
    .select({ ...interviewListColumns, candidatePosition: profiles.position })
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.candidateId))
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .leftJoin(profiles, eq(profiles.userId, interviews.candidateId));

function interviewFilters(q: { status?: InterviewStatus; job_id?: string; candidate_id?: string; q?: string }) {
  return and(
    q.status ? eq(interviews.status, q.status) : undefined,
    q.job_id ? eq(interviews.jobId, q.job_id) : undefined,
    q.candidate_id ? eq(interviews.candidateId, q.candidate_id) : undefined,
    search(q.q, users.email, users.name),
  );
}

/** Interviews newest first: completed ones by completion time, so the review queue reads in order. */
export async function listAdminInterviews(
  db: Db,
  q: Paging & { status?: InterviewStatus; job_id?: string; candidate_id?: string; q?: string },
): Promise<Page<AdminInterviewListItem>> {
  const where = interviewFilters(q);
  const rows = interviewRows(db)
    .where(where)
    .orderBy(desc(sql`coalesce(${interviews.completedAt}, ${interviews.createdAt})`), desc(interviews.id));
  const total = async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(interviews)
      .innerJoin(users, eq(users.id, interviews.candidateId))
      .where(where);
    return int(row?.n);
  };
  return pageFrom(rows, q, total, toInterviewListItem);
}

export async function getAdminInterviewDetail(db: Db, id: string): Promise<AdminInterviewDetail> {
  const [r] = await interviewRows(db).where(eq(interviews.id, id)).limit(1);
  if (!r) throw notFound('Interview not found');
  const turns = await db
    .select()
    .from(transcriptTurns)
    .where(eq(transcriptTurns.interviewId, id))
    .orderBy(asc(transcriptTurns.seq));
  const transcript = turns.map((t) => ({
    seq: t.seq,
    speaker: t.speaker,
    text: t.text,
    offset_seconds: t.offsetSeconds,
    ...carefulParts(t),
  }));
  const assessment = (r.interview.assessment as Assessment | null) ?? null;
  return {
    ...toInterviewListItem(r),
    started_at: r.interview.startedAt?.toISOString() ?? null,
    has_recording: Boolean(r.interview.recordingFileId),
    transcript_pass: r.interview.transcriptPass,
    candidate_position: r.candidatePosition ?? null,
    ...(await reviewExtras(db, id, r.blindShare ?? 0, assessment, transcript)),
  };
}

/* Candidates ------------------------------------------------------------------------------------ */
