/** The console's candidate list and one candidate with profile, interviews, tasks and balance. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AdminCandidateDetail, AdminCandidateListItem, InterviewStatus, Page } from '@app/shared';
import type { Db } from '../db/client';
import { interviews, profiles, users } from '../db/schema';
import { notFound } from '../http/http-errors';
import { getProfileMe } from '../accounts';
import { USER_ID, type Paging, int, search, countWhere, pageFrom } from '../lib/listing-query';
import { listAdminInterviews } from '../compliance';
import { balances } from '../money';
import { taskProgress } from '../quality';

const candidateColumns = {
  user: users,
  position: profiles.position,
  country: profiles.country,
  resumeUrl: profiles.resumeUrl,
  interviews: sql<number>`(select count(*)::int from ${interviews} i where i.candidate_id = ${USER_ID})`,
  approved: sql<number>`(select count(*)::int from ${interviews} i where i.candidate_id = ${USER_ID} and i.status = 'approved')`,
};

const candidateRows = (db: Db) =>
  db.select(candidateColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id));

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
    // Deleted accounts leave an anonymous stand-in for their money records; it is not a candidate.
    isNull(users.deletedAt),
    search(q.q, users.email, users.name),
    q.interview_status || q.job_id ? sql`exists (select 1 from ${interviews} i where ${interviewCond})` : undefined,
  );
  const rows = candidateRows(db).where(where).orderBy(desc(users.createdAt), desc(users.id));
  return pageFrom(rows, q, () => countWhere(db, users, where), toCandidateItem);
}

export async function getCandidateDetail(db: Db, id: string): Promise<AdminCandidateDetail> {
  const [r] = await candidateRows(db)
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
