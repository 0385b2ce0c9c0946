/**
 * One invitation made by another system (the applicant-tracking adapter, issue 47): the same
 * campaign path as the console's (one transaction, the e-mail queued after commit), and the same
 * answer when asked twice for one address — the invitation that already exists.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { invitations } from '../db/schema-hiring';
import { unprocessable } from '../http/http-errors';
import { createCampaign } from './create';
import { campaignTokens } from './tokens-of-app';
import { queueInvitationEmails } from './emails';

export async function inviteOne(
  app: FastifyInstance,
  args: { jobId: string; adminId: string; email: string; name: string | null; campaignName: string },
): Promise<{ invitationId: string; created: boolean }> {
  const email = args.email.trim().toLowerCase();
  const existing = async () => {
    const [row] = await app.db
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.jobId, args.jobId), sql`lower(${invitations.email}) = ${email}`))
      .limit(1);
    return row?.id ?? null;
  };
  const before = await existing();
  if (before) return { invitationId: before, created: false };
  const { reply, invitationIds } = await createCampaign(app.db, campaignTokens(app), {
    jobId: args.jobId,
    adminId: args.adminId,
    input: { invitees: [{ line: 1, email, name: args.name }], deadline: null, name: args.campaignName },
    now: new Date(),
  });
  if (invitationIds.length) {
    await queueInvitationEmails(app.queue, invitationIds);
    return { invitationId: invitationIds[0]!, created: true };
  }
  // Skipped: raced with another call for the same address, or a reason the provider must hear.
  const raced = await existing();
  if (raced) return { invitationId: raced, created: false };
  throw unprocessable(`The candidate could not be invited: ${reply.skipped[0]?.reason ?? 'unknown reason'}.`);
}
