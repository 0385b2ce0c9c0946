/**
 * The careful pass's queue on one instance (issue 43 item 14, decision 0224): admission per account
 * and per client address, a bound past which an interview is assessed on its live transcript at once
 * (its record says why), and fair order (every account's oldest pass before any account's second).
 * The careful engine is a stub transcription service that holds each request until the test lets it
 * answer, so the queue's state is the test's to set.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers/build';
import { startStubServer } from '../helpers/stub-server';
import { interviews } from '../../src/db/schema';
import { decodeWav } from '../../src/interview/audio';
import { completeInterview } from '../../src/interview/interviews';
import { storeAnswerAudio } from '../../src/interview/transcript/answer-audio';
import { seedInterview } from '../assessment/fixtures';

/** Requests the stub holds: the answer's length (which interview it is) and the call that answers it. */
const held: { samples: number; answer: () => void }[] = [];
/** Answer every request at once (between tests, to empty the queue). */
let open = false;

let stub: Awaited<ReturnType<typeof startStubServer>>;
let t: TestContext;
beforeAll(async () => {
  stub = await startStubServer(async (req, body, res) => {
    if (req.url !== '/v1/audio/transcriptions') return res.writeHead(404).end();
    const form = await new Request('http://stub', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type']! },
      body,
    }).formData();
    const samples = decodeWav(Buffer.from(await (form.get('file') as Blob).arrayBuffer())).samples.length;
    const answer = () =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ text: 'Careful words', words: [{ word: 'Careful', start: 0, end: 0.4 }] }));
    if (open) answer();
    else held.push({ samples, answer });
  });
  t = await buildTestApp({
    CAREFUL_PASS: 'true',
    CAREFUL_PASS_TIMEOUT_SECONDS: '600',
    CAREFUL_PASS_MAX_QUEUED: '6',
    CAREFUL_PASS_MAX_PER_ACCOUNT: '3',
    CAREFUL_PASS_MAX_PER_ADDRESS: '3',
    STT_BASE_URL: `${stub.url}/v1`,
    STT_API_KEY: 'sk-test',
  });
});
afterAll(async () => {
  open = true;
  for (const h of held.splice(0)) h.answer();
  await t?.close();
  await stub?.close();
});

/** Each interview's one answer is a length of its own, so a held request says whose it is. */
let lengths = 0;
const byLength = new Map<number, string>();

type Seeded = { id: string; candidateId: string; name: string };

/** An interview in progress with one kept answer, of the given account (a new one when omitted). */
async function interviewOf(name: string, candidateId?: string): Promise<Seeded> {
  const { interview, candidate } = await seedInterview(t.database.db, { status: 'in_progress', candidateId });
  const samples = 16000 + 160 * ++lengths;
  byLength.set(samples, name);
  const pcm = new Int16Array(samples).fill(300);
  await storeAnswerAudio(t.database.db, t.app.storage, interview, { pcm, turns: [{ seq: 1, start_seconds: 0 }] });
  return { id: interview.id, candidateId: candidate.id, name };
}

const row = async (id: string) => (await t.database.db.select().from(interviews).where(eq(interviews.id, id)))[0]!;
const queuedPass = async (id: string) =>
  (
    await t.database.query(`SELECT 1 FROM pgboss.job WHERE name = 'careful-transcript' AND data->>'interviewId' = $1`, [
      id,
    ])
  ).rows.length > 0;

/** Ends the interview from `address` and waits until its pass is queued or it is assessed without one. */
async function complete(i: Seeded, address: string) {
  await completeInterview(t.database.db, i.id, i.candidateId, t.app.events, address);
  await vi.waitFor(async () => expect((await queuedPass(i.id)) || (await row(i.id)).assessedAt !== null).toBe(true), {
    timeout: 30_000,
    interval: 50,
  });
}

/** The passes in the order the careful engine is asked for them, answering one at a time. */
async function passOrder(count: number) {
  const order: string[] = [];
  for (let n = 0; n < count; n++) {
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    const next = held.shift()!;
    order.push(byLength.get(next.samples)!);
    next.answer();
  }
  return order;
}

/** Lets every held and later pass answer, and waits until the queue is empty. */
async function drain() {
  open = true;
  for (const h of held.splice(0)) h.answer();
  await t.app.queue.settle(60_000);
  open = false;
}

/** The assessment's record of an interview assessed without its careful pass. */
async function assessedLive(i: Seeded) {
  await vi.waitFor(async () => expect((await row(i.id)).status).toBe('under_review'), {
    timeout: 30_000,
    interval: 50,
  });
  const r = await row(i.id);
  const detail = (await t.get(`/api/admin/interviews/${i.id}`, await t.adminToken())).json();
  expect(r.transcriptPass).toBe('live');
  expect(await queuedPass(i.id)).toBe(false);
  return detail.provenance as { recognizer: string; transcript_note?: string };
}

describe('the careful pass queue', () => {
  it("takes every account's oldest pass first: one account's many do not go ahead of another's", async () => {
    const x1 = await interviewOf('x1');
    const x2 = await interviewOf('x2', x1.candidateId);
    const x3 = await interviewOf('x3', x1.candidateId);
    const y1 = await interviewOf('y1');
    const z1 = await interviewOf('z1');
    await complete(x1, '198.51.100.1');
    // x1's pass runs (held by the engine); the rest queue behind it in this order.
    await vi.waitFor(() => expect(held.length).toBe(1), { timeout: 30_000, interval: 50 });
    for (const i of [x2, x3]) await complete(i, '198.51.100.1');
    await complete(y1, '198.51.100.2');
    await complete(z1, '198.51.100.3');
    expect(await passOrder(5)).toEqual(['x1', 'y1', 'z1', 'x2', 'x3']);
    await drain();
    for (const i of [x1, x2, x3, y1, z1]) expect((await row(i.id)).transcriptPass).toBe('careful');
  }, 120_000);

  it('assesses an interview on its live transcript at once when the queue is full, and the record says why', async () => {
    const queued: Seeded[] = [];
    for (let n = 0; n < 6; n++) queued.push(await interviewOf(`full-${n}`));
    for (const [n, i] of queued.entries()) await complete(i, `203.0.113.${n + 1}`);
    const late = await interviewOf('late');
    await complete(late, '203.0.113.99');
    const provenance = await assessedLive(late);
    expect(provenance.recognizer).toMatch(/^live:/);
    expect(provenance.transcript_note).toMatch(/careful pass was not run.*CAREFUL_PASS_MAX_QUEUED/);
    // Its audio never went to the careful engine.
    expect(held.map((h) => byLength.get(h.samples))).not.toContain('late');
    await drain();
    for (const i of queued) expect((await row(i.id)).transcriptPass).toBe('careful');
  }, 120_000);

  it('admits at most CAREFUL_PASS_MAX_PER_ACCOUNT passes of one account; another account still gets one', async () => {
    const first = await interviewOf('acct-0');
    const mine = [first];
    for (let n = 1; n < 4; n++) mine.push(await interviewOf(`acct-${n}`, first.candidateId));
    // Different addresses: only the account is shared.
    for (const [n, i] of mine.entries()) await complete(i, `192.0.2.${n + 1}`);
    expect(await Promise.all(mine.slice(0, 3).map((i) => queuedPass(i.id)))).toEqual([true, true, true]);
    expect((await assessedLive(mine[3]!)).transcript_note).toMatch(/this candidate already had 3 interviews/);
    const other = await interviewOf('other-account');
    await complete(other, '192.0.2.50');
    expect(await queuedPass(other.id)).toBe(true);
    await drain();
  }, 120_000);

  it('admits at most CAREFUL_PASS_MAX_PER_ADDRESS passes from one address, whatever the accounts', async () => {
    const fromOne: Seeded[] = [];
    for (let n = 0; n < 4; n++) fromOne.push(await interviewOf(`addr-${n}`));
    for (const i of fromOne) await complete(i, '198.51.100.77');
    expect(await Promise.all(fromOne.slice(0, 3).map((i) => queuedPass(i.id)))).toEqual([true, true, true]);
    expect((await assessedLive(fromOne[3]!)).transcript_note).toMatch(/same network address/);
    const elsewhere = await interviewOf('addr-elsewhere');
    await complete(elsewhere, '198.51.100.78');
    expect(await queuedPass(elsewhere.id)).toBe(true);
    await drain();
    // The address is compared as a hash: the queue's table never holds it.
    const { rows } = await t.database.query(`SELECT data::text AS d FROM pgboss.job WHERE name = 'careful-transcript'`);
    expect(rows.map((r) => (r as { d: string }).d).join('\n')).not.toContain('198.51.100');
  }, 120_000);
});
