/**
 * Issue 43, item 12: integrity evidence is taken only from the live, recorded session of the
 * candidate's own in-progress interview. A practice run naming one of their interviews (decided or
 * in progress) adds nothing to it, and a decided interview takes no new evidence at all.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob, markProfileComplete } from '../helpers/work-fixtures';
import { integrityEvents } from '../../src/db/schema-ai-hiring';
import { createInterview } from '../../src/interview/interviews';
import * as integrity from '../../src/interview/integrity';
import { InterviewClient } from '../interview/ws-client';
import { startLiveInterview } from '../interview/live-start';

// Every write the socket starts is awaited before counting rows: no waiting on the clock.
vi.mock('../../src/interview/integrity', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/interview/integrity')>();
  return { ...original, recordIntegrityEvent: vi.fn(original.recordIntegrityEvent) };
});
const record = vi.mocked(integrity.recordIntegrityEvent);

let t: TestContext;
let ws: string;
beforeAll(async () => {
  ({ t, ws } = await buildSocketTestApp());
});
afterAll(() => t.close());

const stored = async (interviewId: string) =>
  (await t.database.db.select().from(integrityEvents).where(eq(integrityEvents.interviewId, interviewId))).length;

/** Sends three integrity frames, then waits until the socket handled them and their writes finished. */
async function sendEvidence(client: InterviewClient) {
  client.send({ event: 'integrity', kind: 'tab_hidden', duration_ms: 4000 });
  client.send({ event: 'integrity', kind: 'paste' });
  client.send({ event: 'integrity', kind: 'focus_lost', duration_ms: 900 });
  // Frames are handled in order: the answer to a malformed one comes after the three were taken.
  const mark = client.messages.length;
  client.send({ event: 'integrity', kind: 'not_a_kind' });
  await client.waitFor(() => client.messages.slice(mark).some((m) => m.event === 'error'));
  await Promise.all(record.mock.results.map((r) => r.value));
}

async function practice(token: string, jobId: string, interviewId: string) {
  const client = await InterviewClient.connect(`${ws}?token=${token}`);
  client.send({
    event: 'start',
    session_id: crypto.randomUUID(),
    interview_id: interviewId,
    job_id: jobId,
    practice: true,
    candidate_id: 'ignored',
    candidate_name: 'Sam Lee',
  });
  await client.event('session_ready');
  return client;
}

describe('integrity evidence and practice', () => {
  it('a practice run naming the candidate’s own decided or in-progress interview adds no evidence to it', async () => {
    const cand = await t.signUp();
    await markProfileComplete(t.database.db, cand.user.id);
    const decidedJob = await insertJob(t.database.db);
    const openJob = await insertJob(t.database.db);
    const decided = await createInterview(t.database.db, {
      jobId: decidedJob.id,
      candidateId: cand.user.id,
      status: 'approved',
      startedAt: new Date(Date.now() - 3_600_000),
      completedAt: new Date(Date.now() - 3_000_000),
    });
    const open = await createInterview(t.database.db, {
      jobId: openJob.id,
      candidateId: cand.user.id,
      status: 'in_progress',
      startedAt: new Date(),
    });

    for (const [job, interview] of [
      [decidedJob, decided],
      [openJob, open],
    ] as const) {
      const client = await practice(cand.token, job.id, interview.id);
      await sendEvidence(client);
      expect(await stored(interview.id), interview.status).toBe(0);
      client.send({ event: 'end', reason: 'user_ended' });
      await vi.waitFor(() => expect(t.app.interviewSessions.live()).toHaveLength(0), { timeout: 30_000 });
      client.close();
    }
  });

  it('the live recorded session of the own in-progress interview records evidence; a decided interview takes none', async () => {
    const cand = await t.signUp();
    const job = await insertJob(t.database.db);
    const { client, interviewId } = await startLiveInterview(t.app, ws, cand.token, job.id);
    await client.event('session_ready');
    await sendEvidence(client);
    expect(await stored(interviewId)).toBe(3);
    client.close();

    const decided = await createInterview(t.database.db, {
      jobId: (await insertJob(t.database.db)).id,
      candidateId: cand.user.id,
      status: 'rejected',
      startedAt: new Date(Date.now() - 3_600_000),
    });
    const at = new Date();
    const write = { interviewId: decided.id, candidateId: cand.user.id, kind: 'paste' as const, at };
    expect(await integrity.recordIntegrityEvent(t.database.db, write)).toBe(false);
    expect(await stored(decided.id)).toBe(0);
  });
});
