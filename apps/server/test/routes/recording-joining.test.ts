/**
 * A recording cut by a reload is never served as if its first part were the whole (issue 43 item 23,
 * decision 0224): until the join (decision 0168) is stored, GET /recording answers 503 with
 * Retry-After and the playlist says the join is coming; once it is stored, the joined file is served.
 * The join waits here an hour after the end (RECORDING_JOIN_DELAY_SECONDS), so the test runs it itself.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { interviews, recordingChunks } from '../../src/db/schema';
import { remuxRecording } from '../../src/interview/recording/remux';
import { bearer, buildTestApp, type TestContext } from '../helpers/build';
import { probedSeconds, recordedWebm, slices } from '../helpers/recorded-webm';

let t: TestContext;
/** The page before a reload (3 s) and after it (5 s). */
let parts: Buffer[];
const SECONDS = [3, 5];
const DELAY_S = 3600;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'joining-test-'));

beforeAll(async () => {
  t = await buildTestApp({ RECORDING_JOIN_DELAY_SECONDS: String(DELAY_S) });
  parts = SECONDS.map((s, i) => recordedWebm(s, 440 + 220 * i));
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The candidate's interview in progress, recorded as two segments of two slices each (a reload between). */
async function reloadedInterview() {
  const { token, user } = await t.signUp();
  const [row] = await t.database.db
    .insert(interviews)
    .values({ candidateId: user.id, status: 'in_progress' })
    .returning();
  const id = row!.id;
  for (const [i, part] of parts.entries()) {
    const segment = crypto.randomUUID();
    for (const [seq, body] of slices(part, 2).entries()) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/interviews/${id}/recording/chunks/${seq}?segment=${segment}&elapsed_ms=${SECONDS[i]! * 500 * (seq + 1)}`,
        headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    if (i === 0) {
      await t.database.db
        .update(recordingChunks)
        .set({ receivedAt: sql`${recordingChunks.receivedAt} - interval '60 seconds'` })
        .where(eq(recordingChunks.segment, segment));
    }
  }
  return { token, id };
}

const getRecording = (token: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/interviews/${id}/recording`, headers: bearer(token) });

describe('a recording of several parts before its join', () => {
  it('answers 503 with Retry-After until the join is stored, then serves the whole joined file', async () => {
    const { token, id } = await reloadedInterview();
    expect((await t.post(`/api/interviews/${id}/complete`, token)).statusCode).toBe(200);

    const early = await getRecording(token, id);
    expect(early.statusCode).toBe(503);
    const retry = Number(early.headers['retry-after']);
    // The join starts an hour after the end here, and takes a few seconds more.
    expect(retry).toBeGreaterThan(DELAY_S - 60);
    expect(retry).toBeLessThanOrEqual(DELAY_S + 10);
    expect(early.json()).toEqual({ detail: `The recording is being joined; retry in ${retry} s` });
    // The console's playlist plays the parts meanwhile and says when to ask again for the joined file.
    const list = (await t.get(`/api/interviews/${id}/recording/playlist`, token)).json();
    expect(list.file).toBeNull();
    expect(list.segments).toHaveLength(2);
    expect(list.joining).toEqual({ retry_after_seconds: expect.any(Number) });

    expect(
      await remuxRecording(t.database.db, t.app.storage, { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, id),
    ).toMatchObject({ remuxed: true });
    const whole = await getRecording(token, id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['retry-after']).toBeUndefined();
    const file = path.join(tmp, `${id}.webm`);
    fs.writeFileSync(file, whole.rawPayload);
    expect(probedSeconds(file)).toBeGreaterThan(SECONDS[0]! + SECONDS[1]! - 0.1);
    expect((await t.get(`/api/interviews/${id}/recording/playlist`, token)).json().joining).toBeNull();
  }, 120_000);

  it('answers 409 while the interview runs: its parts are joined once it ends', async () => {
    const { token, id } = await reloadedInterview();
    const res = await getRecording(token, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/still running.*joined into one file when it ends/);
  }, 120_000);

  it('serves the first part, saying so, when no join is coming (it failed long ago)', async () => {
    const { token, id } = await reloadedInterview();
    expect((await t.post(`/api/interviews/${id}/complete`, token)).statusCode).toBe(200);
    await t.app.queue.settle();
    // The join job was given up and the interview ended two hours ago.
    await t.database.query(`DELETE FROM pgboss.job WHERE name = 'remux-recording' AND data->>'interviewId' = $1`, [id]);
    await t.database.db
      .update(interviews)
      .set({ completedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(interviews.id, id));
    const res = await getRecording(token, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-recording-part']).toBe('1/2');
    expect(res.headers.link).toContain(`/api/interviews/${id}/recording/playlist`);
    expect(res.rawPayload.length).toBeLessThan(parts[0]!.length + 100);
  }, 120_000);
});
