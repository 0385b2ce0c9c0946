/**
 * The provider's decision on an interview, taken under human-review rules (override.ts): the one
 * write that turns an assessed interview into approved or rejected.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { INTERVIEW_DECIDABLE_STATUSES, type AdminInterview } from '@app/shared';
import type { Db } from '../db/client';
import { interviewDecisions, interviews } from '../db/schema';
import { conflict, notFound } from '../http/http-errors';
import { getAdminInterview, INTERVIEW_NOT_FOUND } from '../interview';
import { checkDecision, logDecision } from './override';

/**
 * The provider's decision on a completed (or under review) interview. Approval also marks the
 * candidate accepted for the job, which lets the provider assign them creative tasks. The decision
 * is kept on the interview and appended to interview_decisions as the audit trail.
 */
export async function decideInterview(
  db: Db,
  id: string,
  input: { decision: 'approved' | 'rejected'; note?: string; reason?: string },
  adminId: string,
): Promise<AdminInterview> {
  await db.transaction(async (tx) => {
    const now = new Date();
    // The note is the candidate's (e-mailed); the reason is internal, kept in the decision log only.
    const note = input.note ? input.note : null;
    const reason = input.reason ? input.reason : null;
    // An interview that cannot be decided (already decided, not completed) answers 409 whatever the note.
    const [current] = await tx.select({ status: interviews.status }).from(interviews).where(eq(interviews.id, id));
    if (!current) throw notFound(INTERVIEW_NOT_FOUND);
    if (!(INTERVIEW_DECIDABLE_STATUSES as readonly string[]).includes(current.status)) {
      throw conflict(`Only a completed interview can be decided; this one is ${current.status.replace('_', ' ')}.`);
    }
    // A decision against the AI needs a reason; a blind interview needs the reviewer's scores first (issue 35).
    const checked = await checkDecision(tx, id, input.decision, reason);
    const updated = await tx
      .update(interviews)
      .set({
        status: input.decision,
        ...(input.decision === 'approved' && { acceptanceStatus: 'accepted' as const }),
        decisionNote: note,
        decidedBy: adminId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(interviews.id, id), inArray(interviews.status, INTERVIEW_DECIDABLE_STATUSES)))
      .returning({ id: interviews.id });
    if (!updated.length) {
      const [row] = await tx.select({ status: interviews.status }).from(interviews).where(eq(interviews.id, id));
      if (!row) throw notFound(INTERVIEW_NOT_FOUND);
      throw conflict(`Only a completed interview can be decided; this one is ${row.status.replace('_', ' ')}.`);
    }
    await tx.insert(interviewDecisions).values({ interviewId: id, decision: input.decision, note, decidedBy: adminId });
    if (checked) await logDecision(tx, id, checked, input.decision, { note, reason }, adminId);
  });
  return getAdminInterview(db, id);
}
