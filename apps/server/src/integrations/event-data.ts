/**
 * What each webhook event says: ids and figures only (issue 47). Never self-identification, names,
 * e-mail addresses, recordings, transcript text, bank data or gold ratings — a provider's endpoint
 * is a system outside this one, and the candidate did not hand those to it.
 */
import { eq } from 'drizzle-orm';
import type { Assessment, WebhookEvent } from '@app/shared';
import type { Db } from '../db/client';
import { annotationTasks, interviews } from '../db/schema';
import { appeals } from '../db/schema-ai-hiring';
import { invitations } from '../db/schema-hiring';
import type { AppEventMap } from '../lib/app-events';

type Data = Record<string, string | number | boolean | null>;

async function interviewData(db: Db, interviewId: string): Promise<Data | null> {
  const [iv] = await db
    .select({
      id: interviews.id,
      jobId: interviews.jobId,
      candidateId: interviews.candidateId,
      status: interviews.status,
    })
    .from(interviews)
    .where(eq(interviews.id, interviewId))
    .limit(1);
  if (!iv) return null;
  return { interview_id: iv.id, job_id: iv.jobId, candidate_id: iv.candidateId, status: iv.status };
}

/** The assessment's figures: its outcome, overall score and recommendation (no summary, no quotes). */
async function assessmentData(db: Db, interviewId: string): Promise<Data | null> {
  const base = await interviewData(db, interviewId);
  if (!base) return null;
  const [row] = await db.select({ a: interviews.assessment }).from(interviews).where(eq(interviews.id, interviewId));
  const a = row?.a as Assessment | null;
  return {
    ...base,
    assessment_status: a?.status ?? null,
    overall_score: a?.overall_score ?? null,
    recommendation: a?.recommendation ?? null,
  };
}

async function decisionData(db: Db, interviewId: string): Promise<Data | null> {
  const base = await interviewData(db, interviewId);
  if (!base) return null;
  const [row] = await db.select({ at: interviews.decidedAt }).from(interviews).where(eq(interviews.id, interviewId));
  const decision = base.status === 'approved' || base.status === 'rejected' ? base.status : null;
  return { ...base, decision, decided_at: row?.at ? Math.floor(row.at.getTime() / 1000) : null };
}

/** The event's data, or null when the thing it names is already gone (nothing is sent then). */
export async function webhookData<K extends WebhookEvent>(
  db: Db,
  type: K,
  payload: K extends keyof AppEventMap ? AppEventMap[K] : never,
): Promise<Data | null> {
  switch (type) {
    case 'interview.completed':
      return interviewData(db, (payload as AppEventMap['interview.completed']).interviewId);
    case 'assessment.ready':
      return assessmentData(db, (payload as AppEventMap['assessment.ready']).interviewId);
    case 'decision.made':
      return decisionData(db, (payload as AppEventMap['decision.made']).interviewId);
    case 'appeal.opened': {
      const { appealId, interviewId } = payload as AppEventMap['appeal.opened'];
      const [a] = await db
        .select({ id: appeals.id, decision: appeals.decisionAppealed })
        .from(appeals)
        .where(eq(appeals.id, appealId));
      const base = await interviewData(db, interviewId);
      return a && base ? { appeal_id: a.id, ...base, decision_appealed: a.decision } : null;
    }
    case 'task.submitted': {
      const { taskId } = payload as AppEventMap['task.submitted'];
      // The rating itself is left out: on a gold item it would tell the answer key's neighbourhood.
      const [t] = await db.select().from(annotationTasks).where(eq(annotationTasks.id, taskId));
      return t ? { task_id: t.id, job_id: t.jobId, rater_id: t.assigneeId, status: t.status } : null;
    }
    case 'payout.paid':
    case 'payout.failed': {
      // Amount and ids only: no account number, no e-mail, no bank's words.
      const { item } = payload as AppEventMap['payout.paid'];
      return { payout_request_id: item.request_id, user_id: item.user_id, amount: item.amount, status: item.status };
    }
    case 'invitation.expired': {
      const { invitationId } = payload as AppEventMap['invitation.expired'];
      const [inv] = await db.select().from(invitations).where(eq(invitations.id, invitationId));
      return inv
        ? { invitation_id: inv.id, job_id: inv.jobId, campaign_id: inv.campaignId, candidate_id: inv.userId }
        : null;
    }
    default:
      return null;
  }
}
