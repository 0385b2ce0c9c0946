/**
 * Where an invitation stands. The candidate's interview for the job decides started and completed;
 * the invitation's own times decide the rest. The person is the account that took the link, or
 * the account with the invited address (someone who already had one and applied directly).
 */
import { sql, type SQL } from 'drizzle-orm';
import { isEndedStatus, type Invitation, type InvitationStatus } from '@app/shared';

/** The candidate behind invitation row `i` (an alias in the query). */
const candidateOf = (i: string) =>
  sql.raw(`COALESCE(${i}.user_id, (SELECT u.id FROM users u WHERE u.email = ${i}.email AND u.deleted_at IS NULL))`);

/** The newest interview status of the invited person for the job, or null. */
export const interviewStatusSql = (i = 'i'): SQL =>
  sql`(SELECT iv.status FROM interviews iv WHERE iv.job_id = ${sql.raw(i)}.job_id
       AND iv.candidate_id = ${candidateOf(i)} ORDER BY iv.created_at DESC LIMIT 1)`;

/** True once the invited person started an interview for the job (no reminder after that). */
export const startedSql = (i = 'i'): SQL =>
  sql`EXISTS (SELECT 1 FROM interviews iv WHERE iv.job_id = ${sql.raw(i)}.job_id
       AND iv.candidate_id = ${candidateOf(i)}
       AND (iv.started_at IS NOT NULL OR iv.status IN ('in_progress', 'completed', 'under_review', 'approved', 'rejected')))`;

export const unsubscribedSql = (i = 'i'): SQL =>
  sql`EXISTS (SELECT 1 FROM email_unsubscribes e WHERE e.email = ${sql.raw(i)}.email)`;

/** An invitation row as the list query returns it (raw SQL: snake_case, times as Date or text). */
export type InvitationRow = {
  id: string;
  email: string;
  name: string | null;
  user_id: string | null;
  campaign_id: string;
  campaign_name: string;
  deadline: Date | string | null;
  created_at: Date | string;
  opened_at: Date | string | null;
  signed_up_at: Date | string | null;
  extension_requested_at: Date | string | null;
  extension_granted_at: Date | string | null;
  expired_at: Date | string | null;
  interview_status: string | null;
  unsubscribed: boolean;
};

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export function isPastDeadline(deadline: Date | string | null, now: Date): boolean {
  return deadline !== null && new Date(deadline).getTime() <= now.getTime();
}

/** The one status the console shows; a pending request for more time outranks expiry (it asks for a decision). */
export function invitationStatus(r: InvitationRow, now: Date): InvitationStatus {
  if (isEndedStatus(r.interview_status)) return 'completed';
  if (r.interview_status === 'in_progress') return 'started';
  if (r.extension_requested_at && !r.extension_granted_at) return 'extension_requested';
  if (r.expired_at || isPastDeadline(r.deadline, now)) return 'expired';
  if (r.signed_up_at) return 'signed_up';
  if (r.opened_at) return 'opened';
  return 'invited';
}

export function toInvitationDto(r: InvitationRow, now: Date): Invitation {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    status: invitationStatus(r, now),
    campaign: { id: r.campaign_id, name: r.campaign_name },
    user_id: r.user_id,
    deadline: iso(r.deadline),
    invited_at: iso(r.created_at)!,
    opened_at: iso(r.opened_at),
    signed_up_at: iso(r.signed_up_at),
    extension_requested_at: iso(r.extension_requested_at),
    extension_granted_at: iso(r.extension_granted_at),
    expired_at: iso(r.expired_at),
    unsubscribed: Boolean(r.unsubscribed),
  };
}

/** The list query's select list over `invitations i JOIN invitation_campaigns c`. */
export const invitationColumns = sql`i.id, i.email, i.name, i.user_id, i.campaign_id, c.name AS campaign_name,
  i.deadline, i.created_at, i.opened_at, i.signed_up_at, i.extension_requested_at, i.extension_granted_at,
  i.expired_at, ${interviewStatusSql()} AS interview_status, ${unsubscribedSql()} AS unsubscribed`;
