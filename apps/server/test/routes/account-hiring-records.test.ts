/**
 * The records of hiring at volume (issue 47) follow the person: their export has the invitations sent
 * to their address, their satisfaction answers and reported failures; deleting the account removes
 * the invitations that name them by address, and keeps only the unsubscribe (an address, nothing else).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob } from '../helpers/work-fixtures';
import { createInterview } from '../../src/interview/interviews';
import { emailUnsubscribes, interviewSatisfaction, invitations } from '../../src/db/schema-hiring';

let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

it('exports the invitations to the address, satisfaction and failures, and deletes the invitations with the account', async () => {
  const job = await postJob(t, admin, { title: 'Campaign Rater' });
  const email = `ada-${crypto.randomUUID().slice(0, 6)}@hiring.test`;
  const created = await t.post(`/api/admin/jobs/${job.id}/invitations`, admin, {
    invitees: [{ email: email.toUpperCase(), name: 'Ada' }, { email: 'someone-else@hiring.test' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const person = await t.signUp(email);
  const interview = await createInterview(t.database.db, {
    jobId: job.id,
    candidateId: person.user.id,
    status: 'completed',
    completedAt: new Date(),
  });
  await t.database.db
    .insert(interviewSatisfaction)
    .values({ interviewId: interview.id, userId: person.user.id, score: 4, comment: 'Clear questions.' });
  await t.database.db.insert(emailUnsubscribes).values({ email });

  const exported = await t.get('/api/account/export', person.token);
  expect(exported.statusCode).toBe(200);
  const { hiring } = exported.json();
  expect(hiring.invitations).toHaveLength(1);
  expect(hiring.invitations[0]).toMatchObject({ job_id: job.id, job_title: 'Campaign Rater', name: 'Ada' });
  expect(hiring.satisfaction).toEqual([
    expect.objectContaining({ interview_id: interview.id, practice: false, score: 4, comment: 'Clear questions.' }),
  ]);
  expect(hiring.unsubscribed_at).not.toBeNull();

  const deleted = await t.delete('/api/account', person.token, { password: 'secret123' });
  expect(deleted.statusCode, deleted.body).toBe(204);
  const left = await t.database.db
    .select({ email: invitations.email })
    .from(invitations)
    .where(sql`${invitations.jobId} = ${job.id}`);
  // The other person's invitation stays; the deleted person's is gone.
  expect(left.map((r) => r.email)).toEqual(['someone-else@hiring.test']);
});
