/**
 * The completion funnel of a job, or of one invitation campaign of it (issue 47, item 2): invited →
 * opened → signed up (the invitations) → consented (the job's recording or AI-notice consents) →
 * started → completed → assessed → decided (the interviews' times), where people stopped, the
 * technical failures their interview pages reported, and the candidates' satisfaction.
 *
 * A report across domains, read straight from their tables (it writes nothing). Without a campaign,
 * the job's applicants (an interview or a consent for the job) who had no invitation are counted
 * from `consented` on and said apart as `uninvited`.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { isEndedStatus, TECHNICAL_FAILURE_KINDS, type Funnel, type FunnelStep } from '@app/shared';
import type { Db } from '../db/client';
import { interviews, jobs, users } from '../db/schema';
import { consents } from '../db/schema-accounts';
import {
  interviewSatisfaction,
  interviewTechnicalFailures,
  invitationCampaigns,
  invitations,
} from '../db/schema-hiring';
import { notFound } from '../http/http-errors';
import { csvLine } from '../lib/csv';
import { funnelFigures, type PersonPath } from './funnel-math';
import { summarizeScores } from './satisfaction';

type InvitationRow = {
  userId: string | null;
  email: string;
  createdAt: Date;
  openedAt: Date | null;
  signedUpAt: Date | null;
};
type InterviewRow = {
  startedAt: Date | null;
  completedAt: Date | null;
  assessedAt: Date | null;
  decidedAt: Date | null;
  status: string;
};

const DECIDED = new Set(['approved', 'rejected']);

export async function jobFunnel(db: Db, jobId: string, campaignId?: string): Promise<Funnel> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) throw notFound('Job not found');
  if (campaignId) {
    const [campaign] = await db
      .select({ id: invitationCampaigns.id })
      .from(invitationCampaigns)
      .where(and(eq(invitationCampaigns.id, campaignId), eq(invitationCampaigns.jobId, jobId)))
      .limit(1);
    if (!campaign) throw notFound('Campaign not found for this job');
  }

  const invited = await loadInvitations(db, jobId, campaignId);
  const invitedUsers = new Set(invited.map((i) => i.userId).filter((u): u is string => u !== null));
  const [firstConsent, latestInterview] = await Promise.all([
    loadConsents(db, jobId, campaignId ? [...invitedUsers] : null),
    loadInterviews(db, jobId, campaignId ? [...invitedUsers] : null),
  ]);

  const people: PersonPath[] = [];
  const cohort = new Set<string>();
  for (const inv of invited) {
    const at: PersonPath['at'] = { invited: inv.createdAt };
    if (inv.openedAt) at.opened = inv.openedAt;
    if (inv.signedUpAt) at.signed_up = inv.signedUpAt;
    if (inv.userId) {
      cohort.add(inv.userId);
      addApplicantSteps(at, firstConsent.get(inv.userId), latestInterview.get(inv.userId));
    }
    people.push({ invited: true, at });
  }
  let uninvited = 0;
  if (!campaignId) {
    for (const userId of new Set([...firstConsent.keys(), ...latestInterview.keys()])) {
      if (invitedUsers.has(userId)) continue;
      const at: PersonPath['at'] = {};
      addApplicantSteps(at, firstConsent.get(userId), latestInterview.get(userId));
      if (!Object.keys(at).length) continue;
      cohort.add(userId);
      uninvited += 1;
      people.push({ invited: false, at });
    }
  }

  const { steps, stopped } = funnelFigures(people);
  return {
    job_id: jobId,
    campaign_id: campaignId ?? null,
    steps,
    uninvited,
    satisfaction: await cohortSatisfaction(db, jobId, campaignId ? [...cohort] : null),
    stopped,
    technical_failures: await failureCounts(db, jobId, campaignId ? [...cohort] : null),
  };
}

/** The interview's steps: a status past a step counts it reached even when its time was not kept. */
function addApplicantSteps(at: PersonPath['at'], consentedAt: Date | undefined, iv: InterviewRow | undefined) {
  if (consentedAt) at.consented = consentedAt;
  if (!iv) return;
  const steps: [FunnelStep, Date | null, boolean][] = [
    ['started', iv.startedAt, iv.startedAt !== null],
    ['completed', iv.completedAt, iv.completedAt !== null || isEndedStatus(iv.status)],
    ['assessed', iv.assessedAt, iv.assessedAt !== null],
    ['decided', iv.decidedAt, iv.decidedAt !== null || DECIDED.has(iv.status)],
  ];
  for (const [step, time, reached] of steps) if (reached) at[step] = time;
}

/**
 * The invitations in scope, each with the account that took it: the invitation's own `user_id`, or
 * else the account registered with the invited address (someone who signed up on their own).
 */
async function loadInvitations(db: Db, jobId: string, campaignId?: string): Promise<InvitationRow[]> {
  const rows = await db
    .select({
      userId: sql<string | null>`coalesce(${invitations.userId}, ${users.id})`,
      email: invitations.email,
      createdAt: invitations.createdAt,
      openedAt: invitations.openedAt,
      signedUpAt: invitations.signedUpAt,
    })
    .from(invitations)
    .leftJoin(users, sql`lower(${users.email}) = lower(${invitations.email})`)
    .where(and(eq(invitations.jobId, jobId), campaignId ? eq(invitations.campaignId, campaignId) : undefined));
  return rows;
}

/** Each person's first consent for the job (recording or AI notice, any text version). */
async function loadConsents(db: Db, jobId: string, onlyUsers: string[] | null): Promise<Map<string, Date>> {
  if (onlyUsers && !onlyUsers.length) return new Map();
  const rows = await db
    .select({ userId: consents.userId, at: sql<string | Date>`min(${consents.givenAt})` })
    .from(consents)
    .where(and(eq(consents.jobId, jobId), onlyUsers ? inArray(consents.userId, onlyUsers) : undefined))
    .groupBy(consents.userId);
  return new Map(rows.map((r) => [r.userId, new Date(r.at)]));
}

/** Each person's latest interview for the job (a rejected one can be followed by a new application). */
async function loadInterviews(db: Db, jobId: string, onlyUsers: string[] | null): Promise<Map<string, InterviewRow>> {
  if (onlyUsers && !onlyUsers.length) return new Map();
  const rows = await db
    .select({
      candidateId: interviews.candidateId,
      startedAt: interviews.startedAt,
      completedAt: interviews.completedAt,
      assessedAt: interviews.assessedAt,
      decidedAt: interviews.decidedAt,
      status: interviews.status,
    })
    .from(interviews)
    .where(and(eq(interviews.jobId, jobId), onlyUsers ? inArray(interviews.candidateId, onlyUsers) : undefined))
    .orderBy(desc(interviews.createdAt), desc(interviews.id));
  const latest = new Map<string, InterviewRow>();
  for (const { candidateId, ...row } of rows) if (!latest.has(candidateId)) latest.set(candidateId, row);
  return latest;
}

async function cohortSatisfaction(db: Db, jobId: string, onlyUsers: string[] | null) {
  if (onlyUsers && !onlyUsers.length) return summarizeScores([]);
  const rows = await db
    .select({ score: interviewSatisfaction.score })
    .from(interviewSatisfaction)
    .innerJoin(interviews, eq(interviews.id, interviewSatisfaction.interviewId))
    .where(and(eq(interviews.jobId, jobId), onlyUsers ? inArray(interviewSatisfaction.userId, onlyUsers) : undefined));
  return summarizeScores(rows.map((r) => r.score));
}

/** People (not reports) per technical failure, so a page that reports twice counts once. */
async function failureCounts(db: Db, jobId: string, onlyUsers: string[] | null) {
  const rows =
    onlyUsers && !onlyUsers.length
      ? []
      : await db
          .select({ kind: interviewTechnicalFailures.kind, people: sql<number>`count(*)::int` })
          .from(interviewTechnicalFailures)
          .where(
            and(
              eq(interviewTechnicalFailures.jobId, jobId),
              onlyUsers ? inArray(interviewTechnicalFailures.userId, onlyUsers) : undefined,
            ),
          )
          .groupBy(interviewTechnicalFailures.kind);
  const byKind = new Map(rows.map((r) => [r.kind, Number(r.people)]));
  return TECHNICAL_FAILURE_KINDS.map((kind) => ({ kind, count: byKind.get(kind) ?? 0 }));
}

/**
 * The funnel as one CSV table a spreadsheet opens: a `section` column tells the steps, where people
 * stopped, the technical failures and the satisfaction apart.
 */
export function funnelCsv(f: Funnel): string {
  let csv = csvLine(['section', 'item', 'count', 'conversion', 'median_seconds_from_previous', 'value']);
  for (const s of f.steps)
    csv += csvLine(['step', s.step, s.count, s.conversion, s.median_seconds_from_previous, null]);
  csv += csvLine(['uninvited', 'applied_without_invitation', f.uninvited, null, null, null]);
  for (const s of f.stopped) csv += csvLine(['stopped', s.step, s.count, null, null, null]);
  for (const t of f.technical_failures) csv += csvLine(['technical_failure', t.kind, t.count, null, null, null]);
  csv += csvLine(['satisfaction', 'average', f.satisfaction.count, null, null, f.satisfaction.average]);
  csv += csvLine(['satisfaction', 'skipped', f.satisfaction.skipped, null, null, null]);
  return csv;
}
