/**
 * Every notification e-mail, queued here: the ones that follow an admin action (derived from the route's
 * reply, NOTIFIERS below), the ones that follow an app event (a document signed, a payout method
 * changed, a batch item paid or returned: registerNotifications), and the interview received, which
 * the after-call pipeline calls for (wiring/after-call.ts).
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type {
  AdminAppeal,
  AdminInterview,
  AdminTask,
  DistributeReply,
  Payout,
  PayoutBatchItem,
  ShortlistEntry,
} from '@app/shared';
import { interviews, jobs } from '../db/schema';
import { hookRoutes } from '../http/route-hooks';
import { getAdminInterview } from '../interview';
import { ownDocument } from '../money';
import {
  decisionEmail,
  documentSignedEmail,
  enqueueEmail,
  interviewReceivedEmail,
  jobInvitationEmail,
  mailContext,
  payoutFailedEmail,
  payoutMethodChangedEmail,
  payoutPaidEmail,
  payoutSentEmail,
  type PayoutMethodChange,
  recipient,
  retakeAllowedEmail,
  tasksAssignedEmail,
} from '../email';

/** The candidate's "we received your interview" e-mail. */
export async function interviewReceived(app: FastifyInstance, interviewId: string) {
  const [row] = await app.db
    .select({ candidateId: interviews.candidateId, jobTitle: jobs.title })
    .from(interviews)
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.id, interviewId))
    .limit(1);
  const to = row && (await recipient(app.db, row.candidateId));
  if (!to) return;
  await enqueueEmail(app.queue, interviewReceivedEmail(mailContext(app), to, row.jobTitle));
}

/** The signer's copy of a document they just signed: its title, version and SHA-256 (issue 36 item 2). */
async function documentSigned(app: FastifyInstance, userId: string, documentId: string, sha256: string) {
  const doc = await ownDocument(app.db, documentId, userId);
  const to = await recipient(app.db, userId);
  if (to) await enqueueEmail(app.queue, documentSignedEmail(mailContext(app), to, { ...doc, sha256 }));
}

/** The account is told its payout method changed: last four digits only, and how long payouts wait (issue 36 item 4). */
async function payoutMethodChanged(app: FastifyInstance, userId: string, change: PayoutMethodChange) {
  const to = await recipient(app.db, userId);
  if (to) await enqueueEmail(app.queue, payoutMethodChangedEmail(mailContext(app), to, change));
}

/** The payee of a batch item marked paid is told the amount; called only by the call that paid it (issue 36 item 6). */
async function payoutPaid(app: FastifyInstance, item: PayoutBatchItem) {
  await enqueueEmail(app.queue, payoutPaidEmail(mailContext(app), await payeeOf(app, item), item.amount));
}

/** The payee of a batch item the bank returned reads why: pay is never withheld without a reason (issue 36 item 6). */
async function payoutFailed(app: FastifyInstance, item: PayoutBatchItem, reason: string) {
  await enqueueEmail(app.queue, payoutFailedEmail(mailContext(app), await payeeOf(app, item), item.amount, reason));
}

/** A payout's payee: their account as it is now, else the address the payout item holds. */
async function payeeOf(app: FastifyInstance, item: { user_id: string; email: string }) {
  return (await recipient(app.db, item.user_id)) ?? { email: item.email, name: null };
}

type Notifier = (app: FastifyInstance, body: unknown) => Promise<void>;

/** The interview's candidate as a recipient: their account as it is now, else the name and address the reply holds. */
async function candidateOf(app: FastifyInstance, interview: AdminInterview) {
  return (
    (await recipient(app.db, interview.candidate_id)) ?? {
      email: interview.candidate_email,
      name: interview.candidate_name,
    }
  );
}

/** The decision e-mail, once an interview is approved or rejected (by a decision or an overturned appeal). */
async function decisionMade(app: FastifyInstance, interview: AdminInterview) {
  if (interview.status !== 'approved' && interview.status !== 'rejected') return;
  const to = await candidateOf(app, interview);
  const message = decisionEmail(mailContext(app), to, interview.status, interview.job_title, interview.decision_note);
  await enqueueEmail(app.queue, message);
}

/**
 * E-mails that follow a provider action. They are derived from the successful reply of the action's
 * route (the reply already holds who and what), so the services that record decisions, tasks and
 * payouts stay free of mail concerns. docs/decisions/0072-notifications-from-admin-actions.md.
 */
const NOTIFIERS: Record<string, Notifier> = {
  'POST /api/admin/interviews/:id/decision': async (app, body) => decisionMade(app, body as AdminInterview),
  // An overturned appeal is a new decision: the candidate gets the decision e-mail with the note (issue 35).
  'POST /api/admin/appeals/:id/resolve': async (app, body) => {
    const appeal = body as AdminAppeal;
    if (appeal.status !== 'overturned') return;
    await decisionMade(app, await getAdminInterview(app.db, appeal.interview_id));
  },
  'POST /api/admin/interviews/:id/retake': async (app, body) => {
    const interview = body as AdminInterview;
    const to = await candidateOf(app, interview);
    await enqueueEmail(app.queue, retakeAllowedEmail(mailContext(app), to, interview.job_title, interview.id));
  },
  'POST /api/admin/jobs/:id/tasks': async (app, body) => notifyAssignees(app, body as AdminTask[]),
  'POST /api/admin/tasks/:id/assign': async (app, body) => notifyAssignees(app, [body as AdminTask]),
  'POST /api/admin/tasks/assign': async (app, body) => notifyAssignees(app, body as AdminTask[]),
  // Distribution tells raters as hand assignment does: one e-mail per rater and job (issue 34).
  'POST /api/admin/jobs/:id/tasks/distribute': async (app, body) => {
    const reply = body as DistributeReply;
    if (!reply.raters.length) return;
    const [job] = await app.db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, reply.job_id)).limit(1);
    for (const r of reply.raters) {
      const to = await recipient(app.db, r.user_id);
      if (to) await enqueueEmail(app.queue, tasksAssignedEmail(mailContext(app), to, job?.title ?? null, r.assigned));
    }
  },
  'POST /api/admin/jobs/:id/shortlist/:candidateId/invite': async (app, body) => {
    const entry = body as ShortlistEntry;
    const [job] = await app.db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, entry.job_id)).limit(1);
    const to = await recipient(app.db, entry.candidate_id);
    if (job && to) await enqueueEmail(app.queue, jobInvitationEmail(mailContext(app), to, job.title, entry.job_id));
  },
  'POST /api/admin/payouts': async (app, body) => {
    const payout = body as Payout;
    for (const item of payout.items) {
      const to = await payeeOf(app, item);
      await enqueueEmail(app.queue, payoutSentEmail(mailContext(app), to, item.amount, item.transactions.length));
    }
  },
};

/** One e-mail per assignee and job, however many tasks they just received. */
async function notifyAssignees(app: FastifyInstance, tasks: AdminTask[]) {
  const groups = new Map<string, { userId: string; jobTitle: string; count: number }>();
  for (const t of tasks) {
    if (!t.assignee_id) continue;
    const key = `${t.assignee_id}:${t.job_id}`;
    const g = groups.get(key) ?? { userId: t.assignee_id, jobTitle: t.job_title, count: 0 };
    g.count++;
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    const to = await recipient(app.db, g.userId);
    if (to) await enqueueEmail(app.queue, tasksAssignedEmail(mailContext(app), to, g.jobTitle, g.count));
  }
}

export function registerNotifications(app: FastifyInstance) {
  // Money's e-mails follow its events: money stands below notifications and announces, never calls.
  // Tracked, so the queue's settle() waits for them as for any job about to be sent.
  const tell = (send: () => Promise<void>) => app.queue.track(send);
  app.events.on('document.signed', ({ userId, documentId, sha256 }) =>
    tell(() => documentSigned(app, userId, documentId, sha256)),
  );
  app.events.on('payout-method.changed', ({ userId, change }) => tell(() => payoutMethodChanged(app, userId, change)));
  app.events.on('payout.paid', ({ item }) => tell(() => payoutPaid(app, item)));
  app.events.on('payout.failed', ({ item, reason }) => tell(() => payoutFailed(app, item, reason)));
  const notifierOf = (method: string, url: string | undefined) => NOTIFIERS[`${method} ${url}`];
  hookRoutes(
    app,
    'onSend',
    (route) => !!notifierOf(route.method, route.url),
    async (request, reply, payload) => {
      const notifier = notifierOf(request.method, request.routeOptions.url);
      if (!notifier || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
      try {
        await notifier(app, JSON.parse(payload));
      } catch (err) {
        // The action itself succeeded; a notification problem must not turn it into an error.
        request.log.error({ err }, 'could not queue the notification e-mail');
      }
      return payload;
    },
  );
}
