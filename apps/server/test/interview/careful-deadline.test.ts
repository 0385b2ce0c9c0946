/**
 * A careful pass that cannot start in time (issue 45 item 2, decision 0243): once it has waited
 * CAREFUL_PASS_START_WITHIN_SECONDS, the interview is assessed on its live transcript and its record
 * says why; the pass stays queued and, when it runs, replaces that assessment; an interview decided
 * meanwhile keeps its record and the pass is skipped. The careful engine is a stub transcription
 * service that holds each request until the test lets it answer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers/build';
import { startStubServer } from '../helpers/stub-server';
import { interviews } from '../../src/db/schema';
import { completeInterview } from '../../src/interview/interviews';
import { storeAnswerAudio } from '../../src/interview/transcript/answer-audio';
import { registry } from '../../src/cluster/metrics';
import { seedInterview } from '../assessment/fixtures';

const held: (() => void)[] = [];
let stub: Awaited<ReturnType<typeof startStubServer>>;
let t: TestContext;
beforeAll(async () => {
  stub = await startStubServer(async (req, _body, res) => {
    if (req.url !== '/v1/audio/transcriptions') return res.writeHead(404).end();
    held.push(() =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ text: 'Careful words', words: [{ word: 'Careful', start: 0, end: 0.4 }] })),
    );
  });
  t = await buildTestApp({
    CAREFUL_PASS: 'true',
    CAREFUL_PASS_START_WITHIN_SECONDS: '1',
    STT_BASE_URL: `${stub.url}/v1`,
    STT_API_KEY: 'sk-test',
  });
});
afterAll(async () => {
  for (const answer of held.splice(0)) answer();
  await t?.close();
  await stub?.close();
});

async function endedInterview() {
  const { interview, candidate } = await seedInterview(t.database.db, { status: 'in_progress' });
  const pcm = new Int16Array(16000).fill(300);
  await storeAnswerAudio(t.database.db, t.app.storage, interview, { pcm, turns: [{ seq: 1, start_seconds: 0 }] });
  await completeInterview(t.database.db, interview.id, candidate.id, t.app.events, '198.51.100.1');
  return interview.id;
}
const row = async (id: string) => (await t.database.db.select().from(interviews).where(eq(interviews.id, id)))[0]!;
const note = async (id: string) =>
  ((await row(id)).assessment as { provenance?: { transcript_note?: string } } | null)?.provenance?.transcript_note;
const fallbacks = async () =>
  Number(/^careful_pass_live_fallbacks_total\{reason="not_started"\} (\d+)$/m.exec(await registry.metrics())?.[1] ?? 0);

describe('a careful pass that cannot start in time', () => {
  it('is not waited for: the live transcript is assessed, and the pass replaces it when it runs', async () => {
    const before = await fallbacks();
    // The first pass holds the only slot; the second waits past its start deadline.
    const first = await endedInterview();
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 30_000, interval: 50 });
    const second = await endedInterview();
    await vi.waitFor(async () => expect(await note(second)).toMatch(/had not started 1 s after the interview ended/), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await row(second)).status).toBe('under_review');
    expect((await row(second)).transcriptPass).toBe('live');
    expect(await fallbacks()).toBe(before + 1);

    // The first pass answers; the second runs next and its assessment replaces the live one.
    held.shift()!();
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 30_000, interval: 50 });
    held.shift()!();
    await t.app.queue.settle(30_000);
    expect((await row(first)).transcriptPass).toBe('careful');
    expect((await row(second)).transcriptPass).toBe('careful');
    expect(await note(second)).toBeUndefined();
  }, 120_000);

  it('is skipped when the interview was decided while it waited', async () => {
    const first = await endedInterview();
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 30_000, interval: 50 });
    const second = await endedInterview();
    await vi.waitFor(async () => expect((await row(second)).status).toBe('under_review'), {
      timeout: 30_000,
      interval: 100,
    });
    const admin = await t.adminToken();
    const decided = await t.post(`/api/admin/interviews/${second}/decision`, admin, {
      decision: 'rejected',
      reason: 'Not a fit for this job',
    });
    expect(decided.statusCode).toBe(200);
    const decidedRecord = (await row(second)).assessment;

    held.shift()!();
    await t.app.queue.settle(30_000);
    // Only the first interview's audio reached the careful engine.
    expect(held).toHaveLength(0);
    expect((await row(first)).transcriptPass).toBe('careful');
    expect((await row(second)).transcriptPass).toBe('live');
    expect((await row(second)).assessment).toEqual(decidedRecord);
  }, 120_000);
});
