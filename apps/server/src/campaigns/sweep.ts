/**
 * The campaigns' scheduled work: reminders that are due, and invitations past their deadline.
 *
 * A reminder is one (invitation, slot) row in `invitation_reminders`, inserted before its e-mail is
 * queued: the primary key lets exactly one of two racing sweeps (two instances, or a restart mid
 * run) insert it, and only the one that inserted it queues the e-mail. A crash between the insert
 * and the queueing loses that reminder rather than ever sending it twice.
 *
 * Slots: `after:<h>` is due h hours after the invitation; `before:<h>` h hours before the deadline
 * (`ext:before:<h>` once more time was granted, for the new deadline). A slot that fell due before
 * the invitation (or the grant) existed is no reminder at all, and none is sent at or after the
 * deadline, after the person started the interview, or to an unsubscribed address.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/types';
import { rows } from '../db/raw-sql';
import type { AppEvents } from '../lib/app-events';
import type { JobQueue } from '../queue/queue';
import { startedSql, unsubscribedSql } from './status';

/** Reminders claimed per sweep; the rest wait five minutes for the next. */
const SWEEP_BATCH = 5000;

export type CampaignEmailJob =
  | { invitationId: string; kind: 'invite' }
  | { invitationId: string; kind: 'reminder'; slot: string }
  | { invitationId: string; kind: 'extended' };

/** The (invitation, slot) pairs due at `now` that have not been sent. */
async function dueReminders(db: Executor, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return rows<{ invitation_id: string; slot: string }>(
    await db.execute(sql`
      SELECT i.id AS invitation_id, s.slot
      FROM invitations i
      JOIN invitation_campaigns c ON c.id = i.campaign_id
      CROSS JOIN LATERAL (
        SELECT 'after:' || h AS slot, i.created_at + make_interval(hours => h::int) AS due, i.created_at AS since
          FROM jsonb_array_elements_text(c.reminders -> 'after_invite_hours') h
        UNION ALL
        SELECT CASE WHEN i.extension_granted_at IS NULL THEN '' ELSE 'ext:' END || 'before:' || h,
               i.deadline - make_interval(hours => h::int),
               COALESCE(i.extension_granted_at, i.created_at)
          FROM jsonb_array_elements_text(c.reminders -> 'before_deadline_hours') h
          WHERE i.deadline IS NOT NULL
      ) s
      WHERE s.due <= ${at} AND s.due > s.since
        AND (i.deadline IS NULL OR (i.deadline > ${at} AND s.due < i.deadline))
        AND i.expired_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM invitation_reminders r WHERE r.invitation_id = i.id AND r.slot = s.slot)
        AND NOT ${unsubscribedSql()}
        AND NOT ${startedSql()}
      ORDER BY s.due
      LIMIT ${SWEEP_BATCH}`),
  );
}

/** Claims and queues the due reminders; returns how many this sweep sent. */
export async function sendDueReminders(db: Executor, queue: JobQueue, now: Date): Promise<number> {
  const due = await dueReminders(db, now);
  if (!due.length) return 0;
  const claimed: CampaignEmailJob[] = [];
  for (let i = 0; i < due.length; i += 1000) {
    const part = due.slice(i, i + 1000);
    const values = sql.join(
      part.map((d) => sql`(${d.invitation_id}::uuid, ${d.slot}, ${now.toISOString()}::timestamptz)`),
      sql`, `,
    );
    const inserted = rows<{ invitation_id: string; slot: string }>(
      await db.execute(sql`
        INSERT INTO invitation_reminders (invitation_id, slot, sent_at) VALUES ${values}
        ON CONFLICT DO NOTHING RETURNING invitation_id, slot`),
    );
    for (const r of inserted) claimed.push({ invitationId: r.invitation_id, kind: 'reminder', slot: r.slot });
  }
  await queue.sendMany('campaign-email', claimed);
  return claimed.length;
}

/**
 * Marks the unstarted invitations whose deadline has passed (of one job, when reading its list)
 * and announces each once: only the statement that set `expired_at` returns the row.
 */
export async function expireDue(db: Executor, events: AppEvents, now: Date, jobId?: string): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = rows<{ id: string; job_id: string; campaign_id: string }>(
    await db.execute(sql`
      UPDATE invitations i SET expired_at = ${at}
      WHERE i.deadline <= ${at} AND i.expired_at IS NULL
        ${jobId ? sql`AND i.job_id = ${jobId}::uuid` : sql``}
        AND NOT ${startedSql()}
      RETURNING i.id, i.job_id, i.campaign_id`),
  );
  for (const e of expired)
    events.emit('invitation.expired', { invitationId: e.id, jobId: e.job_id, campaignId: e.campaign_id });
  return expired.length;
}
