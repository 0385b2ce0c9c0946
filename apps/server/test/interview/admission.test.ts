import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { INTERVIEWERS_BUSY } from '../../src/interview/manager';
import { InterviewClient } from './ws-client';
import { consentTo } from '../helpers/consent';

let t: TestContext;
let base: string;
// Room for one live interview on this instance.
beforeAll(async () => ({ t, ws: base } = await buildSocketTestApp({ INTERVIEW_MAX_LIVE: '1' })));
afterAll(async () => t.close());

const activeJob = async () => (await insertJob(t.database.db, { status: 'active' })).id;

async function startInterview(jobId: string) {
  const { token, user } = await t.signUp();
  await consentTo(t.app, token, jobId);
  const client = await InterviewClient.connect(`${base}?token=${token}`);
  const ids = { session_id: crypto.randomUUID(), interview_id: crypto.randomUUID() };
  client.send({ event: 'start', ...ids, job_id: jobId, candidate_id: 'ignored', candidate_name: 'Sam Lee' });
  return { client, user, ids, token };
}

describe('admission control', () => {
  it('tells a new candidate that all interviewers are busy before anything starts, and lets them in once there is room', async () => {
    const jobId = await activeJob();
    const first = await startInterview(jobId);
    await first.client.event('session_ready');

    const second = await startInterview(jobId);
    expect(await second.client.event('error')).toMatchObject({ message: INTERVIEWERS_BUSY });
    // Nothing was started for them: no interview, so nothing to resume or review.
    expect(await t.database.db.select().from(interviews).where(eq(interviews.candidateId, second.user.id))).toEqual([]);
    second.client.close();

    // The candidate in the interview can drop and come back: their session is not a new one.
    first.client.close();
    const back = await InterviewClient.connect(`${base}?token=${first.token}`);
    back.send({ event: 'start', ...first.ids, job_id: jobId, candidate_id: 'ignored', candidate_name: 'Sam Lee' });
    await back.event('session_ready');

    // When that interview ends, the next candidate gets in.
    back.send({ event: 'end', reason: 'user_ended' });
    await vi.waitFor(async () => {
      const [done] = await t.database.db.select().from(interviews).where(eq(interviews.candidateId, first.user.id));
      // Ended before any answer, it goes back to not started (decision 0149); either way it is over.
      expect(done!.status).not.toBe('in_progress');
    });
    const third = await startInterview(jobId);
    await third.client.event('session_ready');
    third.client.close();
    back.close();
  }, 30_000);
});
