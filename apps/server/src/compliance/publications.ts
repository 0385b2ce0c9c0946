/** Publishing the bias audit (issue 35 item 5): a stored snapshot of the aggregates, listed publicly. */
import { desc, eq } from 'drizzle-orm';
import type { PublishedBiasAudit } from '@app/shared';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { biasAuditPublications } from '../db/schema-ai-hiring';
import { conflict, notFound, unprocessable } from '../http/http-errors';
import { buildReport, countsOfLegacyReport, floorReason, type AuditRule } from './audit-report';
import { computeBiasAudit } from './bias-audit';
import { appendDecisionLog } from './decision-log';

type Row = typeof biasAuditPublications.$inferSelect;

/**
 * A summary published before decision 0222 stored every group's count and rate: it is shown under the rule
 * (its counts taken back from the stored rates), as one published under it would have been.
 */
function shownReport(report: Row['report'], rule: AuditRule): Row['report'] {
  if (report.suppression) return report;
  return buildReport(countsOfLegacyReport(report), rule, floorReason(report.sample_size, rule));
}

/** The public shape: the aggregates only (the report never holds a person). */
const toPublic = (stored: Row, rule: AuditRule): PublishedBiasAudit => {
  const row = { ...stored, report: shownReport(stored.report, rule) };
  return {
    id: row.id,
    job_id: row.jobId,
    job_title: row.jobTitle,
    auditor: row.auditor,
    audit_date: row.auditDate,
    distribution_date: row.distributionDate,
    published_at: row.publishedAt.toISOString(),
    sample_size: row.report.sample_size,
    unknown_count: row.report.unknown_count,
    median_score: row.report.median_score,
    scoring: row.report.scoring,
    selection: row.report.selection,
    notes: row.report.notes,
    suppression: row.report.suppression,
  };
};

export async function publishBiasAudit(
  db: Db,
  adminId: string,
  input: { job_id?: string; auditor: string; audit_date: string },
  rule: AuditRule,
  now = new Date(),
): Promise<PublishedBiasAudit> {
  if (input.audit_date > now.toISOString().slice(0, 10)) throw unprocessable('audit_date cannot be in the future');
  let jobTitle: string | null = null;
  if (input.job_id) {
    const [job] = await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, input.job_id)).limit(1);
    if (!job) throw notFound('Job not found');
    jobTitle = job.title;
  }
  const { audit, firstUse, withheld } = await computeBiasAudit(db, { job_id: input.job_id }, rule, now);
  // Nothing is published that could single someone out, or that would be empty (issue 43 items 10, 17).
  const scope = input.job_id ? 'this job has' : 'all jobs have';
  if (withheld?.kind === 'floor')
    throw conflict(
      `An audit is published only for at least ${rule.minSample} AI-scored ${rule.minSample === 1 ? 'person' : 'people'}; ${scope} ${audit.sample_size}.`,
    );
  if (withheld?.kind === 'near')
    throw conflict(
      `This job's audit and the audit of ${withheld.broader} differ by only ${withheld.people} ` +
        `${withheld.people === 1 ? 'person' : 'people'}, who could be singled out by comparing the two; publish the audit of all jobs instead.`,
    );
  // The snapshot and its log entry go together: a publication is one of the records kept 3 years (decision 0198).
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(biasAuditPublications)
      .values({
        jobId: input.job_id ?? null,
        jobTitle,
        auditor: input.auditor,
        auditDate: input.audit_date,
        distributionDate: firstUse ? firstUse.toISOString().slice(0, 10) : null,
        report: audit,
        publishedBy: adminId,
        publishedAt: now,
      })
      .returning();
    await appendDecisionLog(tx, {
      kind: 'audit_published',
      jobId: input.job_id ?? null,
      actorId: adminId,
      details: { publication_id: inserted!.id, auditor: input.auditor, audit_date: input.audit_date },
    });
    return inserted!;
  });
  return toPublic(row, rule);
}

export async function listPublishedAudits(db: Db, rule: AuditRule): Promise<PublishedBiasAudit[]> {
  const rows = await db
    .select()
    .from(biasAuditPublications)
    .orderBy(desc(biasAuditPublications.publishedAt))
    .limit(200);
  return rows.map((r) => toPublic(r, rule));
}
