/** GET /api/jobs/{id}/ai-notice: what the AI does in this job's interview, before it starts (issue 35 item 1). */
import { eq } from 'drizzle-orm';
import {
  AI_ASSESSMENT_NOTICE,
  AI_NOTICE_INTEGRITY_SIGNALS,
  BIAS_AUDIT_PAGE,
  RUBRIC_CRITERIA,
  type AiNotice,
} from '@app/shared';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { notFound } from '../http/http-errors';

export const ALTERNATIVE_INSTRUCTIONS =
  'Before you start, choose "Ask for a human-only review" below the notice (or send POST ' +
  '/api/jobs/{id}/alternative-assessment with a short reason). You may still take the interview; no AI ' +
  'scores it and a person assesses it from the transcript and recording.';

export async function aiNotice(db: Db, jobId: string, retentionDays: number): Promise<AiNotice> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) throw notFound('Job not found');
  return {
    version: AI_ASSESSMENT_NOTICE.version,
    text: AI_ASSESSMENT_NOTICE.text,
    criteria: RUBRIC_CRITERIA.map((c) => ({ name: c.label, description: c.description })),
    human_review: true,
    retention_days: retentionDays,
    alternative_available: true,
    integrity_signals: [...AI_NOTICE_INTEGRITY_SIGNALS],
    alternative_instructions: ALTERNATIVE_INSTRUCTIONS,
    bias_audit_url: BIAS_AUDIT_PAGE,
  };
}
