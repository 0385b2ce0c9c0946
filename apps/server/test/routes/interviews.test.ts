import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob, type Candidate } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import {
  ALREADY_INTERVIEWED,
  completeInterview,
  createInterview,
  createOrResumeInterview,
  getInterviewForUser,
  INTERVIEW_NOT_STARTED,
} from '../../src/interview/interviews';
import { buildApp } from '../../src/app';
import type { AppError } from '../../src/http/http-errors';
import { appendTurn } from '../../src/interview/store';

let t: TestContext;
let admin: string;
let job: Awaited<ReturnType<typeof postJob>>;
let otherJob: Awaited<ReturnType<typeof postJob>>;
let alice: Candidate;
let bob: Candidate;

/** A job of its own, so a test's interview is the candidate's one application to it (decision 0169). */
const anotherJob = () => postJob(t, admin, { title: 'Podcast Critic', position_type: 'Contract' });

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
  job = await postJob(t, admin, { title: 'Podcast Critic', position_type: 'Contract' });
  otherJob = await postJob(t, admin, { title: 'Logo Reviewer', position_type: 'Part-time' });
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

const list = (token: string, query = '') => t.get(`/api/interviews${query}`, token);
const complete = (token: string, id: string) => t.post(`/api/interviews/${id}/complete`, token);

async function rejection(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a rejection');
}

describe('GET /api/interviews', () => {
  it('requires a bearer token', async () => {
    const res = await t.get('/api/interviews');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });

  it("lists only the caller's interviews, newest first, with the job's title and position", async () => {
    const first = await createInterview(t.database.db, {
      jobId: job.id,
      candidateId: alice.user.id,
      status: 'scheduled',
      createdAt: new Date(Date.now() - 60_000),
    });
    const second = await createInterview(t.database.db, { jobId: otherJob.id, candidateId: alice.user.id });
    const bobs = await createInterview(t.database.db, { jobId: job.id, candidateId: bob.user.id });

    const res = await list(alice.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    expect(body[1]).toEqual({
      id: first.id,
      job_id: job.id,
      candidate_id: alice.user.id,
      job_title: 'Podcast Critic',
      position: 'Contract',
      status: 'scheduled',
      acceptance_status: null,
      created_at: expect.any(String),
      completed_at: null,
    });

    // Filtering by job, and asking for one's own candidate id, work as expected.
    const byJob = (await list(alice.token, `?job_id=${job.id}`)).json();
    expect(byJob.map((i: { id: string }) => i.id)).toEqual([first.id]);
    const own = (await list(alice.token, `?candidate_id=${alice.user.id}`)).json();
    expect(own).toHaveLength(2);

    // Asking for someone else's interviews yields nothing of theirs.
    const snooping = await list(alice.token, `?candidate_id=${bob.user.id}`);
    expect(snooping.statusCode).toBe(200);
    expect(snooping.json()).toEqual([]);
    expect((await list(bob.token)).json().map((i: { id: string }) => i.id)).toEqual([bobs.id]);
  });

  it('shows an admin everyone, filterable by candidate and job', async () => {
    const all = (await list(admin)).json();
    const owners = new Set(all.map((i: { candidate_id: string }) => i.candidate_id));
    expect(owners).toEqual(new Set([alice.user.id, bob.user.id]));
    const bobsOnly = (await list(admin, `?candidate_id=${bob.user.id}&job_id=${job.id}`)).json();
    expect(bobsOnly).toHaveLength(1);
    expect(bobsOnly[0].candidate_id).toBe(bob.user.id);
  });

  it('rejects malformed filters with 422', async () => {
    const res = await list(alice.token, '?job_id=nope');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['querystring', 'job_id'], msg: 'job_id must be a UUID' });
  });
});

describe('GET /api/interviews/{id}', () => {
  it('returns the owner their interview and hides it from everyone else', async () => {
    const mine = await createInterview(t.database.db, { jobId: (await anotherJob()).id, candidateId: alice.user.id });
    const own = await t.get(`/api/interviews/${mine.id}`, alice.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(mine.id);
    const other = await t.get(`/api/interviews/${mine.id}`, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Interview not found' });
    const asAdmin = await t.get(`/api/interviews/${mine.id}`, admin);
    expect(asAdmin.statusCode).toBe(200);
  });
});

describe('POST /api/interviews/{id}/complete', () => {
  it('requires a bearer token', async () => {
    const res = await t.post(`/api/interviews/${crypto.randomUUID()}/complete`);
    expect(res.statusCode).toBe(401);
  });

  it('moves in_progress to completed once, and then answers with the unchanged interview', async () => {
    const completedIds: string[] = [];
    const off = t.app.events.on('interview.completed', ({ interviewId: id }) => {
      completedIds.push(id);
    });
    const live = await createInterview(t.database.db, {
      jobId: (await anotherJob()).id,
      candidateId: alice.user.id,
      status: 'in_progress',
      startedAt: new Date(),
    });
    const first = await complete(alice.token, live.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: live.id, status: 'completed', completed_at: expect.any(String) });

    // Completing again changes nothing. (The review pipeline may meanwhile have moved it on to
    // under_review, which completing must not undo either.)
    const again = await complete(alice.token, live.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), status: expect.stringMatching(/^(completed|under_review)$/) });

    await new Promise((r) => setTimeout(r, 10));
    expect(completedIds.filter((id) => id === live.id)).toHaveLength(1);
    off();
  });

  it.each(['not_started', 'scheduled'] as const)(
    'refuses (409) to complete a %s interview: it never started',
    async (status) => {
      const completedIds: string[] = [];
      const off = t.app.events.on('interview.completed', ({ interviewId }) => void completedIds.push(interviewId));
      const iv = await createInterview(t.database.db, {
        jobId: (await anotherJob()).id,
        candidateId: alice.user.id,
        status,
      });
      const res = await complete(alice.token, iv.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: INTERVIEW_NOT_STARTED });
      const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
      expect(row).toMatchObject({ status, completedAt: null });
      await new Promise((r) => setTimeout(r, 10));
      expect(completedIds).not.toContain(iv.id);
      off();
    },
  );

  it('announces a completion only on the app that completed it (events are app-scoped)', async () => {
    const other = await buildApp({ config: t.app.config, database: t.database, logger: false });
    const heardElsewhere: string[] = [];
    const off = other.events.on('interview.completed', ({ interviewId }) => void heardElsewhere.push(interviewId));
    const live = await createInterview(t.database.db, {
      jobId: (await anotherJob()).id,
      candidateId: alice.user.id,
      status: 'in_progress',
      startedAt: new Date(),
    });
    expect((await complete(alice.token, live.id)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 10));
    expect(heardElsewhere).toEqual([]);
    off();
    await other.close();
  });

  it.each(['under_review', 'approved', 'rejected'] as const)('leaves a %s interview as it is', async (status) => {
    const iv = await createInterview(t.database.db, {
      jobId: (await anotherJob()).id,
      candidateId: alice.user.id,
      status,
    });
    const res = await complete(alice.token, iv.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status, completed_at: null });
  });

  it("refuses to complete another user's interview (404) and leaves it untouched", async () => {
    const bobs = await createInterview(t.database.db, {
      jobId: (await anotherJob()).id,
      candidateId: bob.user.id,
      status: 'in_progress',
    });
    const res = await complete(alice.token, bobs.id);
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, bobs.id));
    expect(row!.status).toBe('in_progress');
    expect((await complete(alice.token, crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('createOrResumeInterview (used by the live interview socket)', () => {
  it('starts a new in-progress interview, resumes it for the same session, and another session takes it over', async () => {
    const carol = await t.signUp();
    const interviewId = crypto.randomUUID();
    const started = await createOrResumeInterview(t.database.db, {
      interviewId,
      jobId: job.id,
      candidateId: carol.user.id,
      sessionId: 'session-1',
    });
    expect(started).toMatchObject({ id: interviewId, status: 'in_progress', job_title: 'Podcast Critic' });

    const resumed = await createOrResumeInterview(t.database.db, {
      interviewId,
      jobId: job.id,
      candidateId: carol.user.id,
      sessionId: 'session-1',
    });
    expect(resumed.id).toBe(interviewId);

    // Another tab or device (another session, whatever id its page had) takes it over (decision 0225).
    const takenOver = await createOrResumeInterview(t.database.db, {
      interviewId: crypto.randomUUID(),
      jobId: job.id,
      candidateId: carol.user.id,
      sessionId: 'session-2',
    });
    expect(takenOver).toMatchObject({ id: interviewId, status: 'in_progress', replacedSessionId: 'session-1' });
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, interviewId));
    expect(row!.sessionId).toBe('session-2');

    // Another job is independent.
    const elsewhere = await createOrResumeInterview(t.database.db, {
      jobId: otherJob.id,
      candidateId: carol.user.id,
      sessionId: 'session-3',
    });
    expect(elsewhere.job_id).toBe(otherJob.id);
  });

  it.each(['completed', 'under_review', 'approved'] as const)(
    'refuses a new interview when one is %s',
    async (status) => {
      const dave = await t.signUp();
      await createInterview(t.database.db, { jobId: job.id, candidateId: dave.user.id, status });
      const err = await rejection(
        createOrResumeInterview(t.database.db, { jobId: job.id, candidateId: dave.user.id, sessionId: 's' }),
      );
      expect(err.statusCode).toBe(409);
      expect(err.message).toBe(ALREADY_INTERVIEWED);
    },
  );

  it('allows a new interview after a rejection', async () => {
    const erin = await t.signUp();
    const old = await createInterview(t.database.db, { jobId: job.id, candidateId: erin.user.id, status: 'rejected' });
    const fresh = await createOrResumeInterview(t.database.db, {
      jobId: job.id,
      candidateId: erin.user.id,
      sessionId: 's',
    });
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.status).toBe('in_progress');
  });

  it('reuses a not-started interview instead of creating a second one', async () => {
    const fay = await t.signUp();
    const waiting = await createInterview(t.database.db, { jobId: job.id, candidateId: fay.user.id });
    const started = await createOrResumeInterview(t.database.db, {
      jobId: job.id,
      candidateId: fay.user.id,
      sessionId: 's',
    });
    expect(started.id).toBe(waiting.id);
    expect(started.status).toBe('in_progress');
    expect((await list(fay.token)).json()).toHaveLength(1);
  });

  it("never takes over someone else's interview id, and needs an existing job", async () => {
    const gus = await t.signUp();
    const bobs = await createInterview(t.database.db, { jobId: (await anotherJob()).id, candidateId: bob.user.id });
    const stolen = await rejection(
      createOrResumeInterview(t.database.db, {
        interviewId: bobs.id,
        jobId: job.id,
        candidateId: gus.user.id,
        sessionId: 's',
      }),
    );
    expect(stolen.statusCode).toBe(404);
    const noJob = await rejection(
      createOrResumeInterview(t.database.db, {
        jobId: crypto.randomUUID(),
        candidateId: gus.user.id,
        sessionId: 's',
      }),
    );
    expect(noJob.statusCode).toBe(404);
  });

  it('makes one interview of two simultaneous starts (the later one takes it over)', async () => {
    const hal = await t.signUp();
    const results = await Promise.all(
      ['a', 'b'].map((sessionId) =>
        createOrResumeInterview(t.database.db, { jobId: job.id, candidateId: hal.user.id, sessionId }),
      ),
    );
    expect(results[0]!.id).toBe(results[1]!.id);
    expect(results.filter((r) => r.replacedSessionId)).toHaveLength(1);
    expect((await list(hal.token)).json()).toHaveLength(1);
  });

  it('answers 404 rather than a database error for malformed ids', async () => {
    const jay = await t.signUp();
    const cases = [
      createOrResumeInterview(t.database.db, {
        interviewId: 'abc',
        jobId: job.id,
        candidateId: jay.user.id,
        sessionId: 's',
      }),
      createOrResumeInterview(t.database.db, { jobId: 'not-a-job', candidateId: jay.user.id, sessionId: 's' }),
      completeInterview(t.database.db, 'abc', jay.user.id, t.app.events),
      getInterviewForUser(t.database.db, 'abc', { sub: jay.user.id, role: 'candidate' }),
    ];
    for (const p of cases) expect((await rejection(p)).statusCode).toBe(404);
  });

  it('completeInterview and getInterviewForUser work for the socket too', async () => {
    const ivy = await t.signUp();
    const iv = await createOrResumeInterview(t.database.db, {
      jobId: job.id,
      candidateId: ivy.user.id,
      sessionId: 's',
    });
    // The candidate answered (a live interview without an answer goes back to not started; decision 0149).
    const now = new Date();
    await appendTurn(t.database.db, iv.id, {
      seq: 1,
      speaker: 'user',
      text: 'Hello.',
      startedAt: now,
      endedAt: now,
      offsetSeconds: 1,
    });
    const done = await completeInterview(t.database.db, iv.id, ivy.user.id, t.app.events);
    expect(done.status).toBe('completed');
    expect((await getInterviewForUser(t.database.db, iv.id, { sub: ivy.user.id, role: 'candidate' })).status).toBe(
      'completed',
    );
    const hidden = await rejection(getInterviewForUser(t.database.db, iv.id, { sub: bob.user.id, role: 'candidate' }));
    expect(hidden.statusCode).toBe(404);
  });
});
