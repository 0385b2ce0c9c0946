/**
 * The campaign's e-mails: the invitation, its reminders, and "more time granted". Rendered when the
 * job runs, from the invitation as it is then (an address that unsubscribed meanwhile gets nothing,
 * a reminder for someone who started meanwhile is dropped). Every one carries the invitation's
 * page, the "more time" page and the unsubscribe page; the links open pages that ask before doing
 * anything, so a mail scanner that follows links changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createMailer, mailContext, render, type EmailContext, type EmailMessage } from '../email';
import type { Executor } from '../db/types';
import { rows } from '../db/raw-sql';
import type { BossQueue, JobQueue } from '../queue/queue';
import type { InvitationTokens } from './tokens';
import type { CampaignEmailJob } from './sweep';
import { startedSql, unsubscribedSql } from './status';

type MailRow = {
  email: string;
  name: string | null;
  job_title: string;
  deadline: Date | string | null;
  expired_at: Date | string | null;
  unsubscribed: boolean;
  started: boolean;
};

const when = (d: Date | string) =>
  new Date(d).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

export function campaignEmail(ctx: EmailContext, row: MailRow, token: string, job: CampaignEmailJob): EmailMessage {
  const q = `token=${encodeURIComponent(token)}`;
  const links = [
    { label: 'Need more time? Ask for it here', path: `/invitation?${q}&more-time=1` },
    { label: 'Unsubscribe from these e-mails', path: `/unsubscribe?${q}` },
  ];
  const by = row.deadline ? `Please complete it by ${when(row.deadline)}.` : null;
  const action = { label: 'Open your invitation', path: `/invitation?${q}` };
  const r = { email: row.email, name: row.name };
  if (job.kind === 'invite')
    return render(ctx, r, {
      subject: `You're invited to apply: ${row.job_title}`,
      paragraphs: [
        `You are invited to apply to our ${row.job_title} job. The application is a short AI interview about your work.`,
        ...(by ? [by] : []),
        'New here? The link lets you create an account first and brings you straight to the application.',
      ],
      action,
      links,
    });
  if (job.kind === 'extended')
    return render(ctx, r, {
      subject: `More time for ${row.job_title}`,
      paragraphs: [`You have more time for the ${row.job_title} application.`, ...(by ? [by] : [])],
      action,
      links: links.slice(1),
    });
  return render(ctx, r, {
    subject: `Reminder: your invitation to ${row.job_title}`,
    paragraphs: [`Your invitation to apply to our ${row.job_title} job is still open.`, ...(by ? [by] : [])],
    action,
    links,
  });
}

async function loadForMail(db: Executor, invitationId: string): Promise<MailRow | null> {
  const [row] = rows<MailRow>(
    await db.execute(sql`
      SELECT i.email, i.name, j.title AS job_title, i.deadline, i.expired_at,
        ${unsubscribedSql()} AS unsubscribed, ${startedSql()} AS started
      FROM invitations i JOIN jobs j ON j.id = i.job_id WHERE i.id = ${invitationId}::uuid`),
  );
  return row ?? null;
}

/** Sends one campaign e-mail, unless what it asks for no longer holds. */
export function registerCampaignEmailJob(app: FastifyInstance, queue: BossQueue, tokens: InvitationTokens) {
  const mailer = createMailer(app.config);
  queue.handle<CampaignEmailJob>('campaign-email', async (job) => {
    const row = await loadForMail(app.db, job.invitationId);
    // Gone (the job or the invitation deleted), or the address asked for no more e-mails.
    if (!row || row.unsubscribed) return;
    if (job.kind === 'reminder' && (row.started || row.expired_at)) return;
    const message = campaignEmail(mailContext(app), row, tokens.tokenFor(job.invitationId), job);
    await mailer.deliver(message);
    // No address or token in the log: the id and the kind say which e-mail it was.
    app.log.info({ invitationId: job.invitationId, kind: job.kind }, 'campaign e-mail sent');
  });
}

/** Queues the invitation e-mail of each new invitation; called after the campaign's transaction commits. */
export async function queueInvitationEmails(queue: JobQueue, invitationIds: string[]): Promise<void> {
  await queue.sendMany(
    'campaign-email',
    invitationIds.map((invitationId) => ({ invitationId, kind: 'invite' })),
  );
}
