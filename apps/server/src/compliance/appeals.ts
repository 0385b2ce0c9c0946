/**
 * Appeals (issue 35, item 7; decision 0196): once per interview, within 30 days of the decision; the
 * provider upholds or overturns with a note. Overturning changes the decision (the notifier e-mails
 * the candidate) and both go into the decision log.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { isUuid, type AdminAppeal } from '@app/shared';
import type { Db } from '../db/client';
import { interviewDecisions, interviews, jobs, users } from '../db/schema';
import { appeals } from '../db/schema-ai-hiring';
import type { Executor } from '../db/types';
import { conflict, notFound } from '../http/http-errors';
import { openApplication } from '../interview';
import { appendDecisionLog } from './decision-log';
import { decidedInterviewOf } from './explanation';
import { checkDecision, logDecision } from './override';

export const ALREADY_APPEALED = 'You have already appealed this decision; an interview can be appealed once.';
export const APPEAL_NOT_FOUND = 'Appeal not found';
export const ONLY_REJECTIONS = 'Only a rejection can be appealed; this interview was approved.';

export async function createAppeal(db: Db, id: string, candidateId: string, reason: string, now = new Date()) {
  const d = await decidedInterviewOf(db, id, candidateId);
  // An approval is not appealed: the status page offers the appeal on a rejection only (issue 43).
  if (d.decision !== 'rejected') throw conflict(ONLY_REJECTIONS);
  if (now > d.appealUntil) {
    throw conflict(
      `The time to appeal ended on ${d.appealUntil.toISOString().slice(0, 10)} (30 days after the decision).`,
    );
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appeals)
      .values({ interviewId: id, reason, decisionAppealed: d.decision })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(ALREADY_APPEALED);
    await appendDecisionLog(tx, {
      kind: 'appeal',
      interviewId: id,
      jobId: d.interview.jobId,
      actorId: candidateId,
      details: { decision_appealed: d.decision, reason },
    });
    return { id: row.id, status: 'open' as const, created_at: row.createdAt.toISOString() };
  });
}

const appealColumns = {
  appeal: appeals,
  jobId: interviews.jobId,
  jobTitle: jobs.title,
  name: users.name,
  email: users.email,
};
type AppealJoined = {
  appeal: typeof appeals.$inferSelect;
  jobId: string | null;
  jobTitle: string | null;
  name: string | null;
  email: string;
};

const appealRows = (db: Executor) =>
  db
    .select(appealColumns)
    .from(appeals)
    .innerJoin(interviews, eq(interviews.id, appeals.interviewId))
    .innerJoin(users, eq(users.id, interviews.candidateId))
    .leftJoin(jobs, eq(jobs.id, interviews.jobId));

function toAdminAppeal(r: AppealJoined): AdminAppeal {
  return {
    id: r.appeal.id,
    interview_id: r.appeal.interviewId,
    job_id: r.jobId,
    job_title: r.jobTitle,
    candidate_name: r.name,
    candidate_email: r.email,
    reason: r.appeal.reason,
    decision_appealed: r.appeal.decisionAppealed,
    status: r.appeal.outcome ?? 'open',
    resolution_note: r.appeal.resolutionNote,
    created_at: r.appeal.createdAt.toISOString(),
    resolved_at: r.appeal.resolvedAt?.toISOString() ?? null,
  };
}

/** Open appeals first (oldest first: they wait longest), then resolved ones, newest first. */
export async function listAppeals(
  db: Db,
  q: { status?: 'open' | 'upheld' | 'overturned'; job_id?: string },
): Promise<AdminAppeal[]> {
  const filters: SQL[] = [];
  if (q.status === 'open') filters.push(sql`${appeals.outcome} is null`);
  else if (q.status) filters.push(eq(appeals.outcome, q.status));
  if (q.job_id) filters.push(eq(interviews.jobId, q.job_id));
  const rows = await appealRows(db)
    .where(and(...filters))
    .orderBy(
      sql`${appeals.outcome} is null desc`,
      sql`case when ${appeals.outcome} is null then ${appeals.createdAt} end asc`,
      desc(appeals.createdAt),
    )
    .limit(500);
  return rows.map(toAdminAppeal);
}

export async function appealOfInterview(db: Executor, interviewId: string): Promise<AdminAppeal | null> {
  const [row] = await appealRows(db).where(eq(appeals.interviewId, interviewId)).limit(1);
  return row ? toAdminAppeal(row) : null;
}

/** Upholds or overturns an open appeal; overturning flips the decision as a decision of its own. */
export async function resolveAppeal(
  db: Db,
  appealId: string,
  input: { outcome: 'upheld' | 'overturned'; note: string },
  adminId: string,
): Promise<AdminAppeal> {
  if (!isUuid(appealId)) throw notFound(APPEAL_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [appeal] = await tx.select().from(appeals).where(eq(appeals.id, appealId)).for('update').limit(1);
    if (!appeal) throw notFound(APPEAL_NOT_FOUND);
    if (appeal.outcome) throw conflict(`This appeal is already resolved (${appeal.outcome}).`);
    const now = new Date();
    await tx
      .update(appeals)
      .set({ outcome: input.outcome, resolutionNote: input.note, resolvedBy: adminId, resolvedAt: now })
      .where(eq(appeals.id, appealId));
    const [iv] = await tx.select().from(interviews).where(eq(interviews.id, appeal.interviewId)).limit(1);
    if (!iv) throw notFound(APPEAL_NOT_FOUND);
    await appendDecisionLog(tx, {
      kind: 'appeal_resolved',
      interviewId: iv.id,
      jobId: iv.jobId,
      actorId: adminId,
      details: { outcome: input.outcome, note: input.note, decision_appealed: appeal.decisionAppealed },
    });
    if (input.outcome === 'overturned') await overturn(tx, iv, input.note, adminId, now);
  });
  const [row] = await appealRows(db).where(eq(appeals.id, appealId)).limit(1);
  return toAdminAppeal(row!);
}

async function overturn(tx: Executor, iv: typeof interviews.$inferSelect, note: string, adminId: string, now: Date) {
  const decision = iv.status === 'approved' ? 'rejected' : 'approved';
  if (decision === 'approved' && iv.jobId) {
    // One open application per candidate and job (decision 0169): a newer one blocks re-approving this.
    if (await openApplication(tx, iv.candidateId, iv.jobId, iv.id))
      throw conflict('The candidate has a newer application to this job; decide that one instead.');
  }
  // The resolution note is required and labelled as the candidate's: it stands as the reason too.
  const checked = await checkDecision(tx, iv.id, decision, note);
  await tx
    .update(interviews)
    .set({
      status: decision,
      acceptanceStatus: decision === 'approved' ? 'accepted' : null,
      decisionNote: note,
      decidedBy: adminId,
      decidedAt: now,
      updatedAt: now,
    })
    .where(eq(interviews.id, iv.id));
  await tx.insert(interviewDecisions).values({ interviewId: iv.id, decision, note, decidedBy: adminId });
  if (checked) await logDecision(tx, iv.id, checked, decision, { note, reason: null }, adminId, 'appeal');
}
