import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { jobCreateSchema } from '@app/shared';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { countJobs, createJob } from './jobs';
import { jobsChanged } from './job-cache';

/** A sample job: the job form's fields, and how many hours ago it was posted. */
const sampleJobSchema = jobCreateSchema.extend({ posted_hours_ago: z.number() });

/**
 * Realistic sample jobs so a fresh install has something to browse, posted over the last weeks so
 * the listing shows a range of "posted" texts. They are data: sample-jobs.json, next to this module
 * (the server build copies it into dist/).
 */
export const SAMPLE_JOBS = z
  .array(sampleJobSchema)
  .parse(JSON.parse(fs.readFileSync(new URL('./sample-jobs.json', import.meta.url), 'utf8')));

/** Seeds the sample jobs into an empty jobs table; does nothing when any job exists. */
export async function seedSampleJobs(db: Db): Promise<number> {
  if ((await countJobs(db)) > 0) return 0;
  const now = Date.now();
  for (const { posted_hours_ago, ...job } of SAMPLE_JOBS) {
    const created = await createJob(db, job, null);
    await db
      .update(jobs)
      .set({ createdAt: new Date(now - posted_hours_ago * 3600_000) })
      .where(eq(jobs.id, created.id));
  }
  jobsChanged();
  return SAMPLE_JOBS.length;
}
