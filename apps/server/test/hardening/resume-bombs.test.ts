/**
 * Hostile resumes (issue rows 1 and 2): uploaded over real HTTP while another client polls
 * /api/health. Parsing runs in a killed-on-overrun child process, so health stays fast, the upload
 * is kept, the reply says the document could not be read, and the server is alive afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, bearer, type TestContext } from '../helpers/build';
import { makeDocxBomb, makePdfBomb } from '../fixtures/bombs';
import { makePdfResume } from '../fixtures/resumes';

const PORT = 3401;
const BASE = `http://127.0.0.1:${PORT}`;
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function upload(name: string, type: string, data: Buffer, token?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${BASE}/api/files/upload`, {
    method: 'POST',
    body: form,
    headers: token ? bearer(token) : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Polls /api/health every 50 ms until stopped; returns the worst latency seen. */
function pollHealth() {
  let worst = 0;
  let polls = 0;
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${BASE}/api/health`).catch(() => null);
      if (!res?.ok) failures++;
      await res?.arrayBuffer();
      worst = Math.max(worst, performance.now() - started);
      polls++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { worst, polls, failures };
  };
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('resume bombs', () => {
  it('keeps answering /api/health in under 1 s while DOCX and PDF bombs are parsed', async () => {
    const { token } = await t.signUp();
    const bombs = [
      { name: 'bomb.docx', type: DOCX, data: makeDocxBomb(80) },
      { name: 'liar.docx', type: DOCX, data: makeDocxBomb(80, { lie: true }) },
      { name: 'bomb.pdf', type: 'application/pdf', data: await makePdfBomb(1_500_000) },
    ];
    const stop = pollHealth();
    const replies = await Promise.all(bombs.map((b) => upload(b.name, b.type, b.data, token)));
    const health = await stop();
    console.log(
      `health during bomb uploads: worst ${Math.round(health.worst)} ms over ${health.polls} polls, ` +
        `${health.failures} failures; bomb sizes ${bombs.map((b) => `${b.name} ${b.data.length} B`).join(', ')}`,
    );
    expect(health.failures).toBe(0);
    expect(health.worst).toBeLessThan(1000);

    for (const [i, reply] of replies.entries()) {
      // The upload is kept (the candidate can still submit it) and the reply says it was unreadable.
      expect(reply.status, bombs[i]!.name).toBe(201);
      expect(reply.body.prefill).toEqual({});
      expect(reply.body.prefill_error).toMatch(/could not read this document/);
      const served = await fetch(`${BASE}${reply.body.url as string}`, { headers: bearer(token) });
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(bombs[i]!.data)).toBe(true);
    }

    // Alive, and a normal resume still gets its prefill.
    expect((await fetch(`${BASE}/api/health`)).status).toBe(200);
    const normal = await upload('cv.pdf', 'application/pdf', await makePdfResume(), token);
    expect(normal.status).toBe(201);
    expect(normal.body.prefill).toMatchObject({ firstName: 'Maria' });
  }, 120_000);
});
