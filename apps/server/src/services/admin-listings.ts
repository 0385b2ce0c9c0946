/**
 * Read-only lists for the provider console: paginated, filtered, with the counts each screen needs.
 * Writes (decisions, tasks, payouts) live in their own services.
 */
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type {
  AdminCandidateDetail,
  AdminCandidateListItem,
  AdminInterviewDetail,
  AdminInterviewListItem,
  AdminJobListItem,
  AdminTask,
  AdminTransaction,
  Assessment,
  CandidateBalance,
  CandidateTaskProgress,
  InterviewStatus,
  JobStatus,
  Page,
  PayoutHistoryItem,
  TaskStatus,
} from '@app/shared';
import type { Db } from '../db/client';
import { annotationTasks, earnings, interviews, jobs, payouts, profiles, transcriptTurns, users } from '../db/schema';
import { notFound } from '../lib/http-errors';
import { toJobDto } from './jobs';
import { toAdminTaskDto } from './tasks';
import { getProfileMe } from './profiles';

// Correlated subqueries name the outer column explicitly: inside sql`` drizzle may render a column
// unqualified ("id"), which the subquery would resolve against its own table.
const JOB_ID = sql.raw('"jobs"."id"');
const USER_ID = sql.raw('"users"."id"');
const PAYOUT_ID = sql.raw('"payouts"."id"');

type Paging = { page: number; page_size: number };
const offset = (p: Paging) => (p.page - 1) * p.page_size;
const cents = (n: number | string | null | undefined) => Math.round(Number(n ?? 0)) / 100;
const int = (n: unknown) => Number(n ?? 0);
/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function countWhere(db: Db, table: PgTable, where: SQL | undefined) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return int(row?.n);
}

/* Jobs ------------------------------------------------------------------------------------------ */

export async function listAdminJobs(
  db: Db,
  q: Paging & { status?: JobStatus; q?: string },
): Promise<Page<AdminJobListItem>> {
  const where = and(
    q.status ? eq(jobs.status, q.status) : undefined,
    q.q ? or(ilike(jobs.title, like(q.q)), ilike(jobs.positionType, like(q.q))) : undefined,
  );
  const rows = await db
    .select({
      job: jobs,
      applicants: sql<number>`(select count(*)::int from ${interviews} i where i.job_id = ${JOB_ID})`,
      awaiting: sql<number>`(select count(*)::int from ${interviews} i where i.job_id = ${JOB_ID} and i.status in ('completed', 'under_review'))`,
      approved: sql<number>`(select count(*)::int from ${interviews} i where i.job_id = ${JOB_ID} and i.status = 'approved')`,
      tasksTotal: sql<number>`(select count(*)::int from ${annotationTasks} t where t.job_id = ${JOB_ID})`,
      tasksOpen: sql<number>`(select count(*)::int from ${annotationTasks} t where t.job_id = ${JOB_ID} and t.status in ('pending', 'assigned', 'in_progress'))`,
    })
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(q.page_size)
    .offset(offset(q));
  return {
    items: rows.map((r) => ({
      ...toJobDto(r.job),
      applicants: int(r.applicants),
      awaiting_review: int(r.awaiting),
      approved: int(r.approved),
      tasks_total: int(r.tasksTotal),
      tasks_open: int(r.tasksOpen),
    })),
    total: await countWhere(db, jobs, where),
    page: q.page,
    page_size: q.page_size,
  };
}

/* Interviews ------------------------------------------------------------------------------------ */

const interviewListColumns = {
  interview: interviews,
  jobTitle: jobs.title,
  position: jobs.positionType,
  email: users.email,
  name: users.name,
  resumeUrl: profiles.resumeUrl,
};
type InterviewJoined = {
  interview: typeof interviews.$inferSelect;
  jobTitle: string | null;
  position: string | null;
  email: string;
  name: string | null;
  resumeUrl: string | null;
};

function toInterviewListItem(r: InterviewJoined): AdminInterviewListItem {
  const a = r.interview.assessment as Assessment | null;
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

function interviewFilters(q: { status?: InterviewStatus; job_id?: string; candidate_id?: string; q?: string }) {
  return and(
    q.status ? eq(interviews.status, q.status) : undefined,
    q.job_id ? eq(interviews.jobId, q.job_id) : undefined,
    q.candidate_id ? eq(interviews.candidateId, q.candidate_id) : undefined,
    q.q ? or(ilike(users.email, like(q.q)), ilike(users.name, like(q.q))) : undefined,
  );
}

/** Interviews newest first: completed ones by completion time, so the review queue reads in order. */
export async function listAdminInterviews(
  db: Db,
  q: Paging & { status?: InterviewStatus; job_id?: string; candidate_id?: string; q?: string },
): Promise<Page<AdminInterviewListItem>> {
  const where = interviewFilters(q);
  const rows = await db
    .select(interviewListColumns)
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.candidateId))
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .leftJoin(profiles, eq(profiles.userId, interviews.candidateId))
    .where(where)
    .orderBy(desc(sql`coalesce(${interviews.completedAt}, ${interviews.createdAt})`), desc(interviews.id))
    .limit(q.page_size)
    .offset(offset(q));
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.candidateId))
    .where(where);
  return { items: rows.map(toInterviewListItem), total: int(total?.n), page: q.page, page_size: q.page_size };
}

export async function getAdminInterviewDetail(db: Db, id: string): Promise<AdminInterviewDetail> {
  const [r] = await db
    .select({ ...interviewListColumns, candidatePosition: profiles.position })
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.candidateId))
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .leftJoin(profiles, eq(profiles.userId, interviews.candidateId))
    .where(eq(interviews.id, id))
    .limit(1);
  if (!r) throw notFound('Interview not found');
  const turns = await db
    .select()
    .from(transcriptTurns)
    .where(eq(transcriptTurns.interviewId, id))
    .orderBy(asc(transcriptTurns.seq));
  return {
    ...toInterviewListItem(r),
    assessment: (r.interview.assessment as Assessment | null) ?? null,
    started_at: r.interview.startedAt?.toISOString() ?? null,
    has_recording: Boolean(r.interview.recordingFileId),
    transcript: turns.map((t) => ({ seq: t.seq, speaker: t.speaker, text: t.text, offset_seconds: t.offsetSeconds })),
    candidate_position: r.candidatePosition ?? null,
  };
}

/* Candidates ------------------------------------------------------------------------------------ */

const candidateColumns = {
  user: users,
  position: profiles.position,
  country: profiles.country,
  resumeUrl: profiles.resumeUrl,
  interviews: sql<number>`(select count(*)::int from ${interviews} i where i.candidate_id = ${USER_ID})`,
  approved: sql<number>`(select count(*)::int from ${interviews} i where i.candidate_id = ${USER_ID} and i.status = 'approved')`,
};

function toCandidateItem(r: {
  user: typeof users.$inferSelect;
  position: string | null;
  country: string | null;
  resumeUrl: string | null;
  interviews: number;
  approved: number;
}): AdminCandidateListItem {
  return {
    id: r.user.id,
    email: r.user.email,
    name: r.user.name,
    profile_completed: r.user.profileCompleted,
    position: r.position,
    country: r.country,
    resume_url: r.resumeUrl,
    interviews: int(r.interviews),
    approved_interviews: int(r.approved),
    created_at: r.user.createdAt.toISOString(),
  };
}

/** Candidates (never admins), newest first; optionally only those with an interview in a status / job. */
export async function listCandidates(
  db: Db,
  q: Paging & { q?: string; interview_status?: InterviewStatus; job_id?: string },
): Promise<Page<AdminCandidateListItem>> {
  const interviewCond = and(
    sql`i.candidate_id = ${USER_ID}`,
    q.interview_status ? sql`i.status = ${q.interview_status}` : undefined,
    q.job_id ? sql`i.job_id = ${q.job_id}` : undefined,
  );
  const where = and(
    eq(users.role, 'candidate'),
    q.q ? or(ilike(users.email, like(q.q)), ilike(users.name, like(q.q))) : undefined,
    q.interview_status || q.job_id ? sql`exists (select 1 from ${interviews} i where ${interviewCond})` : undefined,
  );
  const rows = await db
    .select(candidateColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.page_size)
    .offset(offset(q));
  return {
    items: rows.map(toCandidateItem),
    total: await countWhere(db, users, where),
    page: q.page,
    page_size: q.page_size,
  };
}

export async function getCandidateDetail(db: Db, id: string): Promise<AdminCandidateDetail> {
  const [r] = await db
    .select(candidateColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'candidate')))
    .limit(1);
  if (!r) throw notFound('Candidate not found');
  const profile = await getProfileMe(db, id);
  const interviewList = await listAdminInterviews(db, { candidate_id: id, page: 1, page_size: 100 });
  const [progress] = await taskProgress(db, { userId: id });
  const balance = (await balances(db, { page: 1, page_size: 1, userId: id })).items[0];
  const empty = { user_id: id, email: r.user.email, name: r.user.name };
  return {
    ...toCandidateItem(r),
    profile,
    interview_list: interviewList.items,
    task_progress: progress ?? {
      ...empty,
      assigned: 0,
      in_progress: 0,
      submitted: 0,
      accepted: 0,
      rejected: 0,
      total: 0,
    },
    balance: balance ?? { ...empty, pending: 0, available: 0, paid: 0 },
  };
}

/* Tasks ----------------------------------------------------------------------------------------- */

export async function listAdminTasks(
  db: Db,
  q: Paging & {
    job_id?: string;
    assignee_id?: string;
    status?: TaskStatus;
    review?: 'waiting' | 'accepted' | 'rejected';
  },
): Promise<Page<AdminTask>> {
  const where = and(
    q.job_id ? eq(annotationTasks.jobId, q.job_id) : undefined,
    q.assignee_id ? eq(annotationTasks.assigneeId, q.assignee_id) : undefined,
    q.status ? eq(annotationTasks.status, q.status) : undefined,
    q.review === 'waiting'
      ? and(eq(annotationTasks.status, 'completed'), isNull(annotationTasks.reviewApproved))
      : q.review
        ? and(isNotNull(annotationTasks.reviewApproved), eq(annotationTasks.reviewApproved, q.review === 'accepted'))
        : undefined,
  );
  const rows = await db
    .select({ task: annotationTasks, jobTitle: jobs.title, jobStatus: jobs.status, assigneeEmail: users.email })
    .from(annotationTasks)
    .innerJoin(jobs, eq(jobs.id, annotationTasks.jobId))
    .leftJoin(users, eq(users.id, annotationTasks.assigneeId))
    .where(where)
    // Work waiting for review first, then newest.
    .orderBy(
      desc(sql`(${annotationTasks.status} = 'completed' and ${annotationTasks.reviewApproved} is null)`),
      desc(annotationTasks.createdAt),
      asc(annotationTasks.taskName),
      desc(annotationTasks.id),
    )
    .limit(q.page_size)
    .offset(offset(q));
  return {
    items: rows.map(toAdminTaskDto),
    total: await countWhere(db, annotationTasks, where),
    page: q.page,
    page_size: q.page_size,
  };
}

/** Per assignee: how many tasks are where (assigned, in progress, submitted, accepted, rejected). */
export async function taskProgress(db: Db, q: { jobId?: string; userId?: string }): Promise<CandidateTaskProgress[]> {
  const t = annotationTasks;
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      assigned: sql<number>`count(*) filter (where ${t.status} = 'assigned')::int`,
      inProgress: sql<number>`count(*) filter (where ${t.status} = 'in_progress')::int`,
      submitted: sql<number>`count(*) filter (where ${t.status} = 'completed' and ${t.reviewApproved} is null)::int`,
      accepted: sql<number>`count(*) filter (where ${t.reviewApproved} = true)::int`,
      rejected: sql<number>`count(*) filter (where ${t.reviewApproved} = false)::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.assigneeId))
    .where(and(q.jobId ? eq(t.jobId, q.jobId) : undefined, q.userId ? eq(t.assigneeId, q.userId) : undefined))
    .groupBy(users.id, users.email, users.name)
    .orderBy(asc(users.email));
  return rows.map((r) => ({
    user_id: r.userId,
    email: r.email,
    name: r.name,
    assigned: int(r.assigned),
    in_progress: int(r.inProgress),
    submitted: int(r.submitted),
    accepted: int(r.accepted),
    rejected: int(r.rejected),
    total: int(r.total),
  }));
}

/* Money ----------------------------------------------------------------------------------------- */

/** Each candidate's money by state; candidates with available money first. */
export async function balances(
  db: Db,
  q: Paging & { q?: string; onlyAvailable?: boolean; userId?: string },
): Promise<Page<CandidateBalance>> {
  const e = earnings;
  const available = sql<number>`coalesce(sum(${e.amountCents}) filter (where ${e.status} = 'available'), 0)`;
  const where = and(
    q.q ? or(ilike(users.email, like(q.q)), ilike(users.name, like(q.q))) : undefined,
    q.userId ? eq(users.id, q.userId) : undefined,
  );
  const having = q.onlyAvailable ? sql`${available} > 0` : undefined;
  const base = db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      pending: sql<number>`coalesce(sum(${e.amountCents}) filter (where ${e.status} = 'pending'), 0)`,
      available,
      paid: sql<number>`coalesce(sum(${e.amountCents}) filter (where ${e.status} = 'paid'), 0)`,
    })
    .from(e)
    .innerJoin(users, eq(users.id, e.userId))
    .where(where)
    .groupBy(users.id, users.email, users.name)
    .having(having);
  const rows = await base.orderBy(desc(available), asc(users.email)).limit(q.page_size).offset(offset(q));
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(base.as('b'));
  return {
    items: rows.map((r) => ({
      user_id: r.userId,
      email: r.email,
      name: r.name,
      pending: cents(r.pending),
      available: cents(r.available),
      paid: cents(r.paid),
    })),
    total: int(total?.n),
    page: q.page,
    page_size: q.page_size,
  };
}

const transactionColumns = {
  earning: earnings,
  email: users.email,
  taskName: annotationTasks.taskName,
  jobTitle: jobs.title,
};
function toTransaction(r: {
  earning: typeof earnings.$inferSelect;
  email: string;
  taskName: string;
  jobTitle: string | null;
}): AdminTransaction {
  return {
    id: r.earning.id,
    user_id: r.earning.userId,
    email: r.email,
    task_name: r.taskName,
    job_title: r.jobTitle ?? '',
    amount: cents(r.earning.amountCents),
    hours: Math.round((r.earning.secondsBilled / 3600) * 100) / 100,
    status: r.earning.status,
    payout_id: r.earning.payoutId,
    created_at: r.earning.createdAt.toISOString(),
  };
}

export async function listAdminTransactions(
  db: Db,
  q: Paging & { user_id?: string; status?: AdminTransaction['status']; payoutId?: string },
): Promise<Page<AdminTransaction>> {
  const where = and(
    q.user_id ? eq(earnings.userId, q.user_id) : undefined,
    q.status ? eq(earnings.status, q.status) : undefined,
    q.payoutId ? eq(earnings.payoutId, q.payoutId) : undefined,
  );
  const rows = await db
    .select(transactionColumns)
    .from(earnings)
    .innerJoin(users, eq(users.id, earnings.userId))
    .innerJoin(annotationTasks, eq(annotationTasks.id, earnings.taskId))
    .leftJoin(jobs, eq(jobs.id, earnings.jobId))
    .where(where)
    .orderBy(desc(earnings.createdAt), desc(earnings.id))
    .limit(q.page_size)
    .offset(offset(q));
  return {
    items: rows.map(toTransaction),
    total: await countWhere(db, earnings, where),
    page: q.page,
    page_size: q.page_size,
  };
}

export async function payoutHistory(db: Db, q: Paging): Promise<Page<PayoutHistoryItem>> {
  const rows = await db
    .select({
      payout: payouts,
      createdByEmail: users.email,
      recipients: sql<number>`(select count(distinct e.user_id)::int from ${earnings} e where e.payout_id = ${PAYOUT_ID})`,
      transactions: sql<number>`(select count(*)::int from ${earnings} e where e.payout_id = ${PAYOUT_ID})`,
    })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.createdBy))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(q.page_size)
    .offset(offset(q));
  return {
    items: rows.map((r) => ({
      id: r.payout.id,
      created_at: r.payout.createdAt.toISOString(),
      created_by_email: r.createdByEmail,
      total: cents(r.payout.totalCents),
      recipients: int(r.recipients),
      transactions: int(r.transactions),
    })),
    total: await countWhere(db, payouts, undefined),
    page: q.page,
    page_size: q.page_size,
  };
}

/** RFC 4180 field; cells starting with = + - @ are prefixed so spreadsheets do not run them as formulas. */
function csvField(value: string | number) {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line per paid transaction of the payout, for the provider's accounting. */
export async function payoutCsv(db: Db, payoutId: string): Promise<{ filename: string; csv: string }> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId)).limit(1);
  if (!payout) throw notFound('Payout not found');
  const rows = await db
    .select({ ...transactionColumns, name: users.name })
    .from(earnings)
    .innerJoin(users, eq(users.id, earnings.userId))
    .innerJoin(annotationTasks, eq(annotationTasks.id, earnings.taskId))
    .leftJoin(jobs, eq(jobs.id, earnings.jobId))
    .where(eq(earnings.payoutId, payoutId))
    .orderBy(asc(users.email), asc(earnings.createdAt));
  const header = [
    'payout_id',
    'paid_at',
    'user_id',
    'email',
    'name',
    'transaction_id',
    'task_name',
    'job_title',
    'hours',
    'amount_usd',
  ];
  const lines = rows.map((r) => {
    const t = toTransaction(r);
    return [
      payout.id,
      payout.createdAt.toISOString(),
      t.user_id,
      t.email,
      r.name ?? '',
      t.id,
      t.task_name,
      t.job_title,
      t.hours.toFixed(2),
      t.amount.toFixed(2),
    ];
  });
  const csv = [header, ...lines].map((l) => l.map(csvField).join(',')).join('\r\n') + '\r\n';
  return { filename: `payout-${payout.createdAt.toISOString().slice(0, 10)}-${payout.id.slice(0, 8)}.csv`, csv };
}
