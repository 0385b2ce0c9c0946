import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestContext } from '../helpers/build';
import { interviews, jobs } from '../../src/db/schema';
import { INTERVIEWERS_BUSY } from '../../src/interview/manager';
import { InterviewClient } from './ws-client';
import { consentTo } from '../helpers/consent';

let t: TestContext;
let base: string;

beforeAll(async () => {
  // Room for one live interview on this instance.
  t = await buildTestApp({ INTERVIEW_MAX_LIVE: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws/session`;
});
afterAll(async () => t.close());

async function activeJob() {
  const [row] = await t.database.db
    .insert(jobs)
    .values({ title: 'Photo Rater', description: 'Rate photos.', positionType: 'Freelance', status: 'active' })
    .returning();
  return row!.id;
}

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
      expect(['completed', 'under_review']).toContain(done!.status);
    });
    const third = await startInterview(jobId);
    await third.client.event('session_ready');
    third.client.close();
    back.close();
  }, 30_000);
});
