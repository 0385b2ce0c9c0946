/**
 * Issue 32 items 10 and 12: a candidate has one application per job (decision 0169). Starting again
 * after a retake or an invitation reuses it whatever interview id the page sends; two parallel starts
 * make one row; the database refuses a second one; the migration folds earlier duplicates into the
 * application that ran; the candidate is e-mailed a link when a retake is allowed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { readOutbox } from '../helpers/outbox';
import { interviewRetakes, interviews } from '../../src/db/schema';
import { migrationsFolder } from '../../src/db/template';
import { createInterview, createOrResumeInterview } from '../../src/interview/interviews';
import { openApplication } from '../../src/interview/applications';
import { RETAKE_NEWER_APPLICATION } from '../../src/interview/retakes';

let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(async () => t.close());

const db = () => t.database.db;
const rowsOf = (candidateId: string) => db().select().from(interviews).where(eq(interviews.candidateId, candidateId));
const start = (candidateId: string, jobId: string, interviewId = crypto.randomUUID()) =>
  createOrResumeInterview(db(), { interviewId, jobId, candidateId, sessionId: crypto.randomUUID() });

describe('one application per candidate and job', () => {
  it('a retaken candidate starting again under a new id gets their one application back, and an e-mail with its link', async () => {
    const job = await insertJob(db(), { status: 'active', title: 'Cover Artist' });
    const { user } = await t.signUp('retake@example.test');
    const first = await createInterview(db(), { jobId: job.id, candidateId: user.id, status: 'completed' });

    const retake = await t.post(`/api/admin/interviews/${first.id}/retake`, admin, { reason: 'The audio failed' });
    expect(retake.statusCode, retake.body).toBe(200);
    await t.app.queue.settle();
    const mail = readOutbox(t.config.dataDir).filter((m) => m.includes('To: retake@example.test'));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('You can take your interview for Cover Artist again');
    expect(mail[0]).toMatch(new RegExp(`Start your interview: http://\\S+/status\\?interviewId=${first.id}`));

    // The equipment-check address makes a fresh id each time: the server still starts the one application.
    const started = await start(user.id, job.id);
    expect(started).toMatchObject({ id: first.id, status: 'in_progress' });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('an invited candidate (an application not yet started) starting under a new id starts that application', async () => {
    const job = await insertJob(db(), { status: 'active' });
    const { user } = await t.signUp();
    const invited = await createInterview(db(), { jobId: job.id, candidateId: user.id });
    expect((await start(user.id, job.id)).id).toBe(invited.id);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('two parallel starts with different ids make one row', async () => {
    const job = await insertJob(db(), { status: 'active' });
    const { user } = await t.signUp();
    // The later start takes the interview over (decision 0225): both are answered with the same one.
    const [a, b] = await Promise.all([start(user.id, job.id), start(user.id, job.id)]);
    expect(b.id).toBe(a.id);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('the database holds at most one application per candidate and job beside rejected ones', async () => {
    const job = await insertJob(db(), { status: 'active' });
    const { user } = await t.signUp();
    await createInterview(db(), { jobId: job.id, candidateId: user.id, status: 'rejected' });
    await createInterview(db(), { jobId: job.id, candidateId: user.id });
    await expect(createInterview(db(), { jobId: job.id, candidateId: user.id, status: 'completed' })).rejects.toThrow();
    expect(await rowsOf(user.id)).toHaveLength(2);
  });

  it('a rejected application is closed: the newer one beside it is the open one, and the rejected one is not retaken (409)', async () => {
    const job = await insertJob(db(), { status: 'active' });
    const { user } = await t.signUp();
    const rejected = await createInterview(db(), { jobId: job.id, candidateId: user.id, status: 'rejected' });
    expect(await openApplication(db(), user.id, job.id)).toBeNull();
    const newer = await createInterview(db(), { jobId: job.id, candidateId: user.id });
    expect(await openApplication(db(), user.id, job.id)).toEqual({ id: newer.id });
    expect(await openApplication(db(), user.id, job.id, newer.id)).toBeNull();

    const retake = await t.post(`/api/admin/interviews/${rejected.id}/retake`, admin, { reason: 'The audio failed' });
    expect(retake.statusCode).toBe(409);
    expect(retake.json()).toEqual({ detail: RETAKE_NEWER_APPLICATION });
  });

  it('the migration folds earlier duplicates into the application that ran, keeping their retakes', async () => {
    const job = await insertJob(db(), { status: 'active' });
    const { user } = await t.signUp();
    const [adminRow] = await db()
      .execute<{ id: string }>(sql`select id from users where role = 'admin'`)
      .then((r) => ('rows' in r ? (r.rows as { id: string }[]) : (r as unknown as { id: string }[])));
    // The state main left behind: the retaken row (not started) beside the one that ran under a new id.
    await db().execute(sql`drop index interviews_one_per_candidate_job`);
    const retaken = await createInterview(db(), { jobId: job.id, candidateId: user.id });
    await db().insert(interviewRetakes).values({
      interviewId: retaken.id,
      reason: 'Audio failed',
      previousStatus: 'completed',
      allowedBy: adminRow!.id,
    });
    const ran = await createInterview(db(), { jobId: job.id, candidateId: user.id, status: 'under_review' });
    const rejected = await createInterview(db(), { jobId: job.id, candidateId: user.id, status: 'rejected' });

    const file = fs.readdirSync(migrationsFolder).find((f) => f.endsWith('_one_application_per_job.sql'))!;
    for (const statement of fs
      .readFileSync(path.join(migrationsFolder, file), 'utf8')
      .split('--> statement-breakpoint'))
      await db().execute(sql.raw(statement));

    expect((await rowsOf(user.id)).map((r) => r.id).sort()).toEqual([ran.id, rejected.id].sort());
    const kept = await db().select().from(interviewRetakes).where(eq(interviewRetakes.interviewId, ran.id));
    expect(kept).toMatchObject([{ reason: 'Audio failed' }]);
    await expect(createInterview(db(), { jobId: job.id, candidateId: user.id })).rejects.toThrow();
  });
});
