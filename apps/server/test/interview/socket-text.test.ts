/**
 * Issue 24 row 7: the socket applies the text rules HTTP applies (no NUL in any text field, the
 * nesting limit): a frame that breaks them gets an `error` and nothing is created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_JSON_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE } from '@app/shared';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { InterviewClient } from './ws-client';
import { consentTo } from '../helpers/consent';

let t: TestContext;
let base: string;
beforeAll(async () => ({ t, ws: base } = await buildSocketTestApp()));
afterAll(async () => t.close());

const startFrame = (jobId: string, fields: Record<string, unknown> = {}) => ({
  event: 'start',
  session_id: crypto.randomUUID(),
  interview_id: crypto.randomUUID(),
  job_id: jobId,
  candidate_id: 'ignored',
  candidate_name: 'Sam Lee',
  ...fields,
});

describe('text rules on the interview socket', () => {
  it('refuses a NUL in candidate_name or any other text field with an error, and creates no interview', async () => {
    // A candidate without a profile name: the greeting would use candidate_name.
    const { token, user } = await t.signUp();
    const job = await insertJob(t.database.db, { status: 'active' });
    await consentTo(t.app, token, job.id);
    const client = await InterviewClient.connect(`${base}?token=${token}`);

    const bad = [
      startFrame(job.id, { candidate_name: 'Sam\u0000Lee' }),
      startFrame(job.id, { candidate_id: '\u0000' }),
      startFrame(job.id, { session_id: `s-\u0000-${crypto.randomUUID()}` }),
      startFrame(job.id, { 'extra\u0000key': 1 }),
      { event: 'mic_chunk', seq: 1, audio_b64: 'AAAA', note: ['ok', 'x\u0000'] },
    ];
    for (const frame of bad) {
      const from = client.messages.length;
      client.send(frame);
      const reply = await client.event('error', undefined, from);
      expect((reply as { message: string }).message).toContain(NUL_MESSAGE);
    }
    expect((client.messages as { message?: string }[]).map((m) => m.message)).toEqual([
      `Malformed message: candidate_name: ${NUL_MESSAGE}`,
      `Malformed message: candidate_id: ${NUL_MESSAGE}`,
      `Malformed message: session_id: ${NUL_MESSAGE}`,
      `Malformed message: extra\u0000key: ${NUL_MESSAGE}`,
      `Malformed message: note.1: ${NUL_MESSAGE}`,
    ]);
    expect(await t.database.db.select().from(interviews).where(eq(interviews.candidateId, user.id))).toEqual([]);

    // A frame nested past the limit gets the same answer HTTP gives, and the socket stays usable.
    const from = client.messages.length;
    client.send(`{"event":"start","x":${'['.repeat(MAX_JSON_DEPTH * 100)}${']'.repeat(MAX_JSON_DEPTH * 100)}}`);
    expect(await client.event('error', undefined, from)).toMatchObject({
      message: `Malformed message: ${TOO_DEEP_MESSAGE}`,
    });
    client.send(startFrame(job.id));
    await client.event('session_ready');
    const rows = await t.database.db.select().from(interviews).where(eq(interviews.candidateId, user.id));
    expect(rows).toHaveLength(1);
    client.close();
  });
});
