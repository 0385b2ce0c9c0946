/**
 * A recording cut by a reload (two MediaRecorder streams) is joined into one seekable file once the
 * interview ends (decision 0168): GET /recording serves the whole interview with a cue index, the
 * playlist offers it with one timeline, and it goes with a retake, the account and retention.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { files, interviews, recordingChunks, recordingRemuxes } from '../../src/db/schema';
import { remuxRecording } from '../../src/interview/recording/remux';
import { discardRemux } from '../../src/interview/recording/remux-store';
import { purgeOldRecordings } from '../../src/privacy/retention';
import { bearer, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { probedSeconds, recordedWebm, slices, streamKinds, tonePerSecond } from '../helpers/recorded-webm';

let t: TestContext;
let admin: string;
/** Two recordings of 3 s and 5 s: the page before a reload and after it. */
let parts: Buffer[];
const SECONDS = [3, 5];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'remux-test-'));
const tools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };

beforeAll(async () => {
  // Joined as soon as the interview ends (in production a little later, when the last slices are in).
  ({ t, admin } = await buildTestAppWithAdmin({ RECORDING_JOIN_DELAY_SECONDS: '0' }));
  parts = SECONDS.map((s, i) => recordedWebm(s, 440 + 220 * i));
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const CUES_ID = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
const CLUSTER_ID = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

/** The next `recording.remuxed` for this interview. */
function remuxed(interviewId: string) {
  return new Promise<{ interviewId: string; remuxed: boolean }>((resolve) => {
    const off = t.app.events.on('recording.remuxed', (e) => {
      if (e.interviewId !== interviewId) return;
      off();
      resolve(e);
    });
  });
}

/**
 * The candidate's interview, recorded as two segments of three slices each (a reload in between).
 * With `holdBack`, the last slice is left out and returned as a call that sends it.
 */
async function recordedInterview(opts: { holdBack?: boolean; recorded?: Buffer[] } = {}) {
  const recorded = opts.recorded ?? parts;
  const { token, user } = await t.signUp();
  const [row] = await t.database.db
    .insert(interviews)
    .values({ candidateId: user.id, status: 'in_progress' })
    .returning();
  const id = row!.id;
  const put = (segment: string, seq: number, elapsedMs: number, body: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/interviews/${id}/recording/chunks/${seq}?segment=${segment}&elapsed_ms=${elapsedMs}`,
      headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
      payload: body,
    });
  let sendLast = async () => {};
  for (const [i, part] of recorded.entries()) {
    const segment = crypto.randomUUID();
    const pieces = slices(part, 3);
    for (const [seq, body] of pieces.entries()) {
      const elapsedMs = Math.round((SECONDS[i]! * 1000 * (seq + 1)) / pieces.length);
      if (opts.holdBack && i === recorded.length - 1 && seq === pieces.length - 1) {
        sendLast = async () => expect((await put(segment, seq, elapsedMs, body)).statusCode).toBe(201);
        continue;
      }
      const res = await put(segment, seq, elapsedMs, body);
      expect(res.statusCode, res.body).toBe(201);
    }
    // The first part was recorded a minute before the reload (slices arrive as they are recorded).
    if (i === 0) {
      await t.database.db
        .update(recordingChunks)
        .set({ receivedAt: sql`${recordingChunks.receivedAt} - interval '60 seconds'` })
        .where(eq(recordingChunks.segment, segment));
    }
  }
  return { token, user, id, sendLast };
}

/** Ends the interview and waits for the join the ending queues. */
async function complete(token: string, id: string) {
  const done = remuxed(id);
  expect((await t.post(`/api/interviews/${id}/complete`, token)).statusCode).toBe(200);
  return done;
}

const getRecording = (token: string, id: string, range?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/interviews/${id}/recording`,
    headers: { ...bearer(token), ...(range && { range }) },
  });

type Playlist = {
  duration_seconds: number | null;
  file: { url: string; duration_seconds: number; size_bytes: number } | null;
  segments: { url: string; offset_seconds: number; file_offset_seconds: number | null }[];
};
async function playlist(token: string, id: string): Promise<Playlist> {
  const res = await t.get(`/api/interviews/${id}/recording/playlist`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const remuxRow = async (id: string) =>
  (await t.database.db.select().from(recordingRemuxes).where(eq(recordingRemuxes.interviewId, id)))[0];
const fileRow = async (fileId: string) => (await t.database.db.select().from(files).where(eq(files.id, fileId)))[0];
const recordingFiles = (ownerId: string) =>
  t.database.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), eq(files.purpose, 'interview_recording')));
const bytesGone = async (storageKey: string) =>
  t.app.storage.get(storageKey).then(
    () => false,
    (err: { statusCode?: number }) => err.statusCode === 404,
  );

describe('the recording once the interview has ended', () => {
  it('is one seekable file of both parts: /recording serves it with cues and ranges, the playlist on one timeline', async () => {
    const { token, id } = await recordedInterview();
    // While the interview runs, /recording never passes its first part off as the whole: 409 (decision
    // 0224; the playlist has both parts).
    const live = await getRecording(token, id);
    expect(live.statusCode).toBe(409);
    expect(live.rawPayload.length).toBeLessThan(parts[0]!.length + 100);

    expect(await complete(token, id)).toEqual({ interviewId: id, remuxed: true });

    const res = await getRecording(token, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const whole = res.rawPayload;
    const file = path.join(tmp, `${id}.webm`);
    fs.writeFileSync(file, whole);
    // The length is the sum of the parts (each a few ms over its nominal length, as encoders write them).
    expect(probedSeconds(file)).toBeGreaterThan(SECONDS[0]! + SECONDS[1]! - 0.1);
    expect(probedSeconds(file)).toBeLessThan(SECONDS[0]! + SECONDS[1]! + 0.2);
    // A cue index, ahead of the first cluster, so a player seeks with its first requests.
    const cues = whole.indexOf(CUES_ID);
    expect(cues).toBeGreaterThan(0);
    expect(cues).toBeLessThan(whole.indexOf(CLUSTER_ID));

    // A range near the end, as a player asks for it when the reviewer jumps to the last answer.
    const from = whole.length - 2000;
    const tail = await getRecording(token, id, `bytes=${from}-`);
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${from}-${whole.length - 1}/${whole.length}`);
    expect(tail.rawPayload.equals(whole.subarray(from))).toBe(true);

    // The console's playlist offers the same file and where each part starts in it.
    const list = await playlist(token, id);
    expect(list.segments).toHaveLength(2);
    expect(list.file).toMatchObject({ size_bytes: whole.length });
    expect(list.file!.duration_seconds).toBeCloseTo(probedSeconds(file), 1);
    expect(list.segments[0]!.file_offset_seconds).toBe(0);
    expect(list.segments[1]!.file_offset_seconds).toBeGreaterThanOrEqual(SECONDS[0]!);
    expect(list.segments[1]!.file_offset_seconds).toBeLessThan(SECONDS[0]! + 0.1);
    const played = await t.app.inject({ method: 'GET', url: list.file!.url, headers: { range: 'bytes=0-99' } });
    expect(played.statusCode).toBe(206);
    expect(played.rawPayload.equals(whole.subarray(0, 100))).toBe(true);
  });

  it('is joined when the page after the reload wrote its sound track first', async () => {
    // Seen in a browser: after a reload the microphone's track may start before the camera's.
    const { token, id } = await recordedInterview({
      recorded: [parts[0]!, recordedWebm(SECONDS[1]!, 660, { audioFirst: true })],
    });
    expect(await complete(token, id)).toEqual({ interviewId: id, remuxed: true });
    const file = path.join(tmp, `${id}-reordered.webm`);
    fs.writeFileSync(file, (await getRecording(token, id)).rawPayload);
    expect(streamKinds(file)).toEqual(['video', 'audio']);
    expect(probedSeconds(file)).toBeGreaterThan(SECONDS[0]! + SECONDS[1]! - 0.1);
    // Both parts' sound is in the sound track, in order: 440 Hz, then the second part's 660 Hz.
    const pitches = tonePerSecond(file);
    expect(pitches.length).toBeGreaterThanOrEqual(SECONDS[0]! + SECONDS[1]! - 1);
    expect(pitches[1]).toBeCloseTo(440, -1);
    expect(pitches[SECONDS[0]! + 2]).toBeCloseTo(660, -1);
  });

  it('is made once, however many runs or instances take the job', async () => {
    const { token, user, id } = await recordedInterview();
    await complete(token, id);
    const before = (await recordingFiles(user.id)).length;
    expect(before).toBe(7); // six slices and the joined file
    // A retry after it is made does nothing.
    expect(await remuxRecording(t.database.db, t.app.storage, tools, id)).toMatchObject({ remuxed: true });
    // Two runs at once (a retry racing a slow first run) keep one file between them.
    await discardRemux(t.database.db, t.app.storage, id);
    const runs = await Promise.all([
      remuxRecording(t.database.db, t.app.storage, tools, id),
      remuxRecording(t.database.db, t.app.storage, tools, id),
    ]);
    expect(runs.filter((r) => r.remuxed)).not.toHaveLength(0);
    expect((await recordingFiles(user.id)).length).toBe(7);
    expect((await playlist(token, id)).file).not.toBeNull();
  });

  it('is joined again with a slice that arrives after the end', async () => {
    const { token, user, id, sendLast } = await recordedInterview({ holdBack: true });
    // The server ends the interview (the socket) while the browser still sends its last slice.
    expect(await complete(token, id)).toMatchObject({ remuxed: true });
    const early = (await remuxRow(id))!;
    const again = remuxed(id);
    await sendLast();
    expect(await again).toMatchObject({ remuxed: true });
    const res = await getRecording(token, id);
    const file = path.join(tmp, `${id}-late.webm`);
    fs.writeFileSync(file, res.rawPayload);
    expect(probedSeconds(file)).toBeGreaterThan(SECONDS[0]! + SECONDS[1]! - 0.1);
    expect((await remuxRow(id))!.chunkCount).toBe(6);
    // The earlier join is gone: six slices and one joined file.
    expect(await fileRow(early.fileId)).toBeUndefined();
    expect((await recordingFiles(user.id)).length).toBe(7);
  });

  it('stays a playlist when ffmpeg is missing', async () => {
    const { token, id } = await recordedInterview();
    await complete(token, id);
    await discardRemux(t.database.db, t.app.storage, id);
    const outcome = await remuxRecording(
      t.database.db,
      t.app.storage,
      { ffmpeg: 'no-such-ffmpeg', ffprobe: 'no-such-ffprobe' },
      id,
    );
    expect(outcome).toMatchObject({ remuxed: false, failed: true, reason: expect.stringMatching(/not installed/) });
    const list = await playlist(token, id);
    expect(list.file).toBeNull();
    expect(list.segments.map((s) => s.file_offset_seconds)).toEqual([null, null]);
    expect((await getRecording(token, id)).statusCode).toBe(200);
  });

  it('goes with a retake: the joined file and its link are deleted', async () => {
    const { token, id } = await recordedInterview();
    await complete(token, id);
    const joined = (await remuxRow(id))!;
    const stored = (await fileRow(joined.fileId))!;
    const link = (await playlist(token, id)).file!.url;
    const res = await t.post(`/api/admin/interviews/${id}/retake`, admin, { reason: 'Camera failed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await remuxRow(id)).toBeUndefined();
    expect(await fileRow(joined.fileId)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    // The bytes go once the retake is committed (a listener, decision 0167).
    await vi.waitFor(async () => expect(await bytesGone(stored.storageKey)).toBe(true), { timeout: 30_000 });
  });

  it('goes with the account and with retention', async () => {
    const a = await recordedInterview();
    await complete(a.token, a.id);
    const aFile = (await fileRow((await remuxRow(a.id))!.fileId))!;
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(a.token),
      payload: { password: 'secret123' },
    });
    expect(del.statusCode, del.body).toBe(204);
    expect(await fileRow(aFile.id)).toBeUndefined();
    expect(await bytesGone(aFile.storageKey)).toBe(true);

    const b = await recordedInterview();
    await complete(b.token, b.id);
    const bFile = (await fileRow((await remuxRow(b.id))!.fileId))!;
    // The joined file is younger than the slices; it goes with them all the same.
    const chunk0 = (await t.database.db.select().from(interviews).where(eq(interviews.id, b.id)))[0]!.recordingFileId!;
    const firstSlice = (await fileRow(chunk0))!;
    await purgeOldRecordings(
      t.database.db,
      t.app.storage,
      1,
      undefined,
      new Date(firstSlice.createdAt.getTime() + 86_400_001),
    );
    expect(await fileRow(bFile.id)).toBeUndefined();
    expect(await bytesGone(bFile.storageKey)).toBe(true);
  });
});
