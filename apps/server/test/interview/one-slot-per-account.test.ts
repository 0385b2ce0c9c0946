/**
 * Issue 24 row 3: one account holds at most one live-interview slot, whether its socket is
 * connected or waiting in the reconnect grace. Starting and dropping the socket over and over must
 * not fill the instance: each new start replaces the account's own waiting session.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob, markProfileComplete } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { InterviewClient } from './ws-client';
import { consentTo } from '../helpers/consent';

const MAX_LIVE = 4;
let t: TestContext;
let base: string;
// A grace far longer than the test, so nothing here is freed by a timer running out.
beforeAll(
  async () =>
    ({ t, ws: base } = await buildSocketTestApp({
      INTERVIEW_MAX_LIVE: String(MAX_LIVE),
      INTERVIEW_RESUME_GRACE_SECONDS: '3600',
      // Thirty practice starts from one address here: this file is about slots, not that limit.
      INTERVIEW_PRACTICE_PER_ADDRESS_PER_HOUR: '1000',
    })),
);
afterAll(async () => t.close());

const liveOf = (userId: string) => t.app.interviewSessions.live().filter((s) => s.userId === userId);

type Ids = { session_id: string; interview_id: string };
const newIds = (): Ids => ({ session_id: crypto.randomUUID(), interview_id: crypto.randomUUID() });

/** Sends `start` on a new socket and returns the server's first answer to it. */
async function start(token: string, fields: Ids & { job_id: string; practice?: boolean }) {
  const client = await InterviewClient.connect(`${base}?token=${token}`);
  client.send({ event: 'start', candidate_id: 'ignored', candidate_name: 'Sam Lee', ...fields });
  const answer = await client.waitFor((m) => m.event === 'session_ready' || m.event === 'error');
  return { client, answer };
}

/** Closes the client and waits until the server has let go of the socket (the session waits or is gone). */
async function drop(client: InterviewClient, sessionId: string) {
  client.close();
  await vi.waitFor(() => {
    const entry = t.app.interviewSessions.live().find((s) => s.session.sessionId === sessionId);
    expect(entry?.session.isAttached ?? false).toBe(false);
  });
}

describe('one live-interview slot per account', () => {
  it('an account that starts and drops the socket ten times holds one slot; other candidates still get in', async () => {
    const job = await insertJob(t.database.db, { status: 'active' });
    const attacker = await t.signUp();
    await consentTo(t.app, attacker.token, job.id);
    await markProfileComplete(t.database.db, attacker.user.id);

    // A recorded interview first, dropped: it waits for its candidate in the grace period.
    const recorded = newIds();
    const first = await start(attacker.token, { ...recorded, job_id: job.id });
    expect(first.answer.event).toBe('session_ready');
    await drop(first.client, recorded.session_id);

    // Ten quick start-and-drop cycles (practice runs need no consent and store nothing).
    for (let i = 0; i < 10; i++) {
      const ids = newIds();
      const { client, answer } = await start(attacker.token, { ...ids, job_id: job.id, practice: true });
      expect(answer, `start ${i + 1}`).toMatchObject({ event: 'session_ready', session_id: ids.session_id });
      await drop(client, ids.session_id);
      expect(liveOf(attacker.user.id)).toHaveLength(1);
    }

    // The replaced recorded interview was let go cleanly: not completed, not sent to review.
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, recorded.interview_id));
    expect(row).toMatchObject({ status: 'in_progress', sessionId: recorded.session_id });

    // The other slots are free for other candidates.
    const others = [];
    for (let i = 0; i < MAX_LIVE - 2; i++) {
      const other = await t.signUp();
      await consentTo(t.app, other.token, job.id);
      const { client, answer } = await start(other.token, { ...newIds(), job_id: job.id });
      expect(answer, `other candidate ${i + 1}`).toMatchObject({ event: 'session_ready' });
      others.push(client);
    }
    expect(liveOf(attacker.user.id).length).toBeLessThanOrEqual(1);

    // The recorded interview can still be continued with its own session id: it takes the
    // account's one slot back from the practice run waiting there.
    await vi.waitFor(() => expect(liveOf(attacker.user.id).every((s) => !s.session.isAttached)).toBe(true));
    const back = await start(attacker.token, { ...recorded, job_id: job.id });
    expect(back.answer).toMatchObject({ event: 'session_ready', interview_id: recorded.interview_id });
    expect(liveOf(attacker.user.id)).toHaveLength(1);

    // A second window of the same account, while the first is connected, is still refused.
    const second = await start(attacker.token, { ...newIds(), job_id: job.id, practice: true });
    expect(second.answer).toMatchObject({ event: 'error' });
    expect(liveOf(attacker.user.id)).toHaveLength(1);

    second.client.close();
    await drop(back.client, recorded.session_id);

    // And ten more sent without waiting for anything, each socket closed right after its start.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => InterviewClient.connect(`${base}?token=${attacker.token}`)),
    );
    for (const client of burst) {
      client.send({ event: 'start', ...newIds(), job_id: job.id, practice: true, candidate_name: 'Sam' });
      client.close();
    }
    await vi.waitFor(() => expect(burst.every((c) => c.closed)).toBe(true));

    // The last free slot is still there for the next candidate.
    const late = await t.signUp();
    await consentTo(t.app, late.token, job.id);
    const lateStart = await start(late.token, { ...newIds(), job_id: job.id });
    expect(lateStart.answer).toMatchObject({ event: 'session_ready' });
    expect(liveOf(attacker.user.id).length).toBeLessThanOrEqual(1);

    for (const c of [lateStart.client, ...others]) c.close();
  }, 120_000);
});
