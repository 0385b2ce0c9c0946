import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SOCKET_CLOSE, type ServerMessage } from '@app/shared';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob, markProfileComplete } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { createInterview } from '../../src/interview/interviews';
import { appendTurn } from '../../src/interview/store';
import { InterviewClient } from './ws-client';
import { startLiveInterview } from './live-start';
import { consentTo } from '../helpers/consent';

let t: TestContext;
let base: string;
// A dropped session is kept the default minute: a reconnect on a busy machine is never too late.
beforeAll(async () => ({ t, ws: base } = await buildSocketTestApp()));
afterAll(async () => t.close());

const job = () => insertJob(t.database.db);

const started = (token: string, jobId: string, sessionId?: string, interviewId?: string) =>
  startLiveInterview(t.app, base, token, jobId, { sessionId, interviewId });

/** A new candidate's session that ran until its client got `event`, then lost the connection. */
async function droppedAfter(event: ServerMessage['event'], timeoutMs: number) {
  const { token, user } = await t.signUp();
  const j = await job();
  const first = await started(token, j.id);
  await first.client.event(event, timeoutMs);
  first.client.close();
  // The server has seen the drop once no live session of this candidate has a socket.
  await vi.waitFor(
    () => expect(t.app.interviewSessions.live().some((s) => s.userId === user.id && s.socket)).toBe(false),
    {
      timeout: 30_000,
    },
  );
  // The page reconnects with the same session and interview ids.
  const reconnect = () => started(token, j.id, first.sessionId, first.interviewId);
  return { first, jobId: j.id, reconnect };
}

describe('/ws/session', () => {
  it('refuses a connection without a valid token', async () => {
    const client = await InterviewClient.connect(`${base}?token=not-a-token`);
    await client.event('error');
    expect(client.messages[0]).toMatchObject({ event: 'error', message: 'Not authenticated' });
    if (!client.closed) await once(client.ws, 'close');
    expect(client.closeCode).toBe(SOCKET_CLOSE.notAuthenticated);
  });

  it('answers malformed and oversized messages with an error and keeps the connection', async () => {
    const { token } = await t.signUp();
    const client = await InterviewClient.connect(`${base}?token=${token}`);
    client.send('not json');
    client.send({ event: 'dance' });
    client.send({ event: 'mic_chunk', seq: -1, audio_b64: 'AAAA' });
    client.send({ event: 'mic_chunk', seq: 1, audio_b64: 'A'.repeat(300 * 1024) });
    client.send({ event: 'barge_in' });
    await client.waitFor(() => client.messages.length >= 5);
    expect(client.messages.map((m) => (m as { message?: string }).message)).toEqual([
      'Malformed message: not JSON',
      expect.stringMatching(/^Malformed message: event/),
      expect.stringMatching(/^Malformed message: seq/),
      'Message too large',
      'Send a start message first.',
    ]);
    // Still usable.
    const j = await job();
    await consentTo(t.app, token, j.id);
    client.send({
      event: 'start',
      session_id: crypto.randomUUID(),
      interview_id: crypto.randomUUID(),
      job_id: j.id,
      candidate_id: 'x',
      candidate_name: 'Sam',
    });
    await client.event('session_ready');
    expect(client.closed).toBe(false);
    client.close();
  });

  it('creates the interview for the token’s user (not candidate_id); a second session takes it over; a finished one is not restarted', async () => {
    const { token, user } = await t.signUp();
    const j = await job();
    const { client, interviewId } = await started(token, j.id);
    await client.event('session_ready');
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, interviewId));
    expect(row).toMatchObject({ candidateId: user.id, jobId: j.id, status: 'in_progress' });

    // Another session for the same job while this one runs takes it over (decision 0225).
    const other = await started(token, j.id);
    expect(await other.client.event('session_ready')).toMatchObject({ interview_id: interviewId });
    expect(await client.event('error')).toMatchObject({
      message: 'This interview continues in another tab or device.',
      recoverable: false,
    });

    // The candidate answered (an interview ended before any answer starts again; decision 0149).
    const now = new Date();
    await appendTurn(t.database.db, interviewId, {
      seq: 100,
      speaker: 'user',
      text: 'I have ten years of illustration work.',
      startedAt: now,
      endedAt: now,
      offsetSeconds: 5,
    });
    other.client.send({ event: 'end', reason: 'user_ended' });
    await vi.waitFor(
      async () => {
        const [done] = await t.database.db.select().from(interviews).where(eq(interviews.id, interviewId));
        expect(['completed', 'under_review']).toContain(done!.status);
      },
      { timeout: 30_000, interval: 100 },
    );
    client.close();

    const again = await started(token, j.id);
    expect(await again.client.event('error')).toMatchObject({
      message: 'You have already completed this interview. Visit your status page for updates instead of reapplying.',
    });
    other.client.close();
    again.client.close();
  });

  it('a reconnect with the same session id resumes the same session and interview', async () => {
    const { first, jobId, reconnect } = await droppedAfter('tts_chunk', 20000);
    const second = await reconnect();
    const ready = await second.client.event('session_ready');
    expect(ready).toMatchObject({ resumed: true, interview_id: first.interviewId, session_id: first.sessionId });
    const welcome = await second.client.waitFor((m) => m.event === 'transcript' && m.speaker === 'ai', 20000);
    expect((welcome as { text: string }).text).toMatch(/^Welcome back\./);

    // Someone else cannot take the session over.
    const stranger = await t.signUp();
    const hijack = await started(stranger.token, jobId, first.sessionId);
    expect(await hijack.client.event('error')).toMatchObject({ message: 'This session belongs to another user.' });
    second.client.close();
    hijack.client.close();
  });

  it('after the session is gone (grace period over, server restart) the same session id continues from the stored turns', async () => {
    const { first, reconnect } = await droppedAfter('answer_end', 30000); // the greeting is stored
    t.app.interviewSessions.close(); // what a restart does to live sessions
    const second = await reconnect();
    expect(await second.client.event('session_ready')).toMatchObject({
      resumed: true,
      interview_id: first.interviewId,
    });
    const welcome = await second.client.waitFor(
      (m) => m.event === 'transcript' && m.speaker === 'ai' && m.final,
      30000,
    );
    expect((welcome as { text: string }).text).toBe(
      'Welcome back. To start, tell me about your creative background and what draws you to this role.',
    );
    second.client.close();
  }, 90000);

  it('a practice session creates no interview and stores nothing', async () => {
    const { token, user } = await t.signUp();
    await markProfileComplete(t.database.db, user.id);
    const j = await job();
    const client = await InterviewClient.connect(`${base}?token=${token}`);
    const interviewId = crypto.randomUUID();
    client.send({
      event: 'start',
      session_id: crypto.randomUUID(),
      interview_id: interviewId,
      job_id: j.id,
      candidate_id: user.id,
      candidate_name: 'Sam',
      practice: true,
    });
    await client.event('tts_chunk', 30000);
    client.send({ event: 'end', reason: 'user_ended' });
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.database.db.select().from(interviews).where(eq(interviews.candidateId, user.id))).toEqual([]);
    client.close();
  });

  it('serves the stored transcript to the candidate and admins only', async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const j = await job();
    const interview = await createInterview(t.database.db, {
      jobId: j.id,
      candidateId: owner.user.id,
      status: 'in_progress',
    });
    const url = `/api/interviews/${interview.id}/transcript`;
    expect((await t.get(url, owner.token)).json()).toEqual({
      interview_id: interview.id,
      turns: [],
    });
    expect((await t.get(url, stranger.token)).statusCode).toBe(404);
    expect((await t.get(url, await t.adminToken())).statusCode).toBe(200);
    expect((await t.get(url)).statusCode).toBe(401);
  });
});
