import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { InterviewSession } from '../../src/interview/session';
import { InterviewClient } from './ws-client';
import { consentTo } from '../helpers/consent';

let t: TestContext;
let base: string;
beforeAll(async () => ({ t, ws: base } = await buildSocketTestApp()));
afterAll(async () => t.close());

const job = (status: 'active' | 'archived' | 'pending' = 'active') => insertJob(t.database.db, { status });

/** A recorded interview needs the candidate's consent for the job before it starts. */
async function startRecorded(client: InterviewClient, token: string, jobId: string) {
  await consentTo(t.app, token, jobId);
  return start(client, jobId);
}

function start(client: InterviewClient, jobId: string, interviewId = crypto.randomUUID()) {
  client.send({
    event: 'start',
    session_id: crypto.randomUUID(),
    interview_id: interviewId,
    job_id: jobId,
    candidate_id: 'ignored',
    candidate_name: 'Sam Lee',
  });
  return interviewId;
}

const closed = (client: InterviewClient) => vi.waitFor(() => expect(client.closed).toBe(true), { timeout: 5000 });

describe('/ws/session limits', () => {
  it('takes the token from the Sec-WebSocket-Protocol header and answers with the bearer protocol', async () => {
    const { token } = await t.signUp();
    const client = await InterviewClient.connect(base, true, ['bearer', token]);
    expect(client.ws.protocol).toBe('bearer');
    await startRecorded(client, token, (await job()).id);
    await client.event('session_ready');
    client.close();

    const forged = await InterviewClient.connect(base, true, ['bearer', `${token}x`]);
    expect(await forged.event('error')).toMatchObject({ message: 'Not authenticated' });
    await closed(forged);
    expect(forged.closeCode).toBe(4401);
  });

  it('refuses to start an interview for a job that is not active, and creates nothing', async () => {
    const { token, user } = await t.signUp();
    for (const status of ['archived', 'pending'] as const) {
      const client = await InterviewClient.connect(`${base}?token=${token}`);
      start(client, (await job(status)).id);
      expect(await client.event('error')).toMatchObject({ message: 'This job is not accepting interviews right now.' });
      client.close();
    }
    expect(await t.database.db.select().from(interviews).where(eq(interviews.candidateId, user.id))).toEqual([]);
  });

  it('allows one live session per candidate: a second interview is refused while the first is open', async () => {
    const { token } = await t.signUp();
    const first = await InterviewClient.connect(`${base}?token=${token}`);
    await startRecorded(first, token, (await job()).id);
    await first.event('session_ready');

    const second = await InterviewClient.connect(`${base}?token=${token}`);
    const secondJob = (await job()).id;
    await startRecorded(second, token, secondJob);
    expect(await second.event('error')).toMatchObject({
      message: 'You already have a live interview open in another window or tab. Close it before starting another one.',
    });
    second.close();

    // Once the first window is closed, the other interview can start.
    first.close();
    await vi.waitFor(() => expect(t.app.interviewSessions.live().some((s) => s.session.isAttached)).toBe(false));
    const third = await InterviewClient.connect(`${base}?token=${token}`);
    start(third, secondJob);
    await third.event('session_ready');
    third.close();
  });

  it('refuses audio arriving faster than real time beyond a small burst, then closes the socket', async () => {
    const { token } = await t.signUp();
    const client = await InterviewClient.connect(`${base}?token=${token}`, false);
    await startRecorded(client, token, (await job()).id);
    await client.event('session_ready');

    let acceptedMs = 0;
    const spy = vi.spyOn(InterviewSession.prototype, 'micChunk').mockImplementation(function (b64: string) {
      acceptedMs += (Buffer.from(b64, 'base64').length / 2 / 24000) * 1000;
    });
    const chunk = Buffer.alloc(4800).toString('base64'); // 100 ms of 24 kHz audio
    const startedAt = Date.now();
    // 10 minutes of audio, pushed as fast as the socket takes it.
    for (let seq = 0; seq < 6000 && !client.closed; seq++) client.send({ event: 'mic_chunk', seq, audio_b64: chunk });
    expect(await client.waitFor((m) => m.event === 'error')).toMatchObject({
      message: 'Audio is arriving faster than real time; the extra audio was dropped.',
    });
    await closed(client);
    expect(client.closeCode).toBe(1008);
    const elapsed = Date.now() - startedAt;
    spy.mockRestore();
    // What reached the pipeline is the burst plus real time, not the ten minutes.
    expect(acceptedMs).toBeLessThanOrEqual(5000 + elapsed * 1.1 + 100);
    const errors = client.messages.filter((m) => m.event === 'error').map((m) => (m as { message: string }).message);
    expect(errors.at(-1)).toBe('Audio kept arriving faster than real time; the connection is closed.');
  });
});
