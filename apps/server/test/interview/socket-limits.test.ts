import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SOCKET_CLOSE } from '@app/shared';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { InterviewSession } from '../../src/interview/session';
import { InterviewClient } from './ws-client';
import { consentTo } from '../helpers/consent';
import { ManualClock } from './manual-clock';

let t: TestContext;
let base: string;
// The socket's real-time audio budget runs on this clock: time passes only when a test says so.
const clock = new ManualClock();
beforeAll(async () => ({ t, ws: base } = await buildSocketTestApp({}, { clock })));
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

/** Resolves when the server has closed the socket (the close event itself, however long it takes). */
const closed = async (client: InterviewClient) => {
  if (!client.closed) await once(client.ws, 'close');
};

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
    expect(forged.closeCode).toBe(SOCKET_CLOSE.notAuthenticated);
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
    // The server lets go of the session when it sees the close; on a busy machine that may take a while.
    await vi.waitFor(() => expect(t.app.interviewSessions.live().some((s) => s.session.isAttached)).toBe(false), {
      timeout: 30_000,
    });
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
    let seq = 0;
    const push = (chunks: number) => {
      for (let i = 0; i < chunks && !client.closed; i++)
        client.send({ event: 'mic_chunk', seq: seq++, audio_b64: chunk });
    };
    const tooFast = 'Audio is arriving faster than real time; the extra audio was dropped.';

    // No time passes: the 5 s burst is taken, the rest refused with one error.
    push(60);
    expect(await client.waitFor((m) => m.event === 'error')).toMatchObject({ message: tooFast });
    // A second of real time lets 1.1 s more in (the budget's allowance for clock drift).
    await clock.advance(1000);
    const from = client.messages.length;
    push(12);
    expect(await client.waitFor((m) => m.event === 'error', undefined, from)).toMatchObject({ message: tooFast });
    expect(acceptedMs).toBe(6100);

    // Ten minutes of audio at once: refused, and past 10 s of refusal the connection is closed.
    push(6000);
    await closed(client);
    spy.mockRestore();
    expect(client.closeCode).toBe(SOCKET_CLOSE.policy);
    expect(acceptedMs).toBe(6100);
    const errors = client.messages.filter((m) => m.event === 'error').map((m) => (m as { message: string }).message);
    expect(errors.at(-1)).toBe('Audio kept arriving faster than real time; the connection is closed.');
  });
});
