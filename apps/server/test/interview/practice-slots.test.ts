/**
 * Issue 32 item 4: practice runs may not take every interviewer slot. Practice needs a finished
 * profile, holds at most half of INTERVIEW_MAX_LIVE and is limited per address; only a recorded
 * start of the candidate's own in-progress interview with turns passes a full instance (decision 0169).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@app/shared';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob, markProfileComplete } from '../helpers/work-fixtures';
import { consentTo } from '../helpers/consent';
import { createInterview } from '../../src/interview/interviews';
import { appendTurn } from '../../src/interview/store';
import {
  INTERVIEWERS_BUSY,
  PRACTICE_BUSY,
  PRACTICE_NEEDS_PROFILE,
  practiceTooOften,
} from '../../src/interview/manager';
import { InterviewClient } from './ws-client';

const MAX_LIVE = 4;
let t: TestContext;
let base: string;
beforeAll(
  async () =>
    ({ t, ws: base } = await buildSocketTestApp({
      INTERVIEW_MAX_LIVE: String(MAX_LIVE),
      INTERVIEW_RESUME_GRACE_SECONDS: '3600',
      INTERVIEW_PRACTICE_PER_ADDRESS_PER_HOUR: '3',
    })),
);
afterAll(async () => t.close());

const live = () => t.app.interviewSessions.live().length;

/** A signed-up account; `complete` finishes its onboarding. */
async function account(complete = true) {
  const a = await t.signUp();
  if (complete) await markProfileComplete(t.database.db, a.user.id);
  return a;
}

/** Sends `start` on a new socket and returns the client and the server's first answer. */
async function start(token: string, fields: { job_id: string; practice?: boolean; interview_id?: string }) {
  const client = await InterviewClient.connect(`${base}?token=${token}`);
  client.send({
    event: 'start',
    session_id: crypto.randomUUID(),
    interview_id: crypto.randomUUID(),
    candidate_id: 'ignored',
    candidate_name: 'Sam Lee',
    ...fields,
  });
  const answer: ServerMessage = await client.waitFor((m) => m.event === 'session_ready' || m.event === 'error');
  return { client, answer };
}

/** Ends a practice run on purpose and waits until its slot is free. */
async function endPractice(client: InterviewClient, before: number) {
  client.send({ event: 'end', reason: 'user_ended' });
  await vi.waitFor(() => expect(live()).toBe(before - 1), { timeout: 30_000 });
  client.close();
}

describe('practice and the interviewer slots', () => {
  it('practice needs a profile, holds half the slots, cannot pass a full instance by naming an old interview, and is limited per address', async () => {
    const job = await insertJob(t.database.db, { status: 'active' });

    // A brand-new account (no profile, no job, no consent) gets no practice run.
    const newcomer = await account(false);
    const refused = await start(newcomer.token, { job_id: job.id, practice: true });
    expect(refused.answer).toMatchObject({ event: 'error', message: PRACTICE_NEEDS_PROFILE });
    expect(live()).toBe(0);
    refused.client.close();

    // Practice takes at most half of the slots (two of four here).
    const a = await account();
    const b = await account();
    const c = await account();
    const practiceA = await start(a.token, { job_id: job.id, practice: true });
    const practiceB = await start(b.token, { job_id: job.id, practice: true });
    expect([practiceA.answer.event, practiceB.answer.event]).toEqual(['session_ready', 'session_ready']);
    const third = await start(c.token, { job_id: job.id, practice: true });
    expect(third.answer).toMatchObject({ event: 'error', message: PRACTICE_BUSY });
    third.client.close();
    expect(live()).toBe(2);

    // The other half stays for recorded interviews.
    const recorded = [];
    for (const who of [c, await account()]) {
      await consentTo(t.app, who.token, job.id);
      const r = await start(who.token, { job_id: job.id });
      expect(r.answer.event).toBe('session_ready');
      recorded.push(r.client);
    }
    expect(live()).toBe(MAX_LIVE);

    // A full instance: a start naming the account's own finished interview with turns is not a
    // reconnect, practice or not.
    const old = await account();
    const done = await createInterview(t.database.db, { jobId: job.id, candidateId: old.user.id, status: 'completed' });
    await appendTurn(t.database.db, done.id, {
      seq: 1,
      speaker: 'user',
      text: 'I mostly paint book covers.',
      startedAt: new Date(),
      endedAt: new Date(),
      offsetSeconds: 3,
    });
    for (const practice of [true, false]) {
      const sneak = await start(old.token, { job_id: job.id, interview_id: done.id, practice });
      expect(sneak.answer, `practice: ${practice}`).toMatchObject({ event: 'error' });
      sneak.client.close();
    }
    expect(live()).toBe(MAX_LIVE);
    const busy = await start(old.token, { job_id: job.id, interview_id: done.id });
    expect(busy.answer).toMatchObject({ event: 'error', message: INTERVIEWERS_BUSY });
    busy.client.close();

    // Per address: three practice starts an hour here; two were made above.
    await endPractice(practiceA.client, MAX_LIVE);
    await endPractice(practiceB.client, MAX_LIVE - 1);
    const thirdStart = await start((await account()).token, { job_id: job.id, practice: true });
    expect(thirdStart.answer.event).toBe('session_ready');
    await endPractice(thirdStart.client, MAX_LIVE - 1);
    const fourth = await start((await account()).token, { job_id: job.id, practice: true });
    expect(fourth.answer).toMatchObject({ event: 'error', message: practiceTooOften(60 * 60) });
    fourth.client.close();

    for (const client of recorded) client.close();
  }, 120_000);
});
