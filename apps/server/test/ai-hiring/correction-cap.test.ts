/**
 * Issue 43, item 13: an interview keeps at most CORRECTIONS_MAX transcript corrections, however the
 * requests arrive. Parallel requests used to each count the rows before any had inserted (1,400 rows
 * past a cap of 1,000); the count and the insert now happen under the interview's row lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob } from '../helpers/work-fixtures';
import { transcriptTurns } from '../../src/db/schema';
import { transcriptCorrections } from '../../src/db/schema-ai-hiring';
import { CORRECTIONS_MAX } from '../../src/compliance/corrections';
import { assessedInterview, scoredAssessment } from './fixtures';

let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

/** The most corrections one request may carry (the request schema's limit). */
const PER_REQUEST = 200;
const LIMIT_REACHED = 'This interview has reached its limit of corrections.';

/** A candidate's ended interview with one answer to correct, and the corrections URL. */
async function endedInterview() {
  const cand = await t.signUp();
  const job = await postJob(t, admin);
  const iv = await assessedInterview(t, {
    jobId: job.id,
    candidateId: cand.user.id,
    status: 'completed',
    assessment: scoredAssessment([3, 3, 3, 3], 'consider'),
  });
  const now = new Date();
  await t.database.db.insert(transcriptTurns).values([
    { interviewId: iv.id, seq: 0, speaker: 'ai', text: 'Which tools do you use?', startedAt: now, endedAt: now },
    { interviewId: iv.id, seq: 1, speaker: 'user', text: 'After affects.', startedAt: now, endedAt: now },
  ]);
  const send = (n: number) =>
    t.post(`/api/interviews/${iv.id}/transcript-corrections`, cand.token, {
      corrections: Array.from({ length: n }, (_, i) => ({ seq: 1, text: `After Effects (${i})` })),
    });
  const stored = () => t.database.db.$count(transcriptCorrections, eq(transcriptCorrections.interviewId, iv.id));
  return { send, stored };
}

describe('the transcript-correction cap', () => {
  it('takes corrections up to the cap, then refuses the whole request with a 409', async () => {
    const { send, stored } = await endedInterview();
    for (let i = 0; i < 4; i++) expect((await send(PER_REQUEST)).statusCode).toBe(201);
    expect((await send(CORRECTIONS_MAX - 4 * PER_REQUEST - 100)).statusCode).toBe(201);
    expect(await stored()).toBe(CORRECTIONS_MAX - 100);
    // A request that would cross the cap is refused whole, not cut.
    const crossing = await send(PER_REQUEST);
    expect(crossing.statusCode).toBe(409);
    expect(crossing.json()).toEqual({ detail: LIMIT_REACHED });
    expect(await stored()).toBe(CORRECTIONS_MAX - 100);
    expect((await send(100)).statusCode).toBe(201);
    expect(await stored()).toBe(CORRECTIONS_MAX);
    const over = await send(1);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ detail: LIMIT_REACHED });
    expect(await stored()).toBe(CORRECTIONS_MAX);
  });

  // Only a PostgreSQL server runs transactions side by side (embedded PGlite has one connection).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'parallel requests never store more than the cap (PostgreSQL)',
    async () => {
      const { send, stored } = await endedInterview();
      const replies = await Promise.all(Array.from({ length: 12 }, () => send(PER_REQUEST)));
      const codes = replies.map((r) => r.statusCode).sort();
      expect(await stored()).toBe(CORRECTIONS_MAX);
      expect(codes.filter((c) => c === 201)).toHaveLength(CORRECTIONS_MAX / PER_REQUEST);
      expect(codes.filter((c) => c === 409)).toHaveLength(12 - CORRECTIONS_MAX / PER_REQUEST);
    },
  );
});
