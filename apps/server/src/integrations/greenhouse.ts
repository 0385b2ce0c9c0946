/**
 * Greenhouse's assessment-partner contract (issue 47), so a provider who runs Greenhouse sends
 * candidates to this interview from inside it. Greenhouse calls three operations on the partner and
 * authenticates with the partner's API key as the HTTP Basic user name:
 *   list_tests  → the provider's active jobs, as tests;
 *   send_test   → an invitation to the job (the candidate gets our e-mail), answering its id;
 *   test_status → where that candidate's interview is and, once decided, its score and a link.
 * Field names are the partner documentation's (partner_test_id, partner_interview_id, partner_status, ...).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import { isUuid, type Assessment } from '@app/shared';
import type { Db } from '../db/client';
import { interviews, jobs, users } from '../db/schema';
import { invitations } from '../db/schema-hiring';
import { notFound, unprocessable } from '../http/http-errors';
import { linkOrigin } from '../lib/link-origin';
import { inviteOne } from '../campaigns';

const DECIDED = new Set(['approved', 'rejected']);

const sendTestSchema = z.object({
  partner_test_id: z.string().min(1, 'partner_test_id is required').max(200),
  candidate: z.object({
    first_name: z.string().max(200).optional(),
    last_name: z.string().max(200).optional(),
    email: z.email({ message: 'candidate.email must be an e-mail address' }).max(320),
    resume_url: z.string().max(2000).nullish(),
    phone_number: z.string().max(100).nullish(),
  }),
  /** Where Greenhouse takes a completed-status callback; it polls test_status meanwhile. */
  url: z.string().max(2000).nullish(),
});

/** The latest interview of the person the invitation went to (by its account, else by its address). */
async function interviewOfInvitation(db: Db, invitationId: string) {
  const [inv] = await db
    .select({ jobId: invitations.jobId, userId: invitations.userId, email: invitations.email })
    .from(invitations)
    .where(eq(invitations.id, invitationId));
  if (!inv) return null;
  let userId = inv.userId;
  if (!userId) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${inv.email})`);
    userId = user?.id ?? null;
  }
  if (!userId) return { found: true as const, interview: null };
  const [interview] = await db
    .select({
      id: interviews.id,
      status: interviews.status,
      assessment: interviews.assessment,
      decidedAt: interviews.decidedAt,
      completedAt: interviews.completedAt,
    })
    .from(interviews)
    .where(and(eq(interviews.jobId, inv.jobId), eq(interviews.candidateId, userId)))
    .orderBy(desc(interviews.createdAt))
    .limit(1);
  return { found: true as const, interview: interview ?? null };
}

const greenhouseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Greenhouse sends the key as the Basic user name; each call takes the key's own scope.
  const keyed = (scope: 'read:jobs' | 'write:invitations' | 'read:interviews') => ({
    apiKeyScope: scope,
    apiKeyBasic: true,
  });

  app.get('/ats/greenhouse/list_tests', { config: keyed('read:jobs') }, async () => {
    const rows = await app.db
      .select({ id: jobs.id, title: jobs.title })
      .from(jobs)
      .where(eq(jobs.status, 'active'))
      .orderBy(jobs.title);
    return rows.map((j) => ({ partner_test_id: j.id, partner_test_name: `AI interview: ${j.title}` }));
  });

  app.post(
    '/ats/greenhouse/send_test',
    { schema: { body: sendTestSchema }, config: keyed('write:invitations') },
    async (request) => {
      const { partner_test_id: jobId, candidate } = request.body;
      if (!isUuid(jobId)) throw notFound('No test with this partner_test_id');
      const name = [candidate.first_name, candidate.last_name].filter(Boolean).join(' ').trim() || null;
      const { invitationId } = await inviteOne(app, {
        jobId,
        adminId: request.auth!.sub,
        email: candidate.email,
        name,
        campaignName: 'Greenhouse',
      });
      return { partner_interview_id: invitationId };
    },
  );

  app.get(
    '/ats/greenhouse/test_status',
    {
      schema: { querystring: z.object({ partner_interview_id: z.string().min(1).max(200) }) },
      config: keyed('read:interviews'),
    },
    async (request) => {
      const id = request.query.partner_interview_id;
      if (!isUuid(id)) throw unprocessable('partner_interview_id is not one this partner gave');
      const found = await interviewOfInvitation(app.db, id);
      if (!found) throw notFound('No test with this partner_interview_id');
      const interview = found.interview;
      const decided = interview !== null && DECIDED.has(interview.status);
      const assessment = (interview?.assessment as Assessment | null) ?? null;
      const origin = linkOrigin(app.config, app.server.address());
      return {
        partner_status: decided ? 'complete' : 'incomplete',
        // The overall score (1-5) on Greenhouse's 0-100 scale, once a person decided.
        partner_score: decided && assessment?.overall_score != null ? Math.round(assessment.overall_score * 20) : null,
        partner_profile_url: decided && interview && origin ? `${origin}/admin/interviews/${interview.id}` : null,
        metadata: {
          interview_status: interview?.status ?? 'not_started',
          completed_at: interview?.completedAt?.toISOString() ?? null,
          decided_at: interview?.decidedAt?.toISOString() ?? null,
          ...(decided && { decision: interview!.status }),
        },
      };
    },
  );
};
export default greenhouseRoutes;
