import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers/build';
import { annotationTasks } from '../../src/db/schema';
import { seedInterview } from '../assessment/fixtures';

const subjects = (t: TestContext) => {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      return `${/^To: (.*)$/m.exec(raw)?.[1]} | ${/^Subject: (.*)$/m.exec(raw)?.[1]}`;
    });
};

describe('e-mails after provider actions', () => {
  let t: TestContext;
  beforeAll(async () => (t = await buildTestApp()));
  afterAll(async () => t.close());

  it('tasks assigned (one message per candidate and job) and payout sent; failed actions send nothing', async () => {
    const admin = await t.adminToken();
    const post = (url: string, payload: object, token = admin) => t.post(url, token, payload);
    const job = (
      await post('/api/admin/jobs', {
        title: 'Copy Rater',
        description: 'Rate copy.',
        position_type: 'Contract',
        pay_per_hour: 60,
      })
    ).json();
    const ann = await t.signUp('ann.notify@example.test');
    await seedInterview(t.app.db, { candidateId: ann.user.id, jobId: job.id, status: 'under_review' });
    const interview = (await t.get('/api/admin/interviews', admin)).json().items[0];
    expect((await post(`/api/admin/interviews/${interview.id}/decision`, { decision: 'approved' })).statusCode).toBe(
      200,
    );

    const item = (name: string, assignee?: string) => ({
      task_name: name,
      data_to_annotate: { title: name, data_type: 'text', data_content: { text: 'Copy.' } },
      ...(assignee && { assignee_id: assignee }),
    });
    const created = await post(`/api/admin/jobs/${job.id}/tasks`, {
      tasks: [item('A', ann.user.id), item('B', ann.user.id), item('C')],
    });
    expect(created.statusCode).toBe(201);
    const unassigned = created.json().find((x: { task_name: string }) => x.task_name === 'C');
    expect((await post(`/api/admin/tasks/${unassigned.id}/assign`, { user_id: ann.user.id })).statusCode).toBe(200);
    // A refused action (assigning to someone not accepted) sends nothing.
    const bob = await t.signUp('bob.notify@example.test');
    expect(
      (await post(`/api/admin/tasks/${unassigned.id}/assign`, { user_id: bob.user.id })).statusCode,
    ).toBeGreaterThanOrEqual(400);

    // Distribution tells each rater once per job, however many tasks they got (issue 34).
    const cid = await t.signUp('cid.notify@example.test');
    await seedInterview(t.app.db, { candidateId: cid.user.id, jobId: job.id, status: 'under_review' });
    const cidInterview = (await t.get('/api/admin/interviews', admin))
      .json()
      .items.find((i: { candidate_id: string }) => i.candidate_id === cid.user.id);
    await post(`/api/admin/interviews/${cidInterview.id}/decision`, { decision: 'approved' });
    await post(`/api/admin/jobs/${job.id}/tasks`, { tasks: [item('D'), item('E'), item('F'), item('G')] });
    const distributed = (await post(`/api/admin/jobs/${job.id}/tasks/distribute`, {})).json();
    expect(distributed.assigned).toBe(4);
    // Ann holds three open tasks already, so Cid gets the most of them; one e-mail each all the same.
    const emailOf: Record<string, string> = { [ann.user.id]: 'ann', [cid.user.id]: 'cid' };
    const got = (distributed.raters as { user_id: string; assigned: number }[]).map(
      (r) =>
        `${emailOf[r.user_id]}.notify@example.test | You have ${r.assigned === 1 ? 'a new creative task' : `${r.assigned} new creative tasks`} on Copy Rater`,
    );
    expect(got).toHaveLength(new Set(distributed.raters.map((r: { user_id: string }) => r.user_id)).size);

    // Ann works on A for an hour; the admin accepts it and pays out.
    const a = created.json().find((x: { task_name: string }) => x.task_name === 'A');
    expect((await post(`/api/annotations/${a.id}/start`, {}, ann.token)).statusCode).toBe(200);
    await t.app.db
      .update(annotationTasks)
      .set({ startedAt: new Date(Date.now() - 3600_000) })
      .where(eq(annotationTasks.id, a.id));
    expect(
      (await post(`/api/annotations/${a.id}/submit`, { quality_rating: 5, feedback_notes: 'Sharp.' }, ann.token))
        .statusCode,
    ).toBe(200);
    expect((await post(`/api/admin/tasks/${a.id}/review`, { approved: true })).statusCode).toBe(200);
    expect((await post('/api/admin/payouts', {})).json().total).toBe(60);
    // Nothing left: a second payout pays no one and e-mails no one.
    expect((await post('/api/admin/payouts', {})).json().items).toEqual([]);

    await t.app.queue.settle();
    // Delivery order is the queue's; compare as a set.
    expect(subjects(t).sort()).toEqual(
      [
        "ann.notify@example.test | Congratulations! You've been approved for Copy Rater",
        'ann.notify@example.test | You have 2 new creative tasks on Copy Rater',
        'ann.notify@example.test | You have a new creative task on Copy Rater',
        "cid.notify@example.test | Congratulations! You've been approved for Copy Rater",
        ...got,
        'ann.notify@example.test | Payout sent: $60.00',
      ].sort(),
    );
  });
});
