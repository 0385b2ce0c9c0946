import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, bearer, type TestContext } from '../helpers/build';
import { backdateStart } from '../helpers/work-fixtures';
import { seedInterview } from '../assessment/fixtures';
import { assessInterview } from '../../src/interview/assessment';

describe('provider console lists', () => {
  let t: TestContext;
  let admin: string;
  let jobId: string;
  let otherJobId: string;
  let ann: { token: string; user: { id: string; email: string } };
  let bob: { token: string; user: { id: string; email: string } };
  let annInterviewId: string;
  let payoutId: string;

  const get = async (url: string, token = admin) => {
    const res = await t.get(url, token);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const post = async (url: string, payload: object, token = admin) => {
    const res = await t.post(url, token, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.adminToken();
    const job = await post('/api/admin/jobs', {
      title: 'UI Design Rater',
      description: 'Rate interface designs.',
      position_type: 'Part-time',
      pay_per_hour: 30,
      skills: [{ name: 'Figma', description: 'Prototyping' }],
    });
    jobId = job.id;
    otherJobId = (
      await post('/api/admin/jobs', {
        title: 'Archived job',
        description: 'Old.',
        position_type: 'Contract',
        status: 'archived',
      })
    ).id;

    ann = await t.signUp('ann@example.test');
    bob = await t.signUp('bob@example.test');
    // Ann interviewed, was assessed and approved; Bob's interview is waiting for review.
    const a = await seedInterview(t.app.db, { candidateId: ann.user.id, status: 'completed', jobId });
    annInterviewId = a.interview.id;
    await assessInterview(t.app.db, t.config, a.interview.id);
    await post(`/api/admin/interviews/${a.interview.id}/decision`, { decision: 'approved' });
    await seedInterview(t.app.db, { candidateId: bob.user.id, status: 'completed', jobId });

    // Three tasks for Ann: one she submits and the admin accepts, one submitted, one untouched.
    const tasks = await post(`/api/admin/jobs/${jobId}/tasks`, {
      tasks: ['Poster A', 'Poster B', 'Poster C'].map((name) => ({
        task_name: name,
        data_to_annotate: { title: name, data_type: 'text', data_content: { text: 'A poster.' } },
        assignee_id: ann.user.id,
      })),
    });
    for (const task of tasks.slice(0, 2)) {
      await post(`/api/annotations/${task.id}/start`, {}, ann.token);
      // Pay follows the time worked: pretend she spent half an hour on it (after her earlier work).
      await backdateStart(t, task.id, 30 * 60);
      await post(
        `/api/annotations/${task.id}/submit`,
        { quality_rating: 4, feedback_notes: 'Good contrast.' },
        ann.token,
      );
    }
    await post(`/api/admin/tasks/${tasks[0].id}/review`, { approved: true });
    const payout = await post('/api/admin/payouts', {});
    payoutId = payout.payout_id;
    expect(payoutId).toBeTruthy();
  });
  afterAll(async () => t.close());

  it('jobs with applicant and task counts, filtered by status, paginated', async () => {
    const all = await get('/api/admin/jobs');
    expect(all.total).toBe(2);
    const job = all.items.find((j: { id: string }) => j.id === jobId);
    expect(job).toMatchObject({ applicants: 2, awaiting_review: 1, approved: 1, tasks_total: 3, tasks_open: 1 });

    const archived = await get('/api/admin/jobs?status=archived');
    expect(archived.items.map((j: { id: string }) => j.id)).toEqual([otherJobId]);

    const page2 = await get('/api/admin/jobs?page=2&page_size=1');
    expect(page2).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page2.items).toHaveLength(1);

    const bad = await t.get('/api/admin/jobs?status=open', admin);
    expect(bad.statusCode).toBe(422);
  });

  it('interviews by status and job, with the candidate and the assessment', async () => {
    const waiting = await get(`/api/admin/interviews?status=completed&job_id=${jobId}`);
    expect(waiting.items).toHaveLength(1);
    expect(waiting.items[0]).toMatchObject({
      candidate_email: 'bob@example.test',
      status: 'completed',
      assessment: null,
    });

    const approved = await get('/api/admin/interviews?status=approved');
    expect(approved.items[0]).toMatchObject({
      id: annInterviewId,
      candidate_email: 'ann@example.test',
      job_title: 'UI Design Rater',
      assessment: { method: 'built_in', status: 'scored' },
    });

    const detail = await get(`/api/admin/interviews/${annInterviewId}`);
    expect(detail.assessment.rubric_version).toBe('rubric-v1');
    expect(detail.transcript.length).toBeGreaterThan(4);
    expect(detail.transcript[1]).toMatchObject({ seq: 1, speaker: 'user' });
    expect(detail.transcript[1].offset_seconds).toBeGreaterThan(0);
    expect(detail.has_recording).toBe(false);

    const missing = await t.get(`/api/admin/interviews/${crypto.randomUUID()}`, admin);
    expect(missing.statusCode).toBe(404);
  });

  it('candidates: search, accepted only, and one candidate with profile, progress and balance', async () => {
    const search = await get('/api/admin/candidates?q=ANN');
    expect(search.items.map((c: { email: string }) => c.email)).toEqual(['ann@example.test']);
    expect(search.items[0]).toMatchObject({ interviews: 1, approved_interviews: 1, profile_completed: false });
    const accepted = await get(`/api/admin/candidates?interview_status=approved&job_id=${jobId}`);
    expect(accepted.items.map((c: { email: string }) => c.email)).toEqual(['ann@example.test']);
    // The admin is not a candidate.
    const everyone = await get('/api/admin/candidates');
    expect(everyone.items.map((c: { email: string }) => c.email).sort()).toEqual([
      'ann@example.test',
      'bob@example.test',
    ]);

    const detail = await get(`/api/admin/candidates/${ann.user.id}`);
    expect(detail.profile.email).toBe('ann@example.test');
    expect(detail.interview_list).toHaveLength(1);
    expect(detail.task_progress).toMatchObject({ assigned: 1, submitted: 1, accepted: 1, total: 3 });
    expect(detail.balance.paid).toBeGreaterThan(0);
  });

  it('tasks by job, assignee and review state, with per-candidate progress', async () => {
    const waiting = await get(`/api/admin/tasks?job_id=${jobId}&review=waiting`);
    expect(waiting.items.map((x: { task_name: string }) => x.task_name)).toEqual(['Poster B']);
    expect(waiting.items[0]).toMatchObject({
      quality_rating: 4,
      feedback_notes: 'Good contrast.',
      assignee_email: 'ann@example.test',
    });
    const accepted = await get(`/api/admin/tasks?assignee_id=${ann.user.id}&review=accepted`);
    expect(accepted.items.map((x: { task_name: string }) => x.task_name)).toEqual(['Poster A']);
    const assigned = await get('/api/admin/tasks?status=assigned');
    expect(assigned.total).toBe(1);

    const progress = await get(`/api/admin/tasks/progress?job_id=${jobId}`);
    expect(progress).toEqual([
      expect.objectContaining({
        email: 'ann@example.test',
        assigned: 1,
        in_progress: 0,
        submitted: 1,
        accepted: 1,
        rejected: 0,
        total: 3,
      }),
    ]);
  });

  it('balances, transactions, payout history and the CSV export', async () => {
    const b = await get('/api/admin/balances');
    expect(b.items).toHaveLength(1);
    expect(b.items[0]).toMatchObject({ email: 'ann@example.test', available: 0 });
    expect(b.items[0].pending).toBeGreaterThan(0);
    expect((await get('/api/admin/balances?only_available=true')).items).toEqual([]);

    const tx = await get(`/api/admin/transactions?user_id=${ann.user.id}`);
    expect(tx.items.map((x: { status: string }) => x.status).sort()).toEqual(['paid', 'pending']);
    expect(tx.items[0]).toMatchObject({ email: 'ann@example.test', job_title: 'UI Design Rater' });

    const history = await get('/api/admin/payouts');
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      id: payoutId,
      recipients: 1,
      transactions: 1,
      created_by_email: 'admin@example.test',
    });

    const paidTx = await get(`/api/admin/payouts/${payoutId}/transactions`);
    expect(paidTx.items.map((x: { task_name: string }) => x.task_name)).toEqual(['Poster A']);

    const csv = await t.get(`/api/admin/payouts/${payoutId}/export.csv`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="payout-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv"$/,
    );
    const lines = csv.body.trim().split('\r\n');
    // Every field quoted (lib/csv.ts).
    expect(lines[0]).toBe(
      '"payout_id","paid_at","user_id","email","name","transaction_id","task_name","job_title","hours","amount_usd"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',"ann@example.test",');
    expect(lines[1]).toContain(',"Poster A","UI Design Rater",');
    expect(Number(lines[1]!.split(',').at(-1)!.replace(/"/g, ''))).toBe(history.items[0].total);
  });
});

describe('authorization of every admin endpoint', () => {
  let t: TestContext;
  beforeAll(async () => (t = await buildTestApp()));
  afterAll(async () => t.close());

  it('a candidate gets 403 and an anonymous caller 401 on every /api/admin route', async () => {
    const { token } = await t.signUp();
    // Enumerate the routes from the OpenAPI document, which is generated from the registered routes.
    const doc = (await t.get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const endpoints = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/admin/'))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path: p })));
    // The console's lists and the provider actions are all there.
    const names = endpoints.map((e) => `${e.method} ${e.path}`);
    for (const expected of [
      'GET /api/admin/jobs',
      'POST /api/admin/jobs',
      'GET /api/admin/interviews',
      'GET /api/admin/interviews/{id}',
      'POST /api/admin/interviews/{id}/decision',
      'GET /api/admin/candidates',
      'GET /api/admin/candidates/{id}',
      'GET /api/admin/tasks',
      'GET /api/admin/tasks/progress',
      'GET /api/admin/balances',
      'GET /api/admin/transactions',
      'GET /api/admin/payouts',
      'POST /api/admin/payouts',
      'GET /api/admin/payouts/{id}/export.csv',
    ]) {
      expect(names).toContain(expected);
    }

    for (const { method, path } of endpoints) {
      const url = path.replace(/\{[^}]+\}/g, crypto.randomUUID());
      const asCandidate = await t.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(token),
        payload: method === 'GET' ? undefined : {},
      });
      expect(asCandidate.statusCode, `${method} ${path} as a candidate`).toBe(403);
      expect(asCandidate.json()).toEqual({ detail: 'Admin access required' });
      const anonymous = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${method} ${path} anonymous`).toBe(401);
    }
  });
});
