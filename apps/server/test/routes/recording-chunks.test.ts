/**
 * The recording sent in chunks while the interview runs (decision 0145): order, resends, a second
 * instance on the same database taking over, and playback through the signed playlist.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { files, interviews, recordingChunks } from '../../src/db/schema';
import { bearer, buildTestApp, type TestContext } from '../helpers/build';
import { CHUNK_MAX_BYTES } from '../../src/interview/recording/chunks';

let ctx: TestContext;
/** A second instance on the same database, storage folder and secret: another server behind the balancer. */
let other: FastifyInstance;
beforeAll(async () => {
  ctx = await buildTestApp();
  other = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
  await other.ready();
}, 120_000);
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

/** EBML element: id bytes, an 8-byte size, the body. */
const el = (id: number[], body: Buffer) => {
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  size.writeUIntBE(body.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, body]);
};
/**
 * The head a MediaRecorder writes: EBML header, a Segment of unknown size, Info without a Duration,
 * Tracks, then the first Cluster's bytes (here just filler).
 */
function recorderHead(filler = 2000) {
  const ebml = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], Buffer.from('webm')));
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  const info = el([0x15, 0x49, 0xa9, 0x66], el([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])));
  const tracks = el([0x16, 0x54, 0xae, 0x6b], Buffer.alloc(10));
  const cluster = Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([ebml, segment, info, tracks, cluster, crypto.randomBytes(filler)]);
}

/** The Duration (ms) written in a served head, or null when it has none. */
function durationIn(head: Buffer): number | null {
  const at = head.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  return at < 0 ? null : head.readDoubleBE(at + 3);
}

type Status = 'in_progress' | 'completed' | 'under_review' | 'approved';
async function newInterview(
  candidateId: string,
  status: Status = 'in_progress',
  times: { startedAt?: Date; completedAt?: Date } = {},
) {
  const [row] = await ctx.database.db
    .insert(interviews)
    .values({ candidateId, status, ...times })
    .returning();
  return row!.id;
}
const ago = (ms: number) => new Date(Date.now() - ms);

function putChunk(
  app: FastifyInstance,
  token: string,
  interviewId: string,
  q: { segment: string; seq: number; elapsedMs: number; body: Buffer },
) {
  return app.inject({
    method: 'PUT',
    url: `/api/interviews/${interviewId}/recording/chunks/${q.seq}?segment=${q.segment}&elapsed_ms=${q.elapsedMs}`,
    headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
    payload: q.body,
  });
}

async function playlist(app: FastifyInstance, token: string, interviewId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/interviews/${interviewId}/recording/playlist`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    duration_seconds: number;
    segments: { url: string; offset_seconds: number; duration_seconds: number; size_bytes: number }[];
  };
}

const chunkRows = (interviewId: string) =>
  ctx.database.db.select().from(recordingChunks).where(eq(recordingChunks.interviewId, interviewId));

describe('PUT /api/interviews/:id/recording/chunks/:seq', () => {
  it('appends chunks in order and serves them back as one file with its length in the head', async () => {
    const { token, user } = await ctx.signUp();
    const id = await newInterview(user.id);
    const segment = crypto.randomUUID();
    const bodies = [recorderHead(), crypto.randomBytes(3000), crypto.randomBytes(1500)];
    for (const [seq, body] of bodies.entries()) {
      const res = await putChunk(ctx.app, token, id, { segment, seq, elapsedMs: (seq + 1) * 5000, body });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ stored: true, next_seq: seq + 1 });
    }
    const list = await playlist(ctx.app, token, id);
    expect(list.segments).toHaveLength(1);
    expect(list.segments[0]).toMatchObject({ offset_seconds: 0, duration_seconds: 15 });
    expect(list.duration_seconds).toBe(15);

    const served = await ctx.app.inject({ method: 'GET', url: list.segments[0]!.url });
    expect(served.statusCode).toBe(200);
    const bytes = served.rawPayload;
    expect(durationIn(bytes)).toBe(15000);
    // Only the head grew (the Duration element); the rest is what the browser sent, in order.
    expect(bytes.length).toBe(bodies.reduce((n, b) => n + b.length, 0) + 11);
    expect(bytes.subarray(bytes.length - 4500).equals(Buffer.concat([bodies[1]!, bodies[2]!]))).toBe(true);
    expect(Number(served.headers['content-length'])).toBe(bytes.length);
    expect(list.segments[0]!.size_bytes).toBe(bodies.reduce((n, b) => n + b.length, 0));

    // A range across the second and third chunk, as a seeking player asks for it.
    const start = bytes.length - 3100;
    const ranged = await ctx.app.inject({
      method: 'GET',
      url: list.segments[0]!.url,
      headers: { range: `bytes=${start}-${start + 199}` },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes ${start}-${start + 199}/${bytes.length}`);
    expect(ranged.rawPayload.equals(bytes.subarray(start, start + 200))).toBe(true);

    // The interview now has a recording wherever the app asks (listings, retention, export).
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row!.recordingFileId).toBe((await chunkRows(id)).find((c) => c.seq === 0)!.fileId);
    // The spec's GET /recording answers with the (first) segment, length included.
    const whole = await ctx.app.inject({
      method: 'GET',
      url: `/api/interviews/${id}/recording`,
      headers: bearer(token),
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
  });

  it('stores a resent chunk once and says which chunk comes next', async () => {
    const { token, user } = await ctx.signUp();
    const id = await newInterview(user.id);
    const segment = crypto.randomUUID();
    const head = recorderHead();
    const second = crypto.randomBytes(2500);
    expect((await putChunk(ctx.app, token, id, { segment, seq: 0, elapsedMs: 5000, body: head })).statusCode).toBe(201);
    expect((await putChunk(ctx.app, token, id, { segment, seq: 1, elapsedMs: 10000, body: second })).statusCode).toBe(
      201,
    );
    // The reply to chunk 1 was lost; the browser sends it again (and, racing, twice at once).
    const again = await Promise.all([
      putChunk(ctx.app, token, id, { segment, seq: 1, elapsedMs: 10000, body: second }),
      putChunk(ctx.app, token, id, { segment, seq: 1, elapsedMs: 10000, body: second }),
    ]);
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ stored: false, next_seq: 2 });
    }
    expect(await chunkRows(id)).toHaveLength(2);
    const recordingFiles = await ctx.database.db.select().from(files).where(eq(files.ownerId, user.id));
    expect(recordingFiles).toHaveLength(2);
    const list = await playlist(ctx.app, token, id);
    expect(list.segments[0]!.size_bytes).toBe(head.length + second.length);
  });

  it('refuses a chunk that skips ahead, naming the one it needs, and keeps nothing of it', async () => {
    const { token, user } = await ctx.signUp();
    const id = await newInterview(user.id);
    const segment = crypto.randomUUID();
    const first = await putChunk(ctx.app, token, id, {
      segment,
      seq: 1,
      elapsedMs: 10000,
      body: crypto.randomBytes(100),
    });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({ detail: 'Chunk 1 arrived before chunk 0: send chunk 0 of this segment first.' });
    expect(
      (await putChunk(ctx.app, token, id, { segment, seq: 0, elapsedMs: 5000, body: recorderHead() })).statusCode,
    ).toBe(201);
    const skip = await putChunk(ctx.app, token, id, {
      segment,
      seq: 3,
      elapsedMs: 20000,
      body: crypto.randomBytes(100),
    });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().detail).toContain('send chunk 1');
    expect(await chunkRows(id)).toHaveLength(1);
    for (const seq of [1, 2, 3]) {
      const res = await putChunk(ctx.app, token, id, {
        segment,
        seq,
        elapsedMs: (seq + 1) * 5000,
        body: crypto.randomBytes(100),
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await chunkRows(id)).map((c) => c.seq).sort()).toEqual([0, 1, 2, 3]);
  });

  it('resumes on a second instance: later chunks, a resend and a new segment after a reload all land in one recording', async () => {
    const { token, user } = await ctx.signUp();
    const id = await newInterview(user.id);
    const before = crypto.randomUUID();
    const after = crypto.randomUUID();
    const a = [recorderHead(), crypto.randomBytes(2000), crypto.randomBytes(2000)];
    expect(
      (await putChunk(ctx.app, token, id, { segment: before, seq: 0, elapsedMs: 5000, body: a[0]! })).statusCode,
    ).toBe(201);
    expect(
      (await putChunk(ctx.app, token, id, { segment: before, seq: 1, elapsedMs: 10000, body: a[1]! })).statusCode,
    ).toBe(201);
    // The first instance went away; the browser reconnects to the second one and goes on.
    const resent = await putChunk(other, token, id, { segment: before, seq: 1, elapsedMs: 10000, body: a[1]! });
    expect(resent.json()).toEqual({ stored: false, next_seq: 2 });
    expect(
      (await putChunk(other, token, id, { segment: before, seq: 2, elapsedMs: 12000, body: a[2]! })).statusCode,
    ).toBe(201);
    // The page was reloaded: a new MediaRecorder stream, a new segment, on the second instance.
    const b = [recorderHead(), crypto.randomBytes(1000)];
    expect(
      (await putChunk(other, token, id, { segment: after, seq: 0, elapsedMs: 5000, body: b[0]! })).statusCode,
    ).toBe(201);
    expect(
      (await putChunk(other, token, id, { segment: after, seq: 1, elapsedMs: 8000, body: b[1]! })).statusCode,
    ).toBe(201);

    // Either instance lists both segments, in recording order, the second after the first.
    const list = await playlist(ctx.app, token, id);
    expect(await playlist(other, token, id)).toMatchObject({ duration_seconds: list.duration_seconds });
    expect(list.segments.map((s) => s.duration_seconds)).toEqual([12, 8]);
    expect(list.segments[0]!.offset_seconds).toBe(0);
    expect(list.segments[1]!.offset_seconds).toBeGreaterThanOrEqual(0);
    expect(list.duration_seconds).toBeCloseTo(list.segments[1]!.offset_seconds + 8, 3);
    // A link one instance signed plays on the other, and each segment is its own bytes in order.
    const first = await other.inject({ method: 'GET', url: list.segments[0]!.url });
    const second = await ctx.app.inject({ method: 'GET', url: list.segments[1]!.url });
    expect(first.rawPayload.subarray(first.rawPayload.length - 4000).equals(Buffer.concat([a[1]!, a[2]!]))).toBe(true);
    expect(second.rawPayload.subarray(second.rawPayload.length - 1000).equals(b[1]!)).toBe(true);
    expect(durationIn(first.rawPayload)).toBe(12000);
    expect(durationIn(second.rawPayload)).toBe(8000);
  });

  it('takes chunks only from the interview’s candidate, while it can be recorded, starting with a WebM head', async () => {
    const owner = await ctx.signUp();
    const stranger = await ctx.signUp();
    const id = await newInterview(owner.user.id);
    const q = { segment: crypto.randomUUID(), seq: 0, elapsedMs: 5000, body: recorderHead() };
    expect((await putChunk(ctx.app, stranger.token, id, q)).statusCode).toBe(404);
    const noToken = await ctx.app.inject({
      method: 'PUT',
      url: `/api/interviews/${id}/recording/chunks/0?segment=${q.segment}&elapsed_ms=5000`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: q.body,
    });
    expect(noToken.statusCode).toBe(401);
    const notWebm = await putChunk(ctx.app, owner.token, id, { ...q, body: Buffer.from('%PDF-1.7 not a video') });
    expect(notWebm.statusCode).toBe(415);
    expect(notWebm.json()).toEqual({ detail: 'The recording must be a WebM video' });
    const badSegment = await putChunk(ctx.app, owner.token, id, { ...q, segment: '../x' });
    expect(badSegment.statusCode).toBe(422);
    const decided = await newInterview(owner.user.id, 'approved');
    expect((await putChunk(ctx.app, owner.token, decided, q)).statusCode).toBe(409);
    expect(await chunkRows(id)).toHaveLength(0);
  });

  it('plays only through a valid signed link, and the playlist is the candidate’s or an admin’s', async () => {
    const owner = await ctx.signUp();
    const stranger = await ctx.signUp();
    const id = await newInterview(owner.user.id, 'in_progress');
    const segment = crypto.randomUUID();
    await putChunk(ctx.app, owner.token, id, { segment, seq: 0, elapsedMs: 4000, body: recorderHead() });
    const noPlaylist = await ctx.app.inject({
      method: 'GET',
      url: `/api/interviews/${id}/recording/playlist`,
      headers: bearer(stranger.token),
    });
    expect(noPlaylist.statusCode).toBe(404);
    const admin = await ctx.adminToken();
    const list = await playlist(ctx.app, admin, id);
    const url = new URL(list.segments[0]!.url, 'http://x');
    expect(Number(url.searchParams.get('expires')) * 1000).toBeGreaterThan(Date.now());
    const unsigned = await ctx.app.inject({ method: 'GET', url: url.pathname });
    expect(unsigned.statusCode).toBe(404);
    url.searchParams.set('signature', 'A'.repeat(43));
    expect((await ctx.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(404);
    // A link for one interview's segment does not open another's.
    const otherId = await newInterview(owner.user.id);
    const moved = list.segments[0]!.url.replace(id, otherId);
    expect((await ctx.app.inject({ method: 'GET', url: moved })).statusCode).toBe(404);
  });

  it('a whole-file upload (the spec client) replaces the chunks and plays as a single entry', async () => {
    const { token, user } = await ctx.signUp();
    const id = await newInterview(user.id);
    await putChunk(ctx.app, token, id, { segment: crypto.randomUUID(), seq: 0, elapsedMs: 5000, body: recorderHead() });
    const whole = recorderHead(8000);
    const boundary = 'b' + crypto.randomBytes(6).toString('hex');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="interview_id"\r\n\r\n${id}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.webm"\r\nContent-Type: video/webm\r\n\r\n`,
      ),
      whole,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/interviews/upload/video',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await chunkRows(id)).toHaveLength(0);
    const list = await playlist(ctx.app, token, id);
    expect(list).toMatchObject({ duration_seconds: null, segments: [{ offset_seconds: 0, size_bytes: whole.length }] });
    const served = await ctx.app.inject({ method: 'GET', url: list.segments[0]!.url });
    expect(served.rawPayload.equals(whole)).toBe(true);
  });

  it('refuses a slice for someone else’s or a missing interview before its body is sent (decision 0167)', async () => {
    const owner = await ctx.signUp();
    const stranger = await ctx.signUp();
    const id = await newInterview(owner.user.id);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    // Headers announcing the largest slice, then only its first 64 KiB: the reply must come anyway.
    const announce = async (token: string, interviewId: string) => {
      const req = http.request({
        port,
        host: '127.0.0.1',
        method: 'PUT',
        path: `/api/interviews/${interviewId}/recording/chunks/0?segment=${crypto.randomUUID()}&elapsed_ms=5000`,
        headers: {
          ...bearer(token),
          'content-type': 'application/octet-stream',
          'content-length': CHUNK_MAX_BYTES,
        },
      });
      req.on('error', () => {}); // the server may close the connection once it has answered
      req.write(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64 * 1024)]));
      const [res] = (await once(req, 'response')) as [http.IncomingMessage];
      let body = '';
      for await (const part of res) body += String(part);
      req.destroy();
      return { status: res.statusCode, body: JSON.parse(body) as unknown };
    };
    expect(await announce(stranger.token, id)).toEqual({ status: 404, body: { detail: 'Interview not found' } });
    expect(await announce(owner.token, crypto.randomUUID())).toEqual({
      status: 404,
      body: { detail: 'Interview not found' },
    });
    const decided = await newInterview(owner.user.id, 'approved');
    expect((await announce(owner.token, decided)).status).toBe(409);
    expect(await chunkRows(id)).toHaveLength(0);
  });

  it('keeps the route’s size limit, also for a body sent without a length', async () => {
    const { token, user } = await ctx.signUp();
    const id = await newInterview(user.id);
    const url = `/api/interviews/${id}/recording/chunks/0?segment=${crypto.randomUUID()}&elapsed_ms=5000`;
    const headers = { ...bearer(token), 'content-type': 'application/octet-stream' };
    const over = Buffer.alloc(CHUNK_MAX_BYTES + 1);
    over.set([0x1a, 0x45, 0xdf, 0xa3]);
    const declared = await ctx.app.inject({ method: 'PUT', url, headers, payload: over });
    expect(declared.statusCode).toBe(413);
    // Chunked transfer: no content-length, the parser's limit stops it.
    const streamed = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: { ...headers, 'transfer-encoding': 'chunked' },
      payload: Readable.from([over.subarray(0, CHUNK_MAX_BYTES / 2), over.subarray(CHUNK_MAX_BYTES / 2)]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toHaveProperty('detail');
    expect(await chunkRows(id)).toHaveLength(0);
    // A browser-sized slice (700 kB) of the own live interview is stored.
    const slice = Buffer.concat([recorderHead(), crypto.randomBytes(700_000)]);
    expect((await ctx.app.inject({ method: 'PUT', url, headers, payload: slice })).statusCode).toBe(201);
  });

  it('takes slices while the interview is live and for two minutes after it ended, none later (decision 0167)', async () => {
    const { token, user } = await ctx.signUp();
    const q = () => ({ segment: crypto.randomUUID(), seq: 0, elapsedMs: 5000, body: recorderHead() });
    const justEnded = await newInterview(user.id, 'completed', { startedAt: ago(600_000), completedAt: ago(30_000) });
    expect((await putChunk(ctx.app, token, justEnded, q())).statusCode).toBe(201);
    const reviewed = await newInterview(user.id, 'under_review', { startedAt: ago(600_000), completedAt: ago(60_000) });
    expect((await putChunk(ctx.app, token, reviewed, q())).statusCode).toBe(201);
    for (const status of ['completed', 'under_review'] as const) {
      const late = await newInterview(user.id, status, { startedAt: ago(900_000), completedAt: ago(3 * 60_000) });
      const res = await putChunk(ctx.app, token, late, q());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'This interview has ended, so it takes no more recording.' });
      expect(await chunkRows(late)).toHaveLength(0);
    }
  });

  it('refuses a slice that ends later than the time since the interview started (decision 0167)', async () => {
    const { token, user } = await ctx.signUp();
    const id = await newInterview(user.id, 'under_review', { startedAt: ago(10 * 60_000), completedAt: ago(10_000) });
    const sixHours = 6 * 3600 * 1000;
    const res = await putChunk(ctx.app, token, id, {
      segment: crypto.randomUUID(),
      seq: 0,
      elapsedMs: sixHours,
      body: recorderHead(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: `elapsed_ms ${sixHours} is later than the time since this interview started.`,
    });
    expect(await chunkRows(id)).toHaveLength(0);
    // Nine and a half minutes into a ten-minute-old interview is fine.
    const fine = await putChunk(ctx.app, token, id, {
      segment: crypto.randomUUID(),
      seq: 0,
      elapsedMs: 570_000,
      body: recorderHead(),
    });
    expect(fine.statusCode).toBe(201);
  });
});

describe('a retake discards the earlier attempt’s recording (decision 0167)', () => {
  /** Two slices of one segment on `id`, and the signed link the playlist gives for it. */
  async function record(token: string, id: string) {
    const segment = crypto.randomUUID();
    for (const [seq, body] of [recorderHead(), crypto.randomBytes(2000)].entries()) {
      expect((await putChunk(ctx.app, token, id, { segment, seq, elapsedMs: (seq + 1) * 5000, body })).statusCode).toBe(
        201,
      );
    }
    const list = await playlist(ctx.app, token, id);
    expect(list.segments).toHaveLength(1);
    return { segment, url: list.segments[0]!.url };
  }
  const storageKeys = async (ownerId: string) =>
    (await ctx.database.db.select().from(files).where(eq(files.ownerId, ownerId))).map((f) => f.storageKey);
  const stored = async (key: string) =>
    ctx.app.storage.get(key).then(
      (s) => (s.destroy(), true),
      () => false,
    );

  it('the provider’s retake: old links answer 404, the rows and bytes go, the new attempt plays alone', async () => {
    const { token, user } = await ctx.signUp();
    const id = await newInterview(user.id, 'in_progress', { startedAt: ago(600_000) });
    const earlier = await record(token, id);
    const keys = await storageKeys(user.id);
    expect(keys).toHaveLength(2);
    await ctx.database.db
      .update(interviews)
      .set({ status: 'under_review', completedAt: new Date() })
      .where(eq(interviews.id, id));

    const admin = await ctx.adminToken();
    const retake = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/interviews/${id}/retake`,
      headers: bearer(admin),
      payload: { reason: 'The camera froze' },
    });
    expect(retake.statusCode, retake.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: earlier.url })).statusCode).toBe(404);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/interviews/${id}/recording/playlist`,
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(404);
    const whole = await ctx.app.inject({
      method: 'GET',
      url: `/api/interviews/${id}/recording`,
      headers: bearer(token),
    });
    expect(whole.statusCode).toBe(404);
    expect(await chunkRows(id)).toEqual([]);
    expect(await storageKeys(user.id)).toEqual([]);
    await vi.waitFor(async () => expect(await Promise.all(keys.map(stored))).toEqual([false, false]), {
      timeout: 30_000,
    });

    // The new attempt: its recording is the only one played.
    await ctx.database.db
      .update(interviews)
      .set({ status: 'in_progress', startedAt: new Date() })
      .where(eq(interviews.id, id));
    const later = await record(token, id);
    const again = await playlist(ctx.app, token, id);
    expect(again.segments.map((s) => s.url)).toEqual([later.url]);
  });

  it('an interview ended before any answer starts again without its earlier recording', async () => {
    const { token, user } = await ctx.signUp();
    const [row] = await ctx.database.db
      .insert(interviews)
      .values({ candidateId: user.id, status: 'in_progress', sessionId: crypto.randomUUID(), startedAt: ago(60_000) })
      .returning();
    const earlier = await record(token, row!.id);
    const keys = await storageKeys(user.id);
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/interviews/${row!.id}/complete`,
      headers: bearer(token),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'not_started' });
    expect((await ctx.app.inject({ method: 'GET', url: earlier.url })).statusCode).toBe(404);
    expect(await chunkRows(row!.id)).toEqual([]);
    await vi.waitFor(async () => expect(await Promise.all(keys.map(stored))).toEqual([false, false]), {
      timeout: 30_000,
    });
  });
});
