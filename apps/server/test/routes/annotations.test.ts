import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import {
  acceptedCandidate,
  createTasks,
  postJob,
  sampleTask,
  workedSeconds,
  workOnTask,
  type Candidate,
} from '../helpers/work-fixtures';
import { annotationTasks, earnings } from '../../src/db/schema';

let t: TestContext;
let admin: string;
let job: Awaited<ReturnType<typeof postJob>>;
let alice: Candidate;
let bob: Candidate;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
  job = await postJob(t, admin, { title: 'Poster Critic', pay_per_hour: 36 });
  alice = (await acceptedCandidate(t, admin, job.id)).candidate;
  bob = (await acceptedCandidate(t, admin, job.id)).candidate;
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.get(url, token);
const start = (token: string, id: string) => t.post(`/api/annotations/${id}/start`, token);
const submit = (token: string, id: string, payload: unknown) =>
  t.post(`/api/annotations/${id}/submit`, token, payload as object);
const goodFeedback = { quality_rating: 4, feedback_notes: 'Clear hierarchy; the date is hard to read.' };

async function taskFor(candidate: Candidate, overrides: Record<string, unknown> = {}, jobId = job.id) {
  const [task] = await createTasks(t, admin, jobId, [sampleTask({ assignee_id: candidate.user.id, ...overrides })]);
  return task!;
}
const earningsOf = (taskId: string) => t.database.db.select().from(earnings).where(eq(earnings.taskId, taskId));

describe('GET /api/annotations/user/{userId}', () => {
  it('lists the caller’s own tasks with job title and status, newest first', async () => {
    const older = await taskFor(alice, { task_name: 'First' });
    const newer = await taskFor(alice, {
      task_name: 'Second',
      data_to_annotate: { title: 'Notes', data_type: 'text', data_content: { text: 'Hello' } },
    });
    await taskFor(bob, { task_name: 'Bob only' });

    const res = await get(alice.token, `/api/annotations/user/${alice.user.id}`);
    expect(res.statusCode).toBe(200);
    const tasks = res.json();
    expect(tasks.map((x: { id: string }) => x.id).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(tasks.every((x: { assignee_id: string }) => x.assignee_id === alice.user.id)).toBe(true);
    expect(tasks[0]).toEqual({
      id: newer.id,
      job_id: job.id,
      job_title: 'Poster Critic',
      job_status: 'active',
      assignee_id: alice.user.id,
      status: 'assigned',
      task_name: 'Second',
      task_description: 'A concert poster for a jazz night.',
      instructions: 'Rate composition and legibility; note what would improve it.',
      data_to_annotate: { title: 'Notes', data_type: 'text', data_content: { text: 'Hello' } },
      quality_rating: null,
      feedback_notes: null,
      created_at: expect.any(String),
      started_at: null,
      submitted_at: null,
    });
  });

  it('refuses another user’s list (403); an admin may read any; no token is 401', async () => {
    const res = await get(bob.token, `/api/annotations/user/${alice.user.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You can only view your own data' });
    const asAdmin = await get(admin, `/api/annotations/user/${alice.user.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().length).toBeGreaterThan(0);
    const anon = await t.get(`/api/annotations/user/${alice.user.id}`);
    expect(anon.statusCode).toBe(401);
  });

  it('is empty for a user with no tasks', async () => {
    const newcomer = await t.signUp();
    expect((await get(newcomer.token, `/api/annotations/user/${newcomer.user.id}`)).json()).toEqual([]);
  });
});

describe('GET /api/annotations/{taskId}', () => {
  it('returns the task with its data to the assignee and an admin, 404 to anyone else', async () => {
    const task = await taskFor(alice);
    const own = await get(alice.token, `/api/annotations/${task.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: task.id,
      job_id: job.id,
      job_status: 'active',
      data_to_annotate: sampleTask().data_to_annotate,
    });
    expect((await get(admin, `/api/annotations/${task.id}`)).statusCode).toBe(200);
    const other = await get(bob.token, `/api/annotations/${task.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Task not found' });
    expect((await get(alice.token, `/api/annotations/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get(alice.token, '/api/annotations/not-a-uuid')).statusCode).toBe(422);
  });
});

describe('POST /api/annotations/{taskId}/start', () => {
  it('moves assigned to in_progress and is idempotent afterwards', async () => {
    const task = await taskFor(alice);
    const res = await start(alice.token, task.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_progress', started_at: expect.any(String) });
    const again = await start(alice.token, task.id);
    expect(again.statusCode).toBe(200);
    // The clock is not restarted.
    expect(again.json().started_at).toBe(res.json().started_at);
  });

  it('refuses someone else’s task with 404 and leaves it assigned', async () => {
    const task = await taskFor(alice);
    expect((await start(bob.token, task.id)).statusCode).toBe(404);
    expect((await get(alice.token, `/api/annotations/${task.id}`)).json().status).toBe('assigned');
  });

  it.each([
    ['pending', 'This task is not yet available. Tasks can only be started when the project enters the active phase.'],
    ['completed', 'This project has ended.'],
    ['archived', 'This project has been archived.'],
  ])('refuses with 400 while the job is %s', async (status, detail) => {
    const other = await postJob(t, admin, { title: `Job that becomes ${status}` });
    const { candidate } = await acceptedCandidate(t, admin, other.id);
    const task = await taskFor(candidate, {}, other.id);
    await t.patch(`/api/admin/jobs/${other.id}`, admin, { status });
    const res = await start(candidate.token, task.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    const after = (await get(candidate.token, `/api/annotations/${task.id}`)).json();
    expect(after).toMatchObject({ status: 'assigned', job_status: status, started_at: null });
  });

  it('refuses to restart a submitted task (409)', async () => {
    const task = await taskFor(alice);
    await start(alice.token, task.id);
    await submit(alice.token, task.id, goodFeedback);
    const res = await start(alice.token, task.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'This task has already been submitted.' });
  });
});

describe('POST /api/annotations/{taskId}/submit', () => {
  it('completes an in-progress task, stores rating and trimmed notes, and records a pending earning', async () => {
    const task = await taskFor(alice);
    const review = { quality_rating: 5, feedback_notes: '  Striking colours.  ' };
    const res = await workOnTask(t, alice.token, task.id, review, 30 * 60);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'completed',
      quality_rating: 5,
      feedback_notes: 'Striking colours.',
      submitted_at: expect.any(String),
    });
    const seconds = workedSeconds(body);
    expect(seconds).toBeGreaterThanOrEqual(30 * 60);
    const [earning] = await earningsOf(task.id);
    // $36.00/hour for the measured time, rounded half up to the cent.
    expect(earning).toMatchObject({
      userId: alice.user.id,
      jobId: job.id,
      status: 'pending',
      secondsBilled: seconds,
      amountCents: Math.floor((seconds * 3600 + 1800) / 3600),
    });
  });

  it('refuses a second submit with 409 and changes nothing', async () => {
    const task = await taskFor(alice);
    await start(alice.token, task.id);
    const first = await submit(alice.token, task.id, goodFeedback);
    expect(first.statusCode).toBe(200);
    const second = await submit(alice.token, task.id, { quality_rating: 1, feedback_notes: 'Changed my mind' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: 'This task has already been submitted.' });
    const now = (await get(alice.token, `/api/annotations/${task.id}`)).json();
    expect(now).toMatchObject({ quality_rating: 4, feedback_notes: goodFeedback.feedback_notes });
    expect(now.submitted_at).toBe(first.json().submitted_at);
    expect(await earningsOf(task.id)).toHaveLength(1);
  });

  it('pays only once when two submits race', async () => {
    const task = await taskFor(alice);
    await start(alice.token, task.id);
    const results = await Promise.all([
      submit(alice.token, task.id, goodFeedback),
      submit(alice.token, task.id, goodFeedback),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await earningsOf(task.id)).toHaveLength(1);
  });

  it('refuses a task that was not started (409), and someone else’s task (404)', async () => {
    const task = await taskFor(alice);
    const early = await submit(alice.token, task.id, goodFeedback);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'Start the task before submitting feedback.' });
    await start(alice.token, task.id);
    expect((await submit(bob.token, task.id, goodFeedback)).statusCode).toBe(404);
    expect((await submit(admin, task.id, goodFeedback)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(annotationTasks).where(eq(annotationTasks.id, task.id));
    expect(row!.status).toBe('in_progress');
    expect(await earningsOf(task.id)).toHaveLength(0);
  });

  it.each([
    ['a zero rating', { quality_rating: 0, feedback_notes: 'ok' }, 'quality_rating', 'Please provide a quality rating'],
    [
      'a rating above 5',
      { quality_rating: 6, feedback_notes: 'ok' },
      'quality_rating',
      'Rating must be between 1 and 5',
    ],
    [
      'a fractional rating',
      { quality_rating: 3.5, feedback_notes: 'ok' },
      'quality_rating',
      'Rating must be a whole number',
    ],
    ['a missing rating', { feedback_notes: 'ok' }, 'quality_rating', 'Please provide a quality rating'],
    ['blank notes', { quality_rating: 3, feedback_notes: '   ' }, 'feedback_notes', 'Please provide feedback notes'],
    ['missing notes', { quality_rating: 3 }, 'feedback_notes', 'Please provide feedback notes'],
    [
      'notes over 1000 characters',
      { quality_rating: 3, feedback_notes: 'x'.repeat(1001) },
      'feedback_notes',
      'Feedback must be at most 1000 characters',
    ],
  ])('rejects %s with 422 and leaves the task in progress', async (_what, payload, field, msg) => {
    const task = await taskFor(alice);
    await start(alice.token, task.id);
    const res = await submit(alice.token, task.id, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg }));
    expect((await get(alice.token, `/api/annotations/${task.id}`)).json().status).toBe('in_progress');
  });

  it('accepts exactly 1000 characters of notes', async () => {
    const task = await taskFor(alice);
    await start(alice.token, task.id);
    const res = await submit(alice.token, task.id, { quality_rating: 1, feedback_notes: 'y'.repeat(1000) });
    expect(res.statusCode).toBe(200);
  });
});
