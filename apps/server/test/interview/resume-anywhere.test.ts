/**
 * Issue 43 item 15: an interview in progress belongs to its candidate, not to a tab (decision 0225).
 * A new tab or device (a new session id: the old one lived in the closed tab's storage) continues
 * the same interview and the older socket is told; one nobody comes back to is ended by the sweep
 * (its clock injected) with what it has, then assessed, or open to start again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SOCKET_CLOSE } from '@app/shared';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { appendTurn, listTurns } from '../../src/interview/store';
import { endAbandonedInterviews } from '../../src/interview/abandoned';
import { startLiveInterview } from './live-start';
import type { InterviewClient } from './ws-client';

let t: TestContext;
let base: string;
beforeAll(async () => ({ t, ws: base } = await buildSocketTestApp()), 120_000);
afterAll(async () => t.close());

const CONTINUED = 'This interview continues in another tab or device.';
const row = async (id: string) => (await t.database.db.select().from(interviews).where(eq(interviews.id, id)))[0]!;

/** A candidate whose interview has its greeting stored and one answer. */
async function answeredInterview() {
  const { token, user } = await t.signUp();
  const job = await insertJob(t.database.db, { status: 'active' });
  const first = await startLiveInterview(t.app, base, token, job.id);
  await first.client.event('session_ready');
  await first.client.event('answer_end', 30_000); // the greeting, stored
  await vi.waitFor(async () => expect(await listTurns(t.database.db, first.interviewId)).toHaveLength(1));
  const now = new Date();
  await appendTurn(t.database.db, first.interviewId, {
    seq: 100,
    speaker: 'user',
    text: 'I retouch product photos for catalogues.',
    startedAt: now,
    endedAt: now,
    offsetSeconds: 4,
  });
  return { token, user, jobId: job.id, first };
}

/** Closes the tab's socket and waits until the server has let go of it. */
async function closeTab(client: InterviewClient, userId: string) {
  client.close();
  await vi.waitFor(() =>
    expect(t.app.interviewSessions.live().some((s) => s.userId === userId && s.socket)).toBe(false),
  );
}

const welcomeBack = (c: InterviewClient) =>
  c.waitFor((m) => m.event === 'transcript' && m.speaker === 'ai' && m.final, 30_000);

describe('an interview continues in any tab or device of its candidate', () => {
  it('a second connection without the old session id resumes the same interview; the old socket is told', async () => {
    const { token, user, jobId, first } = await answeredInterview();

    // Another device: a new session id and whatever interview id its page had.
    const second = await startLiveInterview(t.app, base, token, jobId);
    const ready = await second.client.event('session_ready');
    expect(ready).toMatchObject({ interview_id: first.interviewId, session_id: second.sessionId, resumed: true });
    expect((await welcomeBack(second.client)) as { text: string }).toMatchObject({
      text: expect.stringMatching(/^Welcome back\./),
    });

    // The older tab is told where its interview went, and closed so it does not reconnect.
    expect(await first.client.event('error')).toMatchObject({ message: CONTINUED, recoverable: false });
    await vi.waitFor(() => expect(first.client.closed).toBe(true));
    expect(first.client.closeCode).toBe(SOCKET_CLOSE.replaced);

    // One live session, the new one; the answer is still there.
    const live = t.app.interviewSessions.live().filter((s) => s.userId === user.id);
    expect(live.map((s) => s.session.sessionId)).toEqual([second.sessionId]);
    expect(await row(first.interviewId)).toMatchObject({ status: 'in_progress', sessionId: second.sessionId });
    expect((await listTurns(t.database.db, first.interviewId)).map((x) => x.speaker)).toContain('user');
    second.client.close();
  }, 90_000);

  it('a closed tab is no dead end: the link opened in a new tab continues the interview', async () => {
    const { token, user, jobId, first } = await answeredInterview();
    await closeTab(first.client, user.id);

    // The new tab has no session id of its own yet; the link names the interview.
    const again = await startLiveInterview(t.app, base, token, jobId, { interviewId: first.interviewId });
    expect(await again.client.event('session_ready')).toMatchObject({
      interview_id: first.interviewId,
      resumed: true,
    });
    expect(again.client.messages.some((m) => m.event === 'error')).toBe(false);
    again.client.close();
  }, 90_000);
});

describe('an interview nobody resumes ends by itself', () => {
  const minutes = 30;
  const after = (m: number) => new Date(Date.now() + m * 60_000);
  const sweep = (now: Date) => endAbandonedInterviews(t.app.db, t.app.events, { now, abandonMinutes: minutes });

  it('with answers: ended by the sweep after the set time, then assessed', async () => {
    const { user, first } = await answeredInterview();
    await closeTab(first.client, user.id);

    // Before the set time nothing happens (the candidate may still come back).
    const ids = async (now: Date) => (await sweep(now)).ended.map((e) => e.interviewId);
    expect(await ids(after(minutes - 1))).not.toContain(first.interviewId);
    expect((await row(first.interviewId)).status).toBe('in_progress');

    const { ended } = await sweep(after(minutes + 1));
    // (Interviews the tests above left open are swept too: they are as old.)
    expect(ended).toContainEqual({ interviewId: first.interviewId, status: 'completed' });
    await t.app.queue.settle(60_000);
    const assessed = await row(first.interviewId);
    expect(assessed.status).toBe('under_review');
    expect(assessed.assessedAt).not.toBeNull();
  }, 120_000);

  it('without answers: the sweep opens it again, and the candidate can start it', async () => {
    const { token, user } = await t.signUp();
    const job = await insertJob(t.database.db, { status: 'active' });
    const first = await startLiveInterview(t.app, base, token, job.id);
    await first.client.event('session_ready');
    await closeTab(first.client, user.id);

    expect((await sweep(after(minutes + 1))).ended).toContainEqual({
      interviewId: first.interviewId,
      status: 'not_started',
    });
    const retake = await startLiveInterview(t.app, base, token, job.id);
    expect(await retake.client.event('session_ready')).toMatchObject({
      interview_id: first.interviewId,
      resumed: false,
    });
    retake.client.close();
  }, 90_000);
});
