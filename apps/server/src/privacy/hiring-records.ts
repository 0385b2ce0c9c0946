/**
 * A person's records of hiring at volume (issue 47) in their export, and the ones that name them by
 * address removed with their account. Invitations and unsubscribes are kept by e-mail address, not
 * by account (a person may be invited before they have one), so an account's invitations are those
 * it took and those sent to its address. Read straight from the tables: privacy stands before the
 * campaigns domain, and these are plain reads and deletes.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Executor } from '../db/types';
import { jobs } from '../db/schema';
import {
  emailUnsubscribes,
  interviewSatisfaction,
  interviewTechnicalFailures,
  invitations,
  practiceSatisfaction,
} from '../db/schema-hiring';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const ofPerson = (userId: string, email: string) =>
  or(eq(invitations.userId, userId), sql`lower(${invitations.email}) = lower(${email})`);

export async function exportHiringRecords(db: Db, userId: string, email: string) {
  const invited = await db
    .select({ row: invitations, jobTitle: jobs.title })
    .from(invitations)
    .leftJoin(jobs, eq(jobs.id, invitations.jobId))
    .where(ofPerson(userId, email));
  const satisfaction = await db.select().from(interviewSatisfaction).where(eq(interviewSatisfaction.userId, userId));
  const practice = await db.select().from(practiceSatisfaction).where(eq(practiceSatisfaction.userId, userId));
  const failures = await db
    .select()
    .from(interviewTechnicalFailures)
    .where(eq(interviewTechnicalFailures.userId, userId));
  const [unsubscribed] = await db
    .select()
    .from(emailUnsubscribes)
    .where(sql`lower(${emailUnsubscribes.email}) = lower(${email})`);
  return {
    invitations: invited.map(({ row, jobTitle }) => ({
      id: row.id,
      job_id: row.jobId,
      job_title: jobTitle,
      email: row.email,
      name: row.name,
      deadline: iso(row.deadline),
      opened_at: iso(row.openedAt),
      signed_up_at: iso(row.signedUpAt),
      extension_requested_at: iso(row.extensionRequestedAt),
      extension_granted_at: iso(row.extensionGrantedAt),
      expired_at: iso(row.expiredAt),
      created_at: row.createdAt.toISOString(),
    })),
    unsubscribed_at: iso(unsubscribed?.createdAt ?? null),
    satisfaction: [
      ...satisfaction.map((s) => ({
        interview_id: s.interviewId as string | null,
        practice: false,
        score: s.score,
        comment: s.comment,
        created_at: s.createdAt.toISOString(),
      })),
      ...practice.map((s) => ({
        interview_id: null,
        practice: true,
        score: s.score,
        comment: s.comment,
        created_at: s.createdAt.toISOString(),
      })),
    ],
    technical_failures: failures.map((f) => ({
      job_id: f.jobId,
      kind: f.kind,
      occurrences: f.occurrences,
      first_at: f.firstAt.toISOString(),
      last_at: f.lastAt.toISOString(),
    })),
  };
}

/**
 * With the account go the invitations it took or that were sent to its address (their reminders with
 * them). The unsubscribe stays: it is kept per address so that no later campaign mails the person, and
 * it holds nothing but the address.
 */
export async function deleteHiringRecords(tx: Executor, userId: string, email: string) {
  await tx.delete(invitations).where(ofPerson(userId, email));
}
