/**
 * Reading and changing invitations: the console's list and grant, and what the candidate does with
 * the link (open, take it with an account, ask for more time once, unsubscribe).
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Invitation, InvitationView, MyInvitation } from '@app/shared';
import type { Db } from '../db/client';
import type { Executor } from '../db/types';
import { rows } from '../db/raw-sql';
import { users } from '../db/schema';
import { invitations } from '../db/schema-hiring';
import { conflict, notFound, unprocessable } from '../http/http-errors';
import type { AppEvents } from '../lib/app-events';
import { loadInvitableJob } from './create';
import { expireDue } from './sweep';
import { invitationColumns, isPastDeadline, startedSql, toInvitationDto, type InvitationRow } from './status';
import { InvitationTokens } from './tokens';

export const INVITATION_NOT_FOUND = 'This invitation link is not valid. Ask the sender for a new one.';
export const ALREADY_ASKED = 'You have already asked for more time for this invitation.';
export const ALREADY_STARTED = 'You have already started this interview.';
export const TAKEN_BY_ANOTHER = 'This invitation was already taken by another account.';
export const NO_REQUEST = 'This person has not asked for more time, or was already granted it.';

async function selectInvitations(db: Executor, where: SQL): Promise<InvitationRow[]> {
  return rows<InvitationRow>(
    await db.execute(sql`SELECT ${invitationColumns} FROM invitations i
      JOIN invitation_campaigns c ON c.id = i.campaign_id WHERE ${where} ORDER BY i.created_at DESC, i.email`),
  );
}

/** The job's invitations, newest campaign first; expiry is settled first (on read, as well as by the sweep). */
export async function listInvitations(db: Db, events: AppEvents, jobId: string, now: Date): Promise<Invitation[]> {
  await loadInvitableJob(db, jobId);
  await expireDue(db, events, now, jobId);
  return (await selectInvitations(db, sql`i.job_id = ${jobId}::uuid`)).map((r) => toInvitationDto(r, now));
}

/** The provider grants the asked-for more time: a new deadline; an expired invitation opens again. */
export async function grantExtension(
  db: Db,
  args: { jobId: string; invitationId: string; deadline: Date; now: Date },
): Promise<Invitation> {
  if (args.deadline.getTime() <= args.now.getTime()) throw unprocessable('The new deadline must be in the future.');
  const updated = await db
    .update(invitations)
    .set({ deadline: args.deadline, extensionGrantedAt: args.now, expiredAt: null })
    .where(
      and(
        eq(invitations.id, args.invitationId),
        eq(invitations.jobId, args.jobId),
        sql`${invitations.extensionRequestedAt} IS NOT NULL`,
        isNull(invitations.extensionGrantedAt),
      ),
    )
    .returning({ id: invitations.id });
  if (!updated.length) {
    const [exists] = await db
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.id, args.invitationId), eq(invitations.jobId, args.jobId)));
    throw exists ? conflict(NO_REQUEST) : notFound('Invitation not found');
  }
  const [row] = await selectInvitations(db, sql`i.id = ${args.invitationId}::uuid`);
  return toInvitationDto(row!, args.now);
}

type LinkRow = {
  id: string;
  job_id: string;
  job_title: string;
  name: string | null;
  user_id: string | null;
  created_at: Date | string;
  deadline: Date | string | null;
  expired_at: Date | string | null;
  extension_requested_at: Date | string | null;
  extension_granted_at: Date | string | null;
  started: boolean;
  unsubscribed: boolean;
};

async function selectLinkRow(db: Executor, where: SQL): Promise<LinkRow | null> {
  const [row] = rows<LinkRow>(
    await db.execute(sql`SELECT i.id, i.job_id, j.title AS job_title, i.name, i.user_id, i.created_at, i.deadline,
        i.expired_at, i.extension_requested_at, i.extension_granted_at, ${startedSql()} AS started,
        EXISTS (SELECT 1 FROM email_unsubscribes e WHERE e.email = i.email) AS unsubscribed
      FROM invitations i JOIN jobs j ON j.id = i.job_id WHERE ${where}`),
  );
  return row ?? null;
}

const byToken = (token: string) => sql`i.token_hash = ${InvitationTokens.hash(token)}`;
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const expiredAt = (r: LinkRow, now: Date) => !r.started && (r.expired_at !== null || isPastDeadline(r.deadline, now));

function toView(r: LinkRow, now: Date): InvitationView {
  return {
    job_id: r.job_id,
    job_title: r.job_title,
    name: r.name,
    deadline: iso(r.deadline),
    expired: expiredAt(r, now),
    started: Boolean(r.started),
    extension_requested_at: iso(r.extension_requested_at),
    extension_granted_at: iso(r.extension_granted_at),
    unsubscribed: Boolean(r.unsubscribed),
  };
}

async function loadByToken(db: Executor, token: string) {
  const row = await selectLinkRow(db, byToken(token));
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  return row;
}

/** Opening the link: what the page shows; the first opening is recorded. */
export async function openInvitation(db: Db, token: string, now: Date): Promise<InvitationView> {
  const row = await loadByToken(db, token);
  await db
    .update(invitations)
    .set({ openedAt: now })
    .where(and(eq(invitations.id, row.id), isNull(invitations.openedAt)));
  return toView(row, now);
}

/**
 * A signed-in person takes the invitation: it is theirs from now on (Your Jobs shows its deadline).
 * An account made after the invitation was made through it: that is the sign-up the funnel counts.
 */
export async function acceptInvitation(db: Db, token: string, userId: string, now: Date): Promise<InvitationView> {
  const row = await loadByToken(db, token);
  if (row.user_id && row.user_id !== userId) throw conflict(TAKEN_BY_ANOTHER);
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  const newAccount = user!.createdAt.getTime() >= new Date(row.created_at).getTime();
  await db
    .update(invitations)
    .set({
      userId,
      openedAt: sql`COALESCE(${invitations.openedAt}, ${now.toISOString()}::timestamptz)`,
      ...(newAccount && { signedUpAt: sql`COALESCE(${invitations.signedUpAt}, ${now.toISOString()}::timestamptz)` }),
    })
    .where(and(eq(invitations.id, row.id), sql`(${invitations.userId} IS NULL OR ${invitations.userId} = ${userId})`));
  return toView({ ...row, user_id: userId }, now);
}

/** More time, once: a second request is a 409; none once the interview has started. */
async function requestExtension(db: Db, row: LinkRow, now: Date) {
  if (row.started) throw conflict(ALREADY_STARTED);
  const updated = await db
    .update(invitations)
    .set({ extensionRequestedAt: now })
    .where(and(eq(invitations.id, row.id), isNull(invitations.extensionRequestedAt)))
    .returning({ id: invitations.id });
  if (!updated.length) throw conflict(ALREADY_ASKED);
  return { ...row, extension_requested_at: now };
}

export async function requestExtensionByToken(db: Db, token: string, now: Date): Promise<InvitationView> {
  return toView(await requestExtension(db, await loadByToken(db, token), now), now);
}

/** Per address, whatever the job: no invitation or reminder e-mail reaches it again. */
export async function unsubscribeByToken(db: Db, token: string): Promise<void> {
  const row = await loadByToken(db, token);
  await db.execute(sql`INSERT INTO email_unsubscribes (email)
    SELECT email FROM invitations WHERE id = ${row.id}::uuid ON CONFLICT DO NOTHING`);
}

/** The signed-in person's invitations: taken with their account, or sent to their address. */
const mine = (userId: string) => sql`(i.user_id = ${userId}::uuid OR (i.user_id IS NULL
  AND i.email = (SELECT u.email FROM users u WHERE u.id = ${userId}::uuid)))`;

function toMine(r: LinkRow, now: Date): MyInvitation {
  const v = toView(r, now);
  return {
    id: r.id,
    job_id: r.job_id,
    job_title: r.job_title,
    deadline: v.deadline,
    expired: v.expired,
    started: v.started,
    extension_requested_at: v.extension_requested_at,
    extension_granted_at: v.extension_granted_at,
  };
}

export async function listMyInvitations(db: Db, userId: string, now: Date): Promise<MyInvitation[]> {
  const list = rows<LinkRow>(
    await db.execute(sql`SELECT i.id, i.job_id, j.title AS job_title, i.name, i.user_id, i.created_at, i.deadline,
        i.expired_at, i.extension_requested_at, i.extension_granted_at, ${startedSql()} AS started, false AS unsubscribed
      FROM invitations i JOIN jobs j ON j.id = i.job_id WHERE ${mine(userId)} ORDER BY i.created_at DESC`),
  );
  return list.map((r) => toMine(r, now));
}

export async function requestMyExtension(db: Db, userId: string, invitationId: string, now: Date) {
  const row = await selectLinkRow(db, sql`i.id = ${invitationId}::uuid AND ${mine(userId)}`);
  if (!row) throw notFound('Invitation not found');
  return toMine(await requestExtension(db, row, now), now);
}
