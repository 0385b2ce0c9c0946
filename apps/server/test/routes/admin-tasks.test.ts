import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import {
  acceptedCandidate,
  createTasks,
  postJob,
  sampleTask,
  type Candidate,
  workOnTask,
} from '../helpers/work-fixtures';
import { annotationTasks, earnings } from '../../src/db/schema';
import { createInterview } from '../../src/interview/interviews';

let t: TestContext;
let admin: string;
let adminId: string;
let jobId: string;
let accepted: Candidate;

beforeAll(async () => {
  ({ t, admin, adminId } = await buildTestAppWithAdmin());
  jobId = (await postJob(t, admin, { title: 'Voice-over Reviewer' })).id;
  accepted = (await acceptedCandidate(t, admin, jobId)).candidate;
});
afterAll(() => t.close());

const post = (token: string | null, url: string, payload: unknown) => t.post(url, token, payload as object);
const taskRow = async (id: string) =>
  (await t.database.db.select().from(annotationTasks).where(eq(annotationTasks.id, id)))[0]!;

describe('POST /api/admin/jobs/{id}/tasks', () => {
  it('creates assigned tasks for an accepted candidate and pending ones without an assignee', async () => {
    const res = await post(admin, `/api/admin/jobs/${jobId}/tasks`, {
      tasks: [
        sampleTask({ task_name: 'Assigned one', assignee_id: accepted.user.id }),
        {
          task_name: 'Transcript review',
          data_to_annotate: {
            title: 'Interview excerpt',
            transcript: [
              { speaker: 'host', text: 'Tell me about the piece.' },
              { speaker: 'artist', text: 'It started as a sketch.' },
            ],
          },
        },
        {
          task_name: 'External video',
          data_to_annotate: { data_type: 'video', data_url: 'https://cdn.example.test/clip.mp4' },
        },
      ],
    });
    expect(res.statusCode).toBe(201);
    const [one, two, three] = res.json();
    expect(one).toMatchObject({
      task_name: 'Assigned one',
      status: 'assigned',
      assignee_id: accepted.user.id,
      assignee_email: accepted.user.email,
      job_id: jobId,
      job_title: 'Voice-over Reviewer',
      review_approved: null,
    });
    expect(two).toMatchObject({
      task_name: 'Transcript review',
      status: 'pending',
      assignee_id: null,
      task_description: '',
      instructions: '',
    });
    expect(two.data_to_annotate.transcript).toHaveLength(2);
    expect(three.data_to_annotate).toEqual({ data_type: 'video', data_url: 'https://cdn.example.test/clip.mp4' });

    // The assignee sees the assigned task, not the pending ones.
    const mine = await t.get(`/api/annotations/user/${accepted.user.id}`, accepted.token);
    expect(mine.json().map((x: { id: string }) => x.id)).toContain(one.id);
    expect(mine.json().map((x: { id: string }) => x.id)).not.toContain(two.id);
  });

  it('is for admins only', async () => {
    expect((await post(null, `/api/admin/jobs/${jobId}/tasks`, { tasks: [sampleTask()] })).statusCode).toBe(401);
    expect((await post(accepted.token, `/api/admin/jobs/${jobId}/tasks`, { tasks: [sampleTask()] })).statusCode).toBe(
      403,
    );
  });

  it.each([
    ['a candidate without an interview', async () => (await t.signUp()).user.id],
    [
      'a candidate whose interview is only completed',
      async () => {
        const c = await t.signUp();
        await createInterview(t.database.db, { jobId, candidateId: c.user.id, status: 'completed' });
        return c.user.id;
      },
    ],
    [
      'a candidate accepted for a different job',
      async () => {
        const other = await postJob(t, admin, { title: 'Other job' });
        return (await acceptedCandidate(t, admin, other.id)).candidate.user.id;
      },
    ],
    ['the admin', async () => adminId],
    ['an unknown user', async () => crypto.randomUUID()],
  ])('refuses %s as assignee with 422 and creates nothing', async (_what, assignee) => {
    const before = await t.database.db.select().from(annotationTasks);
    const res = await post(admin, `/api/admin/jobs/${jobId}/tasks`, {
      tasks: [sampleTask(), sampleTask({ assignee_id: await assignee() })],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: 'The assignee must be a candidate with an accepted interview for this job.',
    });
    expect(await t.database.db.select().from(annotationTasks)).toHaveLength(before.length);
  });

  it('validates the task list and the data item', async () => {
    const empty = await post(admin, `/api/admin/jobs/${jobId}/tasks`, { tasks: [] });
    expect(empty.statusCode).toBe(422);
    const bad = await post(admin, `/api/admin/jobs/${jobId}/tasks`, {
      tasks: [
        {
          task_name: ' ',
          data_to_annotate: { data_type: 'hologram', data_url: 'javascript:alert(1)' },
        },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const locs = bad.json().detail.map((d: { loc: unknown[] }) => d.loc.join('.'));
    expect(locs).toEqual(
      expect.arrayContaining([
        'body.tasks.0.task_name',
        'body.tasks.0.data_to_annotate.data_type',
        'body.tasks.0.data_to_annotate.data_url',
      ]),
    );
  });

  it('answers 404 for an unknown job and 409 for a job that has ended', async () => {
    expect(
      (await post(admin, `/api/admin/jobs/${crypto.randomUUID()}/tasks`, { tasks: [sampleTask()] })).statusCode,
    ).toBe(404);
    const ended = await postJob(t, admin, { title: 'Ended job', status: 'archived' });
    const res = await post(admin, `/api/admin/jobs/${ended.id}/tasks`, { tasks: [sampleTask()] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Tasks cannot be added to this job: it is archived.' });
  });
});

describe('POST /api/admin/tasks/{id}/assign', () => {
  it('assigns a pending task, and reassigns an assigned one', async () => {
    const [task] = await createTasks(t, admin, jobId, [sampleTask()]);
    const res = await post(admin, `/api/admin/tasks/${task!.id}/assign`, { user_id: accepted.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'assigned', assignee_id: accepted.user.id });

    const second = (await acceptedCandidate(t, admin, jobId)).candidate;
    const again = await post(admin, `/api/admin/tasks/${task!.id}/assign`, { user_id: second.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().assignee_id).toBe(second.user.id);
  });

  it('refuses an assignee who is not accepted for the job (422)', async () => {
    const [task] = await createTasks(t, admin, jobId, [sampleTask()]);
    const stranger = await t.signUp();
    const res = await post(admin, `/api/admin/tasks/${task!.id}/assign`, { user_id: stranger.user.id });
    expect(res.statusCode).toBe(422);
    expect((await taskRow(task!.id)).assigneeId).toBeNull();
  });

  it('refuses a task that was started (409), an unknown task (404) and non-admins', async () => {
    const [task] = await createTasks(t, admin, jobId, [sampleTask({ assignee_id: accepted.user.id })]);
    await t.post(`/api/annotations/${task!.id}/start`, accepted.token);
    const res = await post(admin, `/api/admin/tasks/${task!.id}/assign`, { user_id: accepted.user.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Only a pending or assigned task can be assigned; this one is in progress.' });
    expect(
      (await post(admin, `/api/admin/tasks/${crypto.randomUUID()}/assign`, { user_id: accepted.user.id })).statusCode,
    ).toBe(404);
    expect(
      (await post(accepted.token, `/api/admin/tasks/${task!.id}/assign`, { user_id: accepted.user.id })).statusCode,
    ).toBe(403);
    expect((await post(admin, `/api/admin/tasks/${task!.id}/assign`, { user_id: 'x' })).statusCode).toBe(422);
  });
});

describe('POST /api/admin/tasks/assign (several at once)', () => {
  it('assigns every task of the list in one request, in the order given', async () => {
    const tasks = await createTasks(t, admin, jobId, [sampleTask(), sampleTask(), sampleTask()]);
    const second = (await acceptedCandidate(t, admin, jobId)).candidate;
    const owners = [accepted, second, accepted];
    const res = await post(admin, '/api/admin/tasks/assign', {
      assignments: tasks.map((task, i) => ({ task_id: task.id, user_id: owners[i]!.user.id })),
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().map((x: { id: string; assignee_id: string; status: string }) => [x.id, x.assignee_id, x.status]),
    ).toEqual(tasks.map((task, i) => [task.id, owners[i]!.user.id, 'assigned']));
  });

  it('assigns nothing when one assignment fails, and names it', async () => {
    const tasks = await createTasks(t, admin, jobId, [sampleTask(), sampleTask()]);
    const stranger = await t.signUp();
    const res = await post(admin, '/api/admin/tasks/assign', {
      assignments: [
        { task_id: tasks[0]!.id, user_id: accepted.user.id },
        { task_id: tasks[1]!.id, user_id: stranger.user.id },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: 'Assignment 2: The assignee must be a candidate with an accepted interview for this job.',
    });
    for (const task of tasks) expect((await taskRow(task.id)).assigneeId).toBeNull();
  });

  it('refuses an empty list, a task listed twice and non-admins', async () => {
    const [task] = await createTasks(t, admin, jobId, [sampleTask()]);
    expect((await post(admin, '/api/admin/tasks/assign', { assignments: [] })).statusCode).toBe(422);
    const twice = { task_id: task!.id, user_id: accepted.user.id };
    const dup = await post(admin, '/api/admin/tasks/assign', { assignments: [twice, twice] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().detail[0].msg).toBe('Each task may appear only once');
    expect((await post(accepted.token, '/api/admin/tasks/assign', { assignments: [twice] })).statusCode).toBe(403);
    expect((await taskRow(task!.id)).assigneeId).toBeNull();
  });
});

describe('POST /api/admin/tasks/{id}/review', () => {
  async function submittedTask() {
    const [task] = await createTasks(t, admin, jobId, [sampleTask({ assignee_id: accepted.user.id })]);
    const res = await workOnTask(t, accepted.token, task!.id, { quality_rating: 3, feedback_notes: 'Good pacing.' });
    expect(res.statusCode).toBe(200);
    return task!;
  }
  const earningOf = async (taskId: string) =>
    (await t.database.db.select().from(earnings).where(eq(earnings.taskId, taskId)))[0]!;

  it('accepting a submitted task marks it reviewed and makes the earning available', async () => {
    const task = await submittedTask();
    expect((await earningOf(task.id)).status).toBe('pending');
    const res = await post(admin, `/api/admin/tasks/${task.id}/review`, { approved: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'reviewed', review_approved: true, reviewed_at: expect.any(String) });
    expect((await taskRow(task.id)).reviewedBy).toBe(adminId);
    expect((await earningOf(task.id)).status).toBe('available');
  });

  it('rejecting keeps the amount on record but marks the earning rejected', async () => {
    const task = await submittedTask();
    const amount = (await earningOf(task.id)).amountCents;
    const res = await post(admin, `/api/admin/tasks/${task.id}/review`, {
      approved: false,
      reason: 'Notes do not match the rating',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'reviewed', review_approved: false });
    expect(await earningOf(task.id)).toMatchObject({ status: 'rejected', amountCents: amount });
  });

  it('reviews only once, and only submitted tasks (409)', async () => {
    const task = await submittedTask();
    expect(
      (
        await post(admin, `/api/admin/tasks/${task.id}/review`, {
          approved: false,
          reason: 'Notes do not match the rating',
        })
      ).statusCode,
    ).toBe(200);
    const again = await post(admin, `/api/admin/tasks/${task.id}/review`, { approved: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Only a submitted task can be reviewed; this one is reviewed.' });
    expect((await earningOf(task.id)).status).toBe('rejected');

    const [fresh] = await createTasks(t, admin, jobId, [sampleTask({ assignee_id: accepted.user.id })]);
    const early = await post(admin, `/api/admin/tasks/${fresh!.id}/review`, { approved: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'Only a submitted task can be reviewed; this one is assigned.' });
  });

  it('is for admins only and validates the body', async () => {
    const task = await submittedTask();
    expect((await post(null, `/api/admin/tasks/${task.id}/review`, { approved: true })).statusCode).toBe(401);
    expect((await post(accepted.token, `/api/admin/tasks/${task.id}/review`, { approved: true })).statusCode).toBe(403);
    expect((await post(admin, `/api/admin/tasks/${task.id}/review`, { approved: 'yes' })).statusCode).toBe(422);
    expect((await post(admin, `/api/admin/tasks/${crypto.randomUUID()}/review`, { approved: true })).statusCode).toBe(
      404,
    );
    expect((await taskRow(task.id)).status).toBe('completed');
  });
});
