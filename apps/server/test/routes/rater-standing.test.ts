/**
 * Issue 32, items 2, 6 and 7 (decision 0170): a rater cannot tell gold items from others by what
 * they see before an item is complete; parallel submits cannot slip past the automatic pause; a
 * rater whose acceptance a retake withdrew is held like a paused one until accepted again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { acceptedCandidate, postJob, sampleTask, type Candidate } from '../helpers/work-fixtures';
import { annotationTasks, interviews } from '../../src/db/schema';
import { ACCEPTANCE_WITHDRAWN, RATER_PAUSED } from '../../src/quality/raters';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
}, 120_000);
afterAll(() => t.close());

type Seen = { status: string; task_name: string };
const item = (name: string, extra: object = {}) => sampleTask({ task_name: name, ...extra });
const start = (c: Candidate, taskId: string) => t.post(`/api/annotations/${taskId}/start`, c.token);
const rate = (c: Candidate, taskId: string, rating: number) =>
  t.post(`/api/annotations/${taskId}/submit`, c.token, { quality_rating: rating, feedback_notes: 'Clear hierarchy.' });
const taskOf = async (id: string) =>
  (await t.database.db.select().from(annotationTasks).where(eq(annotationTasks.id, id)))[0]!;

/** A fresh job with `raters` accepted raters and the entries uploaded and handed out. */
async function jobWith(title: string, entries: object[], raters: number) {
  const job = (await postJob(t, admin, { title })).id;
  const people: { candidate: Candidate; interviewId: string }[] = [];
  for (let i = 0; i < raters; i++) {
    const { candidate, interview } = await acceptedCandidate(t, admin, job);
    people.push({ candidate, interviewId: interview.id });
  }
  const res = await t.post(`/api/admin/jobs/${job}/tasks`, admin, { tasks: entries, raters_per_item: raters });
  expect(res.statusCode).toBe(201);
  expect((await t.post(`/api/admin/jobs/${job}/tasks/distribute`, admin)).json().assigned).toBe(
    entries.length * raters,
  );
  const rows = await t.database.db.select().from(annotationTasks).where(eq(annotationTasks.jobId, job));
  /** The task of the named entry that the given rater holds. */
  const taskFor = (c: Candidate, name: string) =>
    rows.find((r) => r.taskName === name && r.assigneeId === c.user.id)!.id;
  return { job, people, taskFor };
}

/** Everything the rater sees of their work: task list, tasks, earnings and summary, and their export. */
async function ratersView(c: Candidate) {
  const list = (await t.get(`/api/annotations/user/${c.user.id}`, c.token)).json() as Seen[];
  const earnings = (await t.get(`/api/earnings/user/${c.user.id}/transactions`, c.token)).json() as Seen[];
  const summary = (await t.get(`/api/earnings/user/${c.user.id}/summary`, c.token)).json();
  const exported = (await t.get('/api/account/export', c.token)).json();
  const byName = (rows: Seen[]) => Object.fromEntries(rows.map((r) => [r.task_name, r.status]));
  return {
    tasks: byName(list),
    earnings: byName(earnings),
    summary,
    exportedTasks: byName(exported.tasks),
    exportedEarnings: byName(exported.earnings.transactions),
  };
}

describe('gold looks like any other item to a rater until the item is complete', () => {
  it('answers the same for a near-gold rating as for a plain one; approval shows once all ratings are in', async () => {
    const { job, people, taskFor } = await jobWith(
      'Blind Gold',
      [item('Gold poster', { gold_rating: 4 }), item('Plain poster')],
      2,
    );
    const [a, b] = people.map((p) => p.candidate) as [Candidate, Candidate];
    const replies = [];
    for (const name of ['Gold poster', 'Plain poster']) {
      await start(a, taskFor(a, name));
      replies.push((await rate(a, taskFor(a, name), 4)).json());
    }
    // The submit replies: the same status, and the same keys.
    expect(replies.map((r) => r.status)).toEqual(['completed', 'completed']);
    expect(Object.keys(replies[0]).sort()).toEqual(Object.keys(replies[1]).sort());
    // Everywhere else the rater looks: submitted and pending, whether the item has gold or not.
    const before = await ratersView(a);
    expect(before).toEqual({
      tasks: { 'Gold poster': 'completed', 'Plain poster': 'completed' },
      earnings: { 'Gold poster': 'pending', 'Plain poster': 'pending' },
      summary: expect.objectContaining({ total_earnings: 0, available_balance: 0 }),
      exportedTasks: { 'Gold poster': 'completed', 'Plain poster': 'completed' },
      exportedEarnings: { 'Gold poster': 'pending', 'Plain poster': 'pending' },
    });

    // The second rater completes both items: now both ratings of each are approved, gold or not.
    for (const name of ['Gold poster', 'Plain poster']) {
      await start(b, taskFor(b, name));
      expect((await rate(b, taskFor(b, name), 4)).json().status).toBe('reviewed');
    }
    const after = await ratersView(a);
    expect(after.tasks).toEqual({ 'Gold poster': 'reviewed', 'Plain poster': 'reviewed' });
    expect(after.earnings).toEqual({ 'Gold poster': 'available', 'Plain poster': 'available' });
    // The provider's console saw the gold all along, and sees the automatic approval now.
    const listed = (await t.get(`/api/admin/tasks?job_id=${job}&limit=50`, admin)).json();
    const gold = listed.items.find((x: { id: string }) => x.id === taskFor(a, 'Gold poster'));
    expect(gold).toMatchObject({ gold_rating: 4, auto_approved: true, review_approved: true });
  }, 120_000);

  it('on a one-rater job, a near-gold rating waits for the provider like any other', async () => {
    const { job, people, taskFor } = await jobWith(
      'Blind Gold Single',
      [item('Gold single', { gold_rating: 3 }), item('Plain single')],
      1,
    );
    const [a] = people.map((p) => p.candidate) as [Candidate];
    for (const name of ['Gold single', 'Plain single']) {
      await start(a, taskFor(a, name));
      expect((await rate(a, taskFor(a, name), 3)).json().status).toBe('completed');
    }
    const view = await ratersView(a);
    expect(view.tasks).toEqual({ 'Gold single': 'completed', 'Plain single': 'completed' });
    expect(view.earnings).toEqual({ 'Gold single': 'pending', 'Plain single': 'pending' });
    // The provider's review queue has both, the gold one with its gold answer.
    const queue = (await t.get(`/api/admin/jobs/${job}/review-queue`, admin)).json();
    expect(queue.total).toBe(2);
  }, 120_000);
});

describe('parallel submits and the automatic pause', () => {
  it('accepts no submit once the rater is paused, however many arrive at once', async () => {
    const entries = Array.from({ length: 10 }, (_, i) => item(`Gold ${i + 1}`, { gold_rating: 5 }));
    const { people, taskFor } = await jobWith('Parallel Pause', entries, 1);
    const [a] = people.map((p) => p.candidate) as [Candidate];
    const ids = entries.map((e) => taskFor(a, (e as { task_name: string }).task_name));
    for (const id of ids) expect((await start(a, id)).statusCode).toBe(200);
    // Four gold ratings 4 points off: the fifth crosses the pause threshold (5 gold items, error above 1).
    for (const id of ids.slice(0, 4)) expect((await rate(a, id, 1)).statusCode).toBe(200);
    const parallel = await Promise.all(ids.slice(4).map((id) => rate(a, id, 1)));
    const codes = parallel.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 403, 403, 403, 403, 403]);
    for (const r of parallel.filter((x) => x.statusCode === 403)) expect(r.json().detail).toBe(RATER_PAUSED);
    const earned = (await t.get(`/api/earnings/user/${a.user.id}/transactions`, a.token)).json();
    expect(earned).toHaveLength(5);
  }, 120_000);
});

describe('a retake that withdraws an acceptance holds the rater like a pause', () => {
  it('hands back unstarted tasks and refuses start and submit until the rater is accepted again', async () => {
    const entries = [item('Held 1'), item('Held 2'), item('Held 3')];
    const { job, people, taskFor } = await jobWith('Withdrawn Job', entries, 1);
    const [{ candidate: a, interviewId }] = people as [{ candidate: Candidate; interviewId: string }];
    const [t1, t2, t3] = ['Held 1', 'Held 2', 'Held 3'].map((n) => taskFor(a, n)) as [string, string, string];
    await start(a, t1);
    await start(a, t2);

    const retake = await t.post(`/api/admin/interviews/${interviewId}/retake`, admin, { reason: 'Audio was lost' });
    expect(retake.statusCode).toBe(200);
    // The unstarted task went back to distribution; the started ones stay the rater's.
    expect(await taskOf(t3)).toMatchObject({ status: 'pending', assigneeId: null });
    expect(await taskOf(t1)).toMatchObject({ status: 'in_progress', assigneeId: a.user.id });
    const list = (await t.get(`/api/annotations/user/${a.user.id}`, a.token)).json() as Seen[];
    expect(list.map((x) => x.task_name).sort()).toEqual(['Held 1', 'Held 2']);
    // Start and submit are refused with a detail that says why and what comes next.
    for (const res of [await rate(a, t1, 4), await start(a, t2)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(ACCEPTANCE_WITHDRAWN);
    }
    expect((await t.get(`/api/earnings/user/${a.user.id}/transactions`, a.token)).json()).toEqual([]);
    // Nobody accepted is left to distribute to; assigning by hand is refused too.
    expect((await t.post(`/api/admin/jobs/${job}/tasks/distribute`, admin)).statusCode).toBe(409);
    expect((await t.post(`/api/admin/tasks/${t3}/assign`, admin, { user_id: a.user.id })).statusCode).toBe(422);

    // Retaken and accepted again: the held work goes on, and distribution hands the rest back.
    await t.database.db
      .update(interviews)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(interviews.id, interviewId));
    const decided = await t.post(`/api/admin/interviews/${interviewId}/decision`, admin, { decision: 'approved' });
    expect(decided.statusCode).toBe(200);
    expect((await rate(a, t1, 4)).statusCode).toBe(200);
    expect((await t.post(`/api/admin/jobs/${job}/tasks/distribute`, admin)).json()).toMatchObject({ assigned: 1 });
    expect((await start(a, t3)).statusCode).toBe(200);
  }, 120_000);
});
