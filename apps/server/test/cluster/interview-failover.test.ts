import { describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { listTurns } from '../../src/interview/store';
import { drainAndClose } from '../../src/cluster/shutdown';
import { InterviewClient } from '../interview/ws-client';
import { consentTo } from '../helpers/consent';
import { clusterSkipReason, redisPrefix, until, useClusterDatabase, type Instance } from '../helpers/cluster';

/**
 * A live interview outlives its instance: killed, or drained by SIGTERM for a rolling restart, the
 * candidate's client reconnects (here: to the other instance, as the load balancer would send it)
 * and the interview continues from the saved transcript.
 */
describe.skipIf(Boolean(clusterSkipReason))('a live interview across instances', () => {
  const startInstance = useClusterDatabase();
  const env = { REDIS_PREFIX: redisPrefix(), INTERVIEW_RESUME_GRACE_SECONDS: '30' };
  const instance = () => startInstance(env);

  async function candidateWithJob(at: Instance) {
    const reg = await at.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `c-${crypto.randomUUID()}@example.test`, password: 'secret123' },
    });
    const [job] = await at.database.db
      .insert(jobs)
      .values({ title: 'Photo Rater', description: 'Rate photos.', positionType: 'Freelance', status: 'active' })
      .returning();
    const token = reg.json().token as string;
    await consentTo(at.app, token, job!.id);
    return { token, jobId: job!.id };
  }

  async function start(at: Instance, token: string, ids: { session_id: string; interview_id: string; job_id: string }) {
    const client = await InterviewClient.connect(`${at.ws}?token=${token}`);
    client.send({ event: 'start', ...ids, candidate_id: 'ignored', candidate_name: 'Sam Lee' });
    return client;
  }

  const firstAiTurn = (c: InterviewClient) =>
    c.waitFor((m) => m.event === 'transcript' && m.speaker === 'ai' && m.final, 60000);

  it('survives killing its instance: the other one resumes it with the transcript intact', async () => {
    const a = await instance();
    const b = await instance();
    const { token, jobId } = await candidateWithJob(a);
    const ids = { session_id: crypto.randomUUID(), interview_id: crypto.randomUUID(), job_id: jobId };
    const onA = await start(a, token, ids);
    const ready = await onA.event('session_ready', 30000);
    const opening = await firstAiTurn(onA);
    const interviewId = (ready as { interview_id: string }).interview_id;
    await until(async () => (await listTurns(a.database.db, interviewId)).length >= 1, 10000, 'the first turn saved');

    // Killed: connections dropped without a word, then the process state is gone.
    for (const ws of a.app.websocketServer.clients) ws.terminate();
    await a.stop();
    await until(() => onA.closed, 5000, 'the client to notice');
    expect(onA.closeCode).toBe(1006);

    const onB = await start(b, token, { ...ids, interview_id: interviewId });
    const resumed = await onB.event('session_ready', 30000);
    expect(resumed).toMatchObject({ interview_id: interviewId, resumed: true });
    const welcome = await firstAiTurn(onB);
    expect((welcome as { text: string }).text).toMatch(/^Welcome back\./);
    const turns = await listTurns(b.database.db, interviewId);
    expect(turns[0]).toMatchObject({ speaker: 'ai', text: (opening as { text: string }).text });
    onB.close();
  }, 120000);

  it('on SIGTERM tells live interviews to reconnect (notice + 1012), refuses new ones, and they resume elsewhere', async () => {
    const a = await instance();
    const b = await instance();
    const sessions = await Promise.all(
      [0, 1, 2].map(async () => {
        const { token, jobId } = await candidateWithJob(a);
        const ids = { session_id: crypto.randomUUID(), interview_id: crypto.randomUUID(), job_id: jobId };
        const client = await start(a, token, ids);
        const ready = (await client.event('session_ready', 30000)) as { interview_id: string };
        return { token, ids: { ...ids, interview_id: ready.interview_id }, client };
      }),
    );
    await firstAiTurn(sessions[0]!.client);

    const { drainMs, sockets, timedOut } = await drainAndClose(a.app, {
      timeoutMs: 20000,
      closeDatabase: () => a.stop(),
    });
    console.log(`drain with ${sockets} live interviews: ${drainMs} ms`);
    expect(sockets).toBe(3);
    expect(timedOut).toBe(false);
    for (const { client } of sessions) {
      await until(() => client.closed, 5000, 'the socket to close');
      expect(client.closeCode).toBe(1012);
      const notice = client.messages.find((m) => m.event === 'notice');
      expect(notice).toMatchObject({ event: 'notice', msg: expect.stringMatching(/restarting/i) });
    }
    expect(a.app.server.listening).toBe(false);

    // A connection arriving at a draining instance is sent on its way the same way.
    b.app.draining = true;
    const late = await InterviewClient.connect(`${b.ws}?token=${sessions[0]!.token}`);
    await until(() => late.closed, 5000, 'the late socket to be sent away');
    expect(late.closeCode).toBe(1012);
    b.app.draining = false;

    for (const { token, ids } of sessions) {
      const client = await start(b, token, ids);
      expect(await client.event('session_ready', 30000)).toMatchObject({
        interview_id: ids.interview_id,
        resumed: true,
      });
      client.close();
    }
  }, 120000);
});
