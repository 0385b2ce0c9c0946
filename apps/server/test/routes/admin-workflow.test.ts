/**
 * The whole paid-work journey through the API: a job is posted, the candidate interviews, the
 * provider approves, adds a task, the candidate works it, the provider accepts it and pays out.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/build';
import { backdateStart, postJob, workedSeconds } from '../helpers/work-fixtures';
import { createOrResumeInterview } from '../../src/interview/interviews';
import { appendTurn } from '../../src/interview/store';

let t: TestContext;
beforeAll(async () => (t = await buildTestApp()));
afterAll(() => t.close());

it('walks job → interview → decision → task → start → submit → review → payout → paid', async () => {
  const admin = await t.adminToken();
  const job = await postJob(t, admin, { title: 'Short Film Reviewer', pay_per_hour: 42 });
  const cand = await t.signUp();
  const intruder = await t.signUp();

  // The live interview starts (through the service the socket uses) and the candidate completes it.
  const started = await createOrResumeInterview(t.database.db, {
    interviewId: crypto.randomUUID(),
    jobId: job.id,
    candidateId: cand.user.id,
    sessionId: 'live-session',
  });
  expect(started.status).toBe('in_progress');
  // The candidate answers (a live interview ended without an answer is not sent to review; decision 0149).
  const now = new Date();
  await appendTurn(t.database.db, started.id, {
    seq: 1,
    speaker: 'user',
    text: 'I edit short films.',
    startedAt: now,
    endedAt: now,
    offsetSeconds: 2,
  });
  const done = await t.post(`/api/interviews/${started.id}/complete`, cand.token);
  expect(done.json().status).toBe('completed');

  // Until the provider approves, the candidate cannot be given tasks.
  const tooEarly = await t.post(`/api/admin/jobs/${job.id}/tasks`, admin, {
    tasks: [{ task_name: 'x', data_to_annotate: { data_type: 'text' }, assignee_id: cand.user.id }],
  });
  expect(tooEarly.statusCode).toBe(422);

  const decision = await t.post(`/api/admin/interviews/${started.id}/decision`, admin, {
    decision: 'approved',
    note: 'Great eye for pacing',
  });
  expect(decision.statusCode).toBe(200);
  expect(decision.json()).toMatchObject({ status: 'approved', acceptance_status: 'accepted' });

  const created = await t.post(`/api/admin/jobs/${job.id}/tasks`, admin, {
    tasks: [
      {
        task_name: 'Rate the opening scene',
        task_description: 'A 90-second opening of a short film.',
        instructions: 'Rate the pacing and the sound design.',
        data_to_annotate: {
          title: 'Opening scene',
          data_type: 'video',
          data_url: '/api/files/3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b',
        },
        assignee_id: cand.user.id,
      },
    ],
  });
  expect(created.statusCode).toBe(201);
  const taskId = created.json()[0].id as string;

  // The candidate sees the accepted interview and the task; the intruder sees none of it.
  const interviews = await t.get('/api/interviews', cand.token);
  expect(interviews.json()).toEqual([expect.objectContaining({ id: started.id, acceptance_status: 'accepted' })]);
  const tasks = await t.get(`/api/annotations/user/${cand.user.id}`, cand.token);
  expect(tasks.json()).toEqual([expect.objectContaining({ id: taskId, status: 'assigned', job_status: 'active' })]);
  expect((await t.get('/api/interviews', intruder.token)).json()).toEqual([]);
  expect((await t.get(`/api/interviews?candidate_id=${cand.user.id}`, intruder.token)).json()).toEqual([]);
  expect((await t.get(`/api/annotations/${taskId}`, intruder.token)).statusCode).toBe(404);

  const start = await t.post(`/api/annotations/${taskId}/start`, cand.token);
  expect(start.json().status).toBe('in_progress');
  await backdateStart(t, taskId, 20 * 60); // twenty minutes of work
  const submit = await t.post(`/api/annotations/${taskId}/submit`, cand.token, {
    quality_rating: 5,
    feedback_notes: 'Tight cuts, clear sound.',
  });
  expect(submit.statusCode).toBe(200);
  const seconds = workedSeconds(submit.json());
  const amount = Math.floor((seconds * 4200 + 1800) / 3600) / 100; // about $14.00

  const summary = () => t.get(`/api/earnings/user/${cand.user.id}/summary`, cand.token);
  const txns = () => t.get(`/api/earnings/user/${cand.user.id}/transactions`, cand.token);
  expect((await summary()).json()).toEqual({
    total_earnings: 0,
    pending_payout: amount,
    requested_payout: 0,
    available_balance: 0,
  });
  expect((await txns()).json()).toEqual([
    expect.objectContaining({
      amount,
      task_name: 'Rate the opening scene',
      job_title: 'Short Film Reviewer',
      status: 'pending',
    }),
  ]);
  expect((await t.get(`/api/earnings/user/${cand.user.id}/summary`, intruder.token)).statusCode).toBe(403);

  const reviewed = await t.post(`/api/admin/tasks/${taskId}/review`, admin, { approved: true });
  expect(reviewed.json().status).toBe('reviewed');
  expect((await summary()).json()).toEqual({
    total_earnings: amount,
    pending_payout: 0,
    requested_payout: 0,
    available_balance: amount,
  });
  expect((await txns()).json()[0].status).toBe('available');

  const paid = await t.post('/api/admin/payouts', admin);
  expect(paid.json()).toMatchObject({
    total: amount,
    items: [{ user_id: cand.user.id, email: cand.user.email, amount, transactions: [expect.any(String)] }],
  });
  expect((await summary()).json()).toEqual({
    total_earnings: amount,
    pending_payout: 0,
    requested_payout: 0,
    available_balance: 0,
  });
  expect((await txns()).json()[0].status).toBe('paid');

  // The finished task shows as such and cannot be submitted again.
  const again = await t.post(`/api/annotations/${taskId}/submit`, cand.token, {
    quality_rating: 1,
    feedback_notes: 'again',
  });
  expect(again.statusCode).toBe(409);
  const final = await t.get(`/api/annotations/${taskId}`, cand.token);
  expect(final.json()).toMatchObject({ status: 'reviewed', quality_rating: 5 });
});
