/**
 * Creating a campaign: every row is checked (an address, once in the list, not already invited to
 * the job, not unsubscribed), the good ones are stored in one transaction, and only after it
 * commits are their e-mails queued, so nothing is half sent: a failure stores and sends nothing.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_REMINDERS,
  normalizeInviteEmail,
  type InvitationsCreateReply,
  type ReminderScheduleDto,
  type SkipReason,
} from '@app/shared';
import type { Db } from '../db/client';
import type { Executor } from '../db/types';
import { rows } from '../db/raw-sql';
import { jobs } from '../db/schema';
import { invitationCampaigns } from '../db/schema-hiring';
import { AppError, notFound, unprocessable } from '../http/http-errors';
import { InvitationTokens } from './tokens';

export const INVITE_NEEDS_ACTIVE_JOB = 'Only an active job can take invitations. Open the job first.';
export const DEADLINE_IN_PAST = 'The deadline must be at least an hour from now.';

/** One person as the provider listed them; `line` is the CSV line (or the position in a pasted list). */
export type Invitee = { line: number; email: string; name: string | null };

export type CampaignInput = {
  invitees: Invitee[];
  deadline: Date | null;
  name: string | null;
  reminders?: ReminderScheduleDto;
};

type Skipped = InvitationsCreateReply['skipped'][number];
/**
 * A list as one array literal parameter ('{"a","b",NULL}'), cast by the query: quoted, with quotes
 * and backslashes escaped, so any text (a name with a comma or a quote) arrives as it was.
 */
const pgArray = (values: (string | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

/** Rows per INSERT, and per lookup: well under either driver's parameter limit. */
const CHUNK = 1000;

/** The job must exist (404) and be active (409), as for a shortlist invitation. */
export async function loadInvitableJob(db: Executor, jobId: string) {
  const [job] = await db
    .select({ id: jobs.id, status: jobs.status, title: jobs.title })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .limit(1);
  if (!job) throw notFound('Job not found');
  return job;
}

/** Sorts the rows into the ones to invite and the ones skipped with their reason. */
async function sortInvitees(db: Executor, jobId: string, invitees: Invitee[]) {
  const skipped: Skipped[] = [];
  const fresh: Invitee[] = [];
  const seen = new Set<string>();
  for (const row of invitees) {
    const email = normalizeInviteEmail(row.email);
    if (!email) skipped.push({ line: row.line, email: row.email.slice(0, 254), reason: 'invalid_email' });
    else if (seen.has(email)) skipped.push({ line: row.line, email, reason: 'duplicate' });
    else {
      seen.add(email);
      fresh.push({ ...row, email });
    }
  }
  const known = new Map<string, SkipReason>();
  if (fresh.length) {
    const emails = sql`${pgArray(fresh.map((r) => r.email))}::text[]`;
    const invited = rows<{ email: string }>(
      await db.execute(sql`SELECT email FROM invitations WHERE job_id = ${jobId}::uuid AND email = ANY(${emails})`),
    );
    for (const r of invited) known.set(r.email, 'already_invited');
    const unsubscribed = rows<{ email: string }>(
      await db.execute(sql`SELECT email FROM email_unsubscribes WHERE email = ANY(${emails})`),
    );
    for (const r of unsubscribed) if (!known.has(r.email)) known.set(r.email, 'unsubscribed');
  }
  const toInvite = fresh.filter((r) => {
    const reason = known.get(r.email);
    if (reason) skipped.push({ line: r.line, email: r.email, reason });
    return !reason;
  });
  return { toInvite, skipped };
}

/**
 * Stores a campaign and its invitations; returns the reply and the new invitations' ids, whose
 * e-mails the caller queues after this has committed.
 */
export async function createCampaign(
  db: Db,
  tokens: InvitationTokens,
  args: { jobId: string; adminId: string; input: CampaignInput; now: Date },
): Promise<{ reply: InvitationsCreateReply; invitationIds: string[] }> {
  const { jobId, adminId, input, now } = args;
  if (input.deadline && input.deadline.getTime() < now.getTime() + 3600_000) throw unprocessable(DEADLINE_IN_PAST);
  return db.transaction(async (tx) => {
    const job = await loadInvitableJob(tx, jobId);
    if (job.status !== 'active') throw new AppError(409, INVITE_NEEDS_ACTIVE_JOB);
    const { toInvite, skipped } = await sortInvitees(tx, jobId, input.invitees);
    const invitationIds: string[] = [];
    let campaignId: string | null = null;
    if (toInvite.length) {
      const [campaign] = await tx
        .insert(invitationCampaigns)
        .values({
          jobId,
          name: input.name?.trim() || `Invitations of ${now.toISOString().slice(0, 10)}`,
          deadline: input.deadline,
          reminders: input.reminders ?? DEFAULT_REMINDERS,
          createdBy: adminId,
          createdAt: now,
        })
        .returning({ id: invitationCampaigns.id });
      campaignId = campaign!.id;
      for (let i = 0; i < toInvite.length; i += CHUNK) {
        const part = toInvite.slice(i, i + CHUNK);
        const ids = part.map(() => crypto.randomUUID());
        // Four array parameters per thousand rows, unnested by the database: far fewer parameters
        // to bind than a VALUES list, which is what a 10,000-row campaign spends its time on.
        // Another campaign committed the same address meanwhile: that row is already invited.
        const stored = rows<{ id: string; email: string }>(
          await tx.execute(sql`
            INSERT INTO invitations (id, campaign_id, job_id, email, name, token_hash, deadline, created_at)
            SELECT v.id, ${campaignId}::uuid, ${jobId}::uuid, v.email, v.name, v.token_hash,
              ${input.deadline?.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz
            FROM unnest(${pgArray(ids)}::uuid[], ${pgArray(part.map((r) => r.email))}::text[],
              ${pgArray(part.map((r) => r.name))}::text[],
              ${pgArray(ids.map((id) => InvitationTokens.hash(tokens.tokenFor(id))))}::text[])
              AS v(id, email, name, token_hash)
            ON CONFLICT DO NOTHING RETURNING id, email`),
        );
        const storedEmails = new Set(stored.map((s) => s.email));
        for (const r of toInvite.slice(i, i + CHUNK))
          if (!storedEmails.has(r.email)) skipped.push({ line: r.line, email: r.email, reason: 'already_invited' });
        invitationIds.push(...stored.map((s) => s.id));
      }
    }
    skipped.sort((a, b) => a.line - b.line);
    return { reply: { campaign_id: campaignId, created: invitationIds.length, skipped }, invitationIds };
  });
}
