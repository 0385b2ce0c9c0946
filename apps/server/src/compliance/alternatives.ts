/**
 * The human-only alternative (issue 35 item 2): once per candidate and job; while it exists no AI scores
 * the candidate's interview for that job (its assessment is `human_only`), and the provider resolves it.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AdminAlternative, Assessment } from '@app/shared';
import { INTERVIEW_DECIDABLE_STATUSES } from '@app/shared';
import type { Db } from '../db/client';
import { interviews, jobs, users } from '../db/schema';
import { alternativeAssessments } from '../db/schema-ai-hiring';
import { conflict, notFound } from '../http/http-errors';
import { findAlternative, humanOnlyAssessment } from '../interview';

export const ALTERNATIVE_TWICE = 'You have already asked for a human-only review of your interview for this job.';

export async function requestAlternative(db: Db, candidateId: string, jobId: string, reason: string) {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) throw notFound('Job not found');
  const [row] = await db
    .insert(alternativeAssessments)
    .values({ candidateId, jobId, reason })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(ALTERNATIVE_TWICE);
  // An interview already scored and not yet decided loses its AI scores: the reviewer must not lean on them.
  const scored = await db
    .select({ id: interviews.id, assessment: interviews.assessment })
    .from(interviews)
    .where(
      and(
        eq(interviews.candidateId, candidateId),
        eq(interviews.jobId, jobId),
        inArray(interviews.status, INTERVIEW_DECIDABLE_STATUSES),
      ),
    );
  for (const i of scored) {
    const signals = (i.assessment as Assessment | null)?.signals;
    if (signals)
      await db
        .update(interviews)
        .set({ assessment: humanOnlyAssessment(signals, reason), updatedAt: new Date() })
        .where(eq(interviews.id, i.id));
  }
  return { id: row.id, status: row.status };
}

export async function ownAlternative(db: Db, candidateId: string, jobId: string) {
  const row = await findAlternative(db, candidateId, jobId);
  return row ? { id: row.id, status: row.status, created_at: row.createdAt.toISOString() } : null;
}

export async function listAlternatives(
  db: Db,
  filter: { status?: 'requested' | 'resolved'; id?: string } = {},
): Promise<AdminAlternative[]> {
  const rows = await db
    .select({ a: alternativeAssessments, jobTitle: jobs.title, name: users.name, email: users.email })
    .from(alternativeAssessments)
    .innerJoin(users, eq(users.id, alternativeAssessments.candidateId))
    .leftJoin(jobs, eq(jobs.id, alternativeAssessments.jobId))
    .where(
      and(
        filter.status ? eq(alternativeAssessments.status, filter.status) : undefined,
        filter.id ? eq(alternativeAssessments.id, filter.id) : undefined,
      ),
    )
    .orderBy(desc(alternativeAssessments.createdAt))
    .limit(500);
  const pairs = rows.map((r) => r.a.candidateId);
  const ivs = pairs.length
    ? await db
        .select({ id: interviews.id, candidateId: interviews.candidateId, jobId: interviews.jobId })
        .from(interviews)
        .where(inArray(interviews.candidateId, pairs))
        .orderBy(desc(interviews.createdAt))
    : [];
  return rows.map(({ a, jobTitle, name, email }) => ({
    id: a.id,
    status: a.status,
    reason: a.reason,
    job_id: a.jobId,
    job_title: jobTitle,
    candidate_id: a.candidateId,
    candidate_name: name,
    candidate_email: email,
    interview_id: ivs.find((i) => i.candidateId === a.candidateId && i.jobId === a.jobId)?.id ?? null,
    note: a.note,
    created_at: a.createdAt.toISOString(),
    resolved_at: a.resolvedAt?.toISOString() ?? null,
  }));
}

export async function resolveAlternative(db: Db, id: string, adminId: string, note: string) {
  const [row] = await db.select().from(alternativeAssessments).where(eq(alternativeAssessments.id, id)).limit(1);
  if (!row) throw notFound('Alternative assessment request not found');
  if (row.status === 'resolved') throw conflict('This request is already resolved.');
  await db
    .update(alternativeAssessments)
    .set({ status: 'resolved', note, resolvedBy: adminId, resolvedAt: new Date() })
    .where(and(eq(alternativeAssessments.id, id), eq(alternativeAssessments.status, 'requested')));
  return (await listAlternatives(db, { id }))[0]!;
}
