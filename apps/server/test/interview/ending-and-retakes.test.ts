import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ServerMessage } from '@app/shared';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { interviewRetakes, interviews, transcriptTurns, users } from '../../src/db/schema';
import { appendTurn } from '../../src/interview/store';
import { createInterview } from '../../src/interview/interviews';
import { RETAKE_WHILE_RUNNING } from '../../src/interview/retakes';
import { InterviewClient } from './ws-client';
import { startLiveInterview } from './live-start';

let t: TestContext;
let base: string;
let admin: string;
beforeAll(async () => {
  ({ t, ws: base } = await buildSocketTestApp());
  admin = await t.adminToken();
}, 120_000);
afterAll(async () => t.close());

const job = () => insertJob(t.database.db, { status: 'active' });
const errorOf = (m: ServerMessage) => m as Extract<ServerMessage, { event: 'error' }>;

const startSession = (token: string, jobId: string, interviewId?: string) =>
  startLiveInterview(t.app, base, token, jobId, { interviewId });

const interviewRow = async (id: string) =>
  (await t.database.db.select().from(interviews).where(eq(interviews.id, id)))[0]!;

const userTurn = (seq: number) => {
  const now = new Date();
  return {
    seq,
    speaker: 'user' as const,
    text: 'I mostly paint book covers.',
    startedAt: now,
    endedAt: now,
    offsetSeconds: 3,
  };
};

describe('socket errors say whether the conversation goes on (recoverable)', () => {
  it('a connection without a valid token is fatal', async () => {
    const client = await InterviewClient.connect(`${base}?token=nope`);
    expect(await client.event('error')).toMatchObject({ message: 'Not authenticated', recoverable: false });
    client.close();
  });

  it('malformed or refused messages are recoverable and the session goes on; a refused start is fatal', async () => {
    const { token } = await t.signUp();
    const j = await job();
    const { client } = await startSession(token, j.id);
    await client.event('session_ready');
    const before = client.messages.length;

    client.send('not json');
    client.send({ event: 'mic_chunk', seq: -1, audio_b64: 'AAAA' });
    client.send({ event: 'start', session_id: crypto.randomUUID(), interview_id: crypto.randomUUID(), job_id: j.id });
    await client.waitFor(() => client.messages.slice(before).filter((m) => m.event === 'error').length >= 3);
    const errors = client.messages
      .slice(before)
      .filter((m) => m.event === 'error')
      .map(errorOf);
    expect(errors.map((e) => [e.message.split(':')[0], e.recoverable])).toEqual([
      ['Malformed message', true],
      ['Malformed message', true],
      ['The session has already started.', true],
    ]);
    // Still in the conversation: the interviewer keeps talking on this socket.
    const count = client.messages.length;
    await client.waitFor((m) => m.event === 'tts_chunk' || m.event === 'transcript', 30_000, count);
    expect(client.closed).toBe(false);

    // A second live interview for the same candidate is refused before anything starts: fatal.
    const other = await startSession(token, (await job()).id);
    expect(await other.client.event('error')).toMatchObject({ recoverable: false });
    other.client.close();
    client.close();
  }, 60_000);
});

describe('an interview ended before any answer is not sent to review', () => {
  it('goes back to not started, its turns gone, nothing queued; the candidate starts it again', async () => {
    const { token } = await t.signUp();
    const j = await job();
    const completed = vi.fn();
    const stop = t.app.events.on('interview.completed', completed);
    const { client, interviewId } = await startSession(token, j.id);
    await client.event('session_ready');
    client.send({ event: 'end', reason: 'user_ended' });
    await vi.waitFor(async () => expect((await interviewRow(interviewId)).status).toBe('not_started'), {
      timeout: 30_000,
    });
    client.close();
    expect(
      await t.database.db.select().from(transcriptTurns).where(eq(transcriptTurns.interviewId, interviewId)),
    ).toEqual([]);
    expect(completed).not.toHaveBeenCalled();
    // The client's own complete call is then told it never started (nothing reaches review).
    expect((await t.post(`/api/interviews/${interviewId}/complete`, token)).statusCode).toBe(409);

    // The same interview starts again.
    const again = await startSession(token, j.id, interviewId);
    expect(await again.client.event('session_ready')).toMatchObject({ interview_id: interviewId, resumed: false });
    expect((await interviewRow(interviewId)).status).toBe('in_progress');
    again.client.close();
    stop();
  }, 60_000);

  it('POST /complete on a live interview: no answer → not_started; an answer → completed', async () => {
    const { token, user } = await t.signUp();
    const j = await job();
    const silent = await createInterview(t.database.db, {
      jobId: j.id,
      candidateId: user.id,
      status: 'in_progress',
      sessionId: crypto.randomUUID(),
      startedAt: new Date(),
    });
    const res = await t.post(`/api/interviews/${silent.id}/complete`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'not_started', completed_at: null });

    const answered = await createInterview(t.database.db, {
      jobId: (await job()).id,
      candidateId: user.id,
      status: 'in_progress',
      sessionId: crypto.randomUUID(),
      startedAt: new Date(),
    });
    await appendTurn(t.database.db, answered.id, userTurn(2));
    const done = await t.post(`/api/interviews/${answered.id}/complete`, token);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');
  });
});

describe('POST /api/admin/interviews/{id}/retake', () => {
  it('lets the candidate take any ended interview again, with the reason kept', async () => {
    const { token, user } = await t.signUp();
    const j = await job();
    const iv = await createInterview(t.database.db, {
      jobId: j.id,
      candidateId: user.id,
      status: 'under_review',
      sessionId: crypto.randomUUID(),
      startedAt: new Date(),
      completedAt: new Date(),
    });
    await appendTurn(t.database.db, iv.id, userTurn(1));
    // While under review, the candidate cannot start another interview for the job.
    const blocked = await startSession(token, j.id);
    expect(await blocked.client.event('error')).toMatchObject({ recoverable: false });
    blocked.client.close();

    // Candidates may not; a reason is needed.
    expect((await t.post(`/api/admin/interviews/${iv.id}/retake`, token, { reason: 'x' })).statusCode).toBe(403);
    const empty = await t.post(`/api/admin/interviews/${iv.id}/retake`, admin, { reason: '   ' });
    expect(empty.statusCode).toBe(422);

    const res = await t.post(`/api/admin/interviews/${iv.id}/retake`, admin, { reason: 'Camera failed mid-way' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: iv.id, status: 'not_started', completed_at: null, decided_at: null });
    const [adminRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    const log = await t.database.db.select().from(interviewRetakes).where(eq(interviewRetakes.interviewId, iv.id));
    expect(log).toEqual([
      expect.objectContaining({
        reason: 'Camera failed mid-way',
        previousStatus: 'under_review',
        allowedBy: adminRow!.id,
      }),
    ]);

    // Now the candidate starts it again: a fresh conversation.
    const again = await startSession(token, j.id, iv.id);
    expect(await again.client.event('session_ready')).toMatchObject({ interview_id: iv.id, resumed: false });
    const running = await interviewRow(iv.id);
    expect(running.status).toBe('in_progress');

    // A running interview cannot be retaken; a never-taken or unknown one neither.
    const live = await t.post(`/api/admin/interviews/${iv.id}/retake`, admin, { reason: 'again' });
    expect(live.statusCode).toBe(409);
    expect(live.json()).toEqual({ detail: RETAKE_WHILE_RUNNING });
    again.client.close();
    // (for another job: one application per candidate and job, decision 0169)
    const fresh = await createInterview(t.database.db, { jobId: (await job()).id, candidateId: user.id });
    expect((await t.post(`/api/admin/interviews/${fresh.id}/retake`, admin, { reason: 'r' })).statusCode).toBe(409);
    const unknown = await t.post(`/api/admin/interviews/${crypto.randomUUID()}/retake`, admin, { reason: 'r' });
    expect(unknown.statusCode).toBe(404);
  }, 60_000);
});
