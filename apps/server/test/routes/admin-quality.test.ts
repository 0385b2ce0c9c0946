/**
 * Issue 26 through the API: items rated by several raters, gold, distribution, the automatic pause,
 * automatic approval and its earnings, the review queue, the dataset export and the quality report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { acceptedCandidate, backdateStart, postJob, sampleTask, type Candidate } from '../helpers/work-fixtures';
import { annotationTasks } from '../../src/db/schema';
import { RATER_PAUSED } from '../../src/quality/raters';
import { NO_ACTIVE_RATERS } from '../../src/quality/distribute';

let t: TestContext;
let admin: string;
let jobId: string;
let raters: Candidate[];

type Task = { id: string; item_id: string; assignee_id: string | null; status: string; gold_rating: number | null };

beforeAll(async () => {
  // The dataset's media URLs are made absolute on PUBLIC_URL (issue 34).
  ({ t, admin } = await buildTestAppWithAdmin({ PUBLIC_URL: 'https://talent.example.com' }));
  jobId = (await postJob(t, admin, { title: 'Poster Panel' })).id;
  raters = [];
  for (let i = 0; i < 3; i++) raters.push((await acceptedCandidate(t, admin, jobId)).candidate);
}, 120_000);
afterAll(() => t.close());

const upload = (job: string, body: object) => t.post(`/api/admin/jobs/${job}/tasks`, admin, body);
const distribute = (job: string, token = admin) => t.post(`/api/admin/jobs/${job}/tasks/distribute`, token);
const item = (name: string, extra: object = {}) => sampleTask({ task_name: name, ...extra });
const rate = (c: Candidate, taskId: string, rating: number, notes = 'Clear hierarchy.') =>
  t.post(`/api/annotations/${taskId}/submit`, c.token, { quality_rating: rating, feedback_notes: notes });
const start = (c: Candidate, taskId: string) => t.post(`/api/annotations/${taskId}/start`, c.token);
const taskOf = async (id: string) =>
  (await t.database.db.select().from(annotationTasks).where(eq(annotationTasks.id, id)))[0]!;
const raterOf = (id: string) => raters.find((r) => r.user.id === id)!;

/** Uploads items on a fresh job with the three raters and hands them out. */
async function freshJob(title: string, entries: object[], ratersPerItem: number) {
  const job = (await postJob(t, admin, { title })).id;
  const people: Candidate[] = [];
  for (let i = 0; i < ratersPerItem; i++) people.push((await acceptedCandidate(t, admin, job)).candidate);
  const res = await upload(job, { tasks: entries, raters_per_item: ratersPerItem });
  expect(res.statusCode).toBe(201);
  expect((await distribute(job)).json().assigned).toBe(entries.length * ratersPerItem);
  const tasks = (await Promise.all((res.json() as Task[]).map((x) => taskOf(x.id)))).map((x) => ({
    id: x.id,
    itemId: x.itemId,
    rater: people.find((p) => p.user.id === x.assigneeId)!,
  }));
  return { job, people, tasks };
}

describe('upload with raters_per_item and gold_rating', () => {
  it('makes one item per entry rated by that many tasks, with gold only in the provider reply', async () => {
    const res = await upload(jobId, {
      tasks: [item('Poster 1', { gold_rating: 4 }), item('Poster 2')],
      raters_per_item: 3,
    });
    expect(res.statusCode).toBe(201);
    const tasks = res.json() as Task[];
    expect(tasks).toHaveLength(6);
    const items = [...new Set(tasks.map((x) => x.item_id))];
    expect(items).toHaveLength(2);
    expect(tasks.filter((x) => x.item_id === items[0]).map((x) => x.gold_rating)).toEqual([4, 4, 4]);
    expect(tasks.filter((x) => x.item_id === items[1]).map((x) => x.gold_rating)).toEqual([null, null, null]);
    expect(tasks.every((x) => x.status === 'pending' && x.assignee_id === null)).toBe(true);
  });

  it('refuses more raters per item than the job has accepted raters, naming how many there are', async () => {
    const res = await upload(jobId, { tasks: [item('Too many')], raters_per_item: 4 });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('this job has 3 accepted raters');
  });

  it('refuses a gold rating outside 1-5 or not whole, and raters_per_item outside 1-9', async () => {
    for (const gold of [6, 0, 2.5, '3']) {
      const res = await upload(jobId, { tasks: [item('Bad gold', { gold_rating: gold })] });
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json().detail)).toContain('gold_rating must be a whole number from 1 to 5');
    }
    for (const n of [0, 10, 1.5])
      expect((await upload(jobId, { tasks: [item('x')], raters_per_item: n })).statusCode).toBe(422);
  });
});

describe('distribution', () => {
  it('hands tasks out evenly, never two of one item to a rater, once even when called twice at once', async () => {
    await upload(jobId, { tasks: [1, 2, 3, 4].map((n) => item(`Batch ${n}`)), raters_per_item: 2 });
    const [a, b] = await Promise.all([distribute(jobId), distribute(jobId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // 6 tasks from the first upload + 8 from this one.
    expect(a.json().assigned + b.json().assigned).toBe(14);
    expect(Math.min(a.json().assigned, b.json().assigned)).toBe(0);
    expect((await distribute(jobId)).json()).toMatchObject({ assigned: 0 });

    const rows = await t.database.db.select().from(annotationTasks).where(eq(annotationTasks.jobId, jobId));
    const pairs = rows.map((r) => `${r.itemId}:${r.assigneeId}`);
    expect(new Set(pairs).size).toBe(rows.length);
    const load = raters.map((r) => rows.filter((x) => x.assigneeId === r.user.id).length);
    expect(Math.max(...load) - Math.min(...load)).toBeLessThanOrEqual(1);
    expect(load.reduce((s, x) => s + x, 0)).toBe(14);
  });

  it('assigning by hand follows the same rule', async () => {
    const rows = await t.database.db.select().from(annotationTasks).where(eq(annotationTasks.jobId, jobId));
    const [first] = rows;
    const sibling = rows.find((r) => r.itemId === first!.itemId && r.id !== first!.id)!;
    const res = await t.post(`/api/admin/tasks/${sibling.id}/assign`, admin, { user_id: first!.assigneeId });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'This rater already has a task of the same item; each item is rated by different raters.',
    );
  });

  it('answers 409 with a detail when the job has no active raters', async () => {
    const empty = (await postJob(t, admin, { title: 'Nobody yet' })).id;
    await upload(empty, { tasks: [item('Lonely')] });
    const res = await distribute(empty);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(NO_ACTIVE_RATERS);
  });
});

describe('gold never reaches a rater', () => {
  it('is absent from the candidate task list and task replies', async () => {
    const rows = await t.database.db.select().from(annotationTasks).where(eq(annotationTasks.jobId, jobId));
    const gold = rows.find((r) => r.taskName === 'Poster 1' && r.assigneeId)!;
    const c = raterOf(gold.assigneeId!);
    for (const res of [
      await t.get(`/api/annotations/user/${c.user.id}`, c.token),
      await t.get(`/api/annotations/${gold.id}`, c.token),
      await start(c, gold.id),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/gold|item_id|auto_approved|review_reason/);
    }
    const submitted = await rate(c, gold.id, 2);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).not.toMatch(/gold/);
    // A gold item looks exactly like any other: the same keys as a task without gold.
    const plain = rows.find((r) => r.taskName === 'Poster 2' && r.assigneeId === c.user.id)!;
    const keys = (id: string) => t.get(`/api/annotations/${id}`, c.token).then((r) => Object.keys(r.json()).sort());
    expect(await keys(gold.id)).toEqual(await keys(plain.id));
  });
});

describe('automatic approval, review queue and hand review', () => {
  it('approves near-gold and near-consensus work with its earning; the rest waits in the queue', async () => {
    const { job, tasks } = await freshJob(
      'Consensus Job',
      [item('Gold poster', { gold_rating: 4 }), item('Open poster')],
      3,
    );
    const [g1, g2, g3, o1, o2, o3] = tasks;
    // Nothing is approved before the item is complete, gold or not (decision 0170).
    expect((await start(g1!.rater, g1!.id)).statusCode).toBe(200);
    expect((await rate(g1!.rater, g1!.id, 5)).json().status).toBe('completed');
    await start(g2!.rater, g2!.id);
    expect((await rate(g2!.rater, g2!.id, 2)).json().status).toBe('completed');
    await start(g3!.rater, g3!.id);
    expect((await rate(g3!.rater, g3!.id, 4)).json().status).toBe('reviewed'); // within 1 of gold
    expect(await taskOf(g1!.id)).toMatchObject({ status: 'reviewed', autoApproved: true }); // within 1 of gold
    expect(await taskOf(g2!.id)).toMatchObject({ status: 'completed', reviewApproved: null }); // 2 from gold: waits
    const earned = await t.get(`/api/earnings/user/${g1!.rater.user.id}/transactions`, g1!.rater.token);
    expect(earned.json()[0]).toMatchObject({ status: 'available', rejection_reason: null });
    const sum = await t.get(`/api/earnings/user/${g1!.rater.user.id}/summary`, g1!.rater.token);
    expect(sum.json().available_balance).toBe(earned.json()[0].amount);

    // The open item: nothing is approved before all three have rated, then the two 4s are.
    for (const [x, r] of [
      [o1!, 4],
      [o2!, 4],
    ] as const) {
      await start(x.rater, x.id);
      // Ten minutes on the clock: the earning is real money, so the one-click payout below pays it.
      await backdateStart(t, x.id, 600);
      expect((await rate(x.rater, x.id, r)).json().status).toBe('completed');
    }
    await start(o3!.rater, o3!.id);
    await rate(o3!.rater, o3!.id, 1);
    const after = await Promise.all([o1, o2, o3].map((x) => taskOf(x!.id)));
    expect(after.map((x) => [x.status, x.reviewApproved, x.autoApproved])).toEqual([
      ['reviewed', true, true],
      ['reviewed', true, true],
      ['completed', null, false],
    ]);
    const adminView = await t.get(`/api/admin/tasks?job_id=${job}`, admin);
    expect(adminView.statusCode).toBe(200);

    // The queue: the gold item (one waiting) and the open item (one waiting), oldest first.
    const queue = await t.get(`/api/admin/jobs/${job}/review-queue?limit=20`, admin);
    expect(queue.statusCode).toBe(200);
    const q = queue.json();
    expect(q.total).toBe(2);
    expect(q.items[0]).toMatchObject({ task_name: 'Gold poster', gold: 4, spread: 3, needs_review: true });
    expect(q.items[0].ratings.map((r: { rating: number; review: string }) => [r.rating, r.review])).toEqual([
      [5, 'approved'],
      [2, 'pending'],
      [4, 'approved'],
    ]);
    expect(q.items[1]).toMatchObject({ task_name: 'Open poster', gold: null, consensus: 4, spread: 3 });
    // The report's "items needing review" are the queue's flagged items (issue 34).
    const midReport = (await t.get(`/api/admin/jobs/${job}/quality`, admin)).json();
    expect(midReport).toMatchObject({ items_needing_review: 2, review_queue_count: 2 });
    // Each of the three raters rated both items.
    expect(q.items[1].ratings[2]).toMatchObject({
      rating: 1,
      notes: 'Clear hierarchy.',
      review: 'pending',
      auto_approved: false,
      rater: { tasks_rated: 2, gold_rated: 1, status: 'active' },
    });

    // Hand review: a rejection needs a reason, which the rater then sees with that earning.
    const noReason = await t.post(`/api/admin/tasks/${o3!.id}/review`, admin, { approved: false });
    expect(noReason.statusCode).toBe(422);
    expect(JSON.stringify(noReason.json())).toContain('Please give a reason for the rejection');
    const rejected = await t.post(`/api/admin/tasks/${o3!.id}/review`, admin, {
      approved: false,
      reason: 'The rating ignores the brief.',
    });
    expect(rejected.json()).toMatchObject({ review_approved: false, review_reason: 'The rating ignores the brief.' });
    const seen = await t.get(`/api/earnings/user/${o3!.rater.user.id}/transactions`, o3!.rater.token);
    expect(seen.json().find((e: { task_name: string }) => e.task_name === 'Open poster')).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The rating ignores the brief.',
    });
    expect((await t.post(`/api/admin/tasks/${g2!.id}/review`, admin, { approved: true })).statusCode).toBe(200);
    expect((await t.get(`/api/admin/jobs/${job}/review-queue`, admin)).json()).toEqual({ total: 0, items: [] });

    // Automatically approved work can be rejected by hand until it is paid; after that, 409.
    await t.post('/api/admin/payouts', admin, { user_id: o1!.rater.user.id });
    const late = await t.post(`/api/admin/tasks/${o1!.id}/review`, admin, { approved: false, reason: 'Second look' });
    expect(late.statusCode).toBe(409);
    const unpaid = await t.post(`/api/admin/tasks/${o2!.id}/review`, admin, { approved: false, reason: 'Second look' });
    expect(unpaid.json()).toMatchObject({ review_approved: false, auto_approved: false });
    const o2Earnings = await t.get(`/api/earnings/user/${o2!.rater.user.id}/transactions`, o2!.rater.token);
    expect(o2Earnings.json().find((e: { task_name: string }) => e.task_name === 'Open poster')).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Second look',
    });

    const report = (await t.get(`/api/admin/jobs/${job}/quality`, admin)).json();
    // The queue is empty, so nothing needs review, however far apart the reviewed ratings were.
    expect(report).toMatchObject({ items_total: 2, items_compared: 2, items_needing_review: 0, review_queue_count: 0 });
    expect(typeof report.krippendorff_alpha).toBe('number');
  }, 120_000);

  it('a rejection of automatically approved work and a payout at the same moment never both win', async () => {
    const { tasks } = await freshJob('Race Job', [item('Race poster', { gold_rating: 3 })], 2);
    const [y, x] = tasks;
    await start(y!.rater, y!.id);
    expect((await rate(y!.rater, y!.id, 3)).json().status).toBe('completed');
    await start(x!.rater, x!.id);
    expect((await rate(x!.rater, x!.id, 3)).json().status).toBe('reviewed');
    const [review, payout] = await Promise.all([
      t.post(`/api/admin/tasks/${x!.id}/review`, admin, { approved: false, reason: 'Race' }),
      t.post('/api/admin/payouts', admin, { user_id: x!.rater.user.id }),
    ]);
    const [earning] = (await t.get(`/api/earnings/user/${x!.rater.user.id}/transactions`, x!.rater.token)).json();
    if (review.statusCode === 409) {
      expect(payout.json().total).toBe(earning.amount);
      expect(earning.status).toBe('paid');
    } else {
      expect(review.statusCode).toBe(200);
      expect(payout.json().total).toBe(0);
      expect(earning).toMatchObject({ status: 'rejected', rejection_reason: 'Race' });
    }
  }, 60_000);

  it('a single-rater job without gold works as before: every submission waits for a hand review', async () => {
    const { tasks } = await freshJob('Single Job', [item('Only one')], 1);
    const [x] = tasks;
    await start(x!.rater, x!.id);
    expect((await rate(x!.rater, x!.id, 5)).json().status).toBe('completed');
    expect(await taskOf(x!.id)).toMatchObject({ status: 'completed', reviewApproved: null, autoApproved: false });
  }, 60_000);
});

describe('the automatic pause', () => {
  it('pauses a rater whose gold error goes above 1.0 after 5 gold items, and what that refuses', async () => {
    const entries = [1, 2, 3, 4, 5, 6, 7].map((n) => item(`Gold ${n}`, { gold_rating: 5 }));
    const { job, tasks, people } = await freshJob('Gold Job', entries, 1);
    const [x] = people;
    for (const task of tasks.slice(0, 6)) expect((await start(x!, task.id)).statusCode).toBe(200);
    for (const task of tasks.slice(0, 5)) expect((await rate(x!, task.id, 1)).statusCode).toBe(200);

    let report = (await t.get(`/api/admin/jobs/${job}/quality`, admin)).json();
    expect(report.raters[0]).toMatchObject({
      user_id: x!.user.id,
      status: 'paused',
      gold_rated: 5,
      gold_mean_abs_error: 4,
      bias: -4,
    });
    expect(report.raters[0].paused_reason).toContain('Gold error 4.00 over 5 gold items');
    // Submitting or starting is refused with a detail that says why and what to do.
    const submit = await rate(x!, tasks[5]!.id, 5);
    expect(submit.statusCode).toBe(403);
    expect(submit.json().detail).toBe(RATER_PAUSED);
    expect((await start(x!, tasks[5]!.id)).json().detail).toBe(RATER_PAUSED);
    // The unstarted task went back to distribution; nobody active is left to take it.
    expect(await taskOf(tasks[6]!.id)).toMatchObject({ status: 'pending', assigneeId: null });
    expect(report.unassigned_tasks).toBe(1);
    expect((await distribute(job)).statusCode).toBe(409);
    // The submitted ratings stay in the data.
    const dataset = await t.get(`/api/admin/jobs/${job}/dataset?format=jsonl`, admin);
    expect(
      dataset.body
        .trim()
        .split('\n')
        .filter((l) => JSON.parse(l).ratings.length === 1),
    ).toHaveLength(5);

    const unpaused = await t.post(`/api/admin/jobs/${job}/raters/${x!.user.id}/unpause`, admin);
    expect(unpaused.json()).toMatchObject({ status: 'active', paused_reason: null });
    expect((await rate(x!, tasks[5]!.id, 1)).statusCode).toBe(200);
    report = (await t.get(`/api/admin/jobs/${job}/quality`, admin)).json();
    // Only gold rated since the unpause counts toward a new automatic pause.
    expect(report.raters[0]).toMatchObject({ status: 'active', gold_rated: 6 });
    expect((await distribute(job)).json()).toMatchObject({ assigned: 1 });

    const paused = await t.post(`/api/admin/jobs/${job}/raters/${x!.user.id}/pause`, admin);
    expect(paused.json()).toMatchObject({ status: 'paused', paused_reason: 'Paused by the provider' });
    expect(await taskOf(tasks[6]!.id)).toMatchObject({ status: 'pending', assigneeId: null });
  }, 120_000);
});

describe('dataset export', () => {
  it('streams JSONL and CSV, one record per item, with formulas neutralised', async () => {
    const { job, tasks } = await freshJob(
      'Export Job',
      [item('=HYPERLINK("x")', { gold_rating: 3 }), item('Second')],
      2,
    );
    const first = tasks.filter((x) => x.id && tasks.indexOf(x) < 2);
    for (const [i, x] of first.entries()) {
      await start(x.rater, x.id);
      await rate(x.rater, x.id, i === 0 ? 3 : 5, '@SUM(A1) looks fine');
    }
    // The 5 is rejected: its reason is exported, and the consensus leaves it out (issue 34).
    const rejected = await t.post(`/api/admin/tasks/${first[1]!.id}/review`, admin, {
      approved: false,
      reason: 'Far from the brief',
    });
    expect(rejected.statusCode).toBe(200);
    const jsonl = await t.get(`/api/admin/jobs/${job}/dataset?format=jsonl`, admin);
    expect(jsonl.statusCode).toBe(200);
    expect(jsonl.headers['content-disposition']).toBe(`attachment; filename="dataset-${job}.jsonl"`);
    const lines = jsonl.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      title: 'Jazz night poster',
      data_type: 'image',
      url: 'https://talent.example.com/api/files/0b9f3c1e-8d4a-4d7e-9a51-2f8e2c6d1a10',
      gold: 3,
      consensus: 3,
      spread: 0,
      needs_review: false,
    });
    expect(lines[0].ratings).toHaveLength(2);
    expect(lines[0].ratings[0]).toMatchObject({
      rater_id: first[0]!.rater.user.id,
      rating: 3,
      notes: '@SUM(A1) looks fine',
      status: 'approved',
      rejection_reason: null,
      submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(lines[0].ratings[1]).toMatchObject({
      rating: 5,
      status: 'rejected',
      rejection_reason: 'Far from the brief',
    });
    expect(lines[1]).toMatchObject({ gold: null, consensus: null, spread: null, ratings: [] });

    const csv = await t.get(`/api/admin/jobs/${job}/dataset?format=csv`, admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe(
      '"item_id","title","data_type","url","text","gold","consensus","spread","needs_review","rater_id","rating","notes","submitted_at","status","rejection_reason"',
    );
    expect(rows).toHaveLength(1 + 2 + 1);
    expect(rows[1]).toContain(`"'@SUM(A1) looks fine"`);
    expect(rows[2]).toMatch(/"rejected","Far from the brief"$/);
    expect((await t.get(`/api/admin/jobs/${job}/dataset?format=xml`, admin)).statusCode).toBe(422);
  }, 60_000);
});

describe('provider reads are for admins only', () => {
  it('answers 403 to candidates and 401 without a token', async () => {
    const c = raters[0]!;
    const u = c.user.id;
    const calls: [string, string][] = [
      ['get', `/api/admin/jobs/${jobId}/quality`],
      ['get', `/api/admin/jobs/${jobId}/review-queue`],
      ['get', `/api/admin/jobs/${jobId}/dataset?format=csv`],
      ['post', `/api/admin/jobs/${jobId}/tasks/distribute`],
      ['post', `/api/admin/jobs/${jobId}/raters/${u}/pause`],
      ['post', `/api/admin/jobs/${jobId}/raters/${u}/unpause`],
    ];
    for (const [method, url] of calls) {
      const call = method === 'get' ? t.get : t.post;
      expect((await call(url, c.token)).statusCode).toBe(403);
      expect((await call(url, null)).statusCode).toBe(401);
    }
  });
});
