import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import errorsPlugin from '../../src/http/errors-plugin';
import authPlugin from '../../src/accounts/auth-plugin';
import uploadVideoRoutes from '../../src/interview/routes/upload-video';
import { storagePlugin } from '../../src/storage';
import { files, interviews } from '../../src/db/schema';
import { parseRange } from '../../src/interview/recording/interview-recordings';
import { bearer, buildTestApp, type TestContext } from '../helpers/build';

let ctx: TestContext;
beforeAll(async () => (ctx = await buildTestApp()));
afterAll(async () => ctx.close());

/** A tiny stand-in for a webm: the EBML magic followed by recognisable bytes. */
const fakeWebm = (size = 5000) => {
  const buf = Buffer.alloc(size);
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(buf);
  for (let i = 4; i < size; i++) buf[i] = i % 251;
  return buf;
};

/** A multipart body in the browser's order: fields first, then the file. */
function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) {
  const boundary = '----test' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'video/webm'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function newInterview(candidateId: string) {
  const [row] = await ctx.database.db.insert(interviews).values({ candidateId, status: 'in_progress' }).returning();
  return row!.id;
}

/** Posts a multipart body to the upload route, as `token`'s user when one is given. */
function postVideo(body: ReturnType<typeof multipart>, token: string | null, app: FastifyInstance = ctx.app) {
  return app.inject({
    method: 'POST',
    url: '/api/interviews/upload/video',
    headers: { ...(token ? bearer(token) : {}), ...body.headers },
    payload: body.payload,
  });
}

/** Uploads `data` as the recording of the interview, the way the interview page does. */
function upload(token: string, interviewId: string, data = fakeWebm(), app: FastifyInstance = ctx.app) {
  const body = multipart(
    { session_id: 'sess-1', interview_id: interviewId },
    { name: `interview_${interviewId}.webm`, data },
  );
  return postVideo(body, token, app);
}

/** Recording files on disk (local storage keeps them under DATA_DIR/uploads/interview_recording). */
function storedFileCount() {
  const dir = path.join(ctx.config.dataDir, 'uploads', 'interview_recording');
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile()).length;
}

describe('POST /api/interviews/upload/video', () => {
  it('stores the owner’s webm, records a file row and links it to the interview', async () => {
    const { token, user } = await ctx.signUp();
    const interviewId = await newInterview(user.id);
    const data = fakeWebm(300_000);
    const res = await upload(token, interviewId, data);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ interview_id: interviewId, size_bytes: data.length, content_type: 'video/webm' });

    const [interview] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interviewId));
    expect(interview!.recordingFileId).toBe(body.file_id);
    expect(interview!.sessionId).toBe('sess-1');
    const [file] = await ctx.database.db.select().from(files).where(eq(files.id, body.file_id));
    expect(file).toMatchObject({ purpose: 'interview_recording', ownerId: user.id, sizeBytes: data.length });
    expect(file!.storageKey).toMatch(/^interview_recording\/\d{4}-\d{2}\/[A-Za-z0-9_-]{32}$/);
    expect(fs.readFileSync(path.join(ctx.config.dataDir, 'uploads', file!.storageKey)).equals(data)).toBe(true);
  });

  it('rejects a file that is not webm by its content, whatever its name, and keeps nothing', async () => {
    const { token, user } = await ctx.signUp();
    const interviewId = await newInterview(user.id);
    const before = storedFileCount();
    const res = await upload(token, interviewId, Buffer.from('%PDF-1.7 definitely not a video'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'The recording must be a WebM video' });
    expect(storedFileCount()).toBe(before);
    const [interview] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interviewId));
    expect(interview!.recordingFileId).toBeNull();
  });

  it("answers 404 for another user's interview and for an unknown one, and keeps nothing", async () => {
    const owner = await ctx.signUp();
    const other = await ctx.signUp();
    // The other candidate has an interview of their own, so the check before the body passes.
    await newInterview(other.user.id);
    const interviewId = await newInterview(owner.user.id);
    const before = storedFileCount();
    const res = await upload(other.token, interviewId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Interview not found' });
    expect((await upload(other.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await upload(other.token, 'not-a-uuid')).statusCode).toBe(404);
    expect(storedFileCount()).toBe(before);
  });

  it('needs a bearer token, a video and an interview id', async () => {
    const { token, user } = await ctx.signUp();
    await newInterview(user.id);
    const noAuth = multipart({ interview_id: 'x' }, { name: 'a.webm', data: fakeWebm() });
    expect((await postVideo(noAuth, null)).statusCode).toBe(401);

    const noFile = await postVideo(multipart({ interview_id: 'x', session_id: 's' }), token);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe('The video file is missing');

    const noId = multipart({ session_id: 's' }, { name: 'a.webm', data: fakeWebm() });
    expect((await postVideo(noId, token)).statusCode).toBe(400);
  });

  it('a second upload replaces the first recording', async () => {
    const { token, user } = await ctx.signUp();
    const interviewId = await newInterview(user.id);
    const first = (await upload(token, interviewId, fakeWebm(1000))).json();
    const second = (await upload(token, interviewId, fakeWebm(2000))).json();
    expect(second.file_id).not.toBe(first.file_id);
    const old = await ctx.database.db.select().from(files).where(eq(files.id, first.file_id));
    expect(old).toHaveLength(0);
    const res = await ctx.get(`/api/interviews/${interviewId}/recording`, token);
    expect(res.rawPayload).toHaveLength(2000);
  });
});

describe('GET /api/interviews/{id}/recording', () => {
  let owner: { token: string; user: { id: string } };
  let interviewId: string;
  const data = fakeWebm(10_000);

  beforeAll(async () => {
    owner = await ctx.signUp();
    interviewId = await newInterview(owner.user.id);
    expect((await upload(owner.token, interviewId, data)).statusCode).toBe(201);
  });

  it('streams the whole recording as video/webm to its candidate and to an admin', async () => {
    for (const token of [owner.token, await ctx.adminToken()]) {
      const res = await ctx.get(`/api/interviews/${interviewId}/recording`, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/webm');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(Number(res.headers['content-length'])).toBe(data.length);
      expect(res.rawPayload.equals(data)).toBe(true);
    }
  });

  it('serves byte ranges for seeking (206 with Content-Range)', async () => {
    const get = (range: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/interviews/${interviewId}/recording`,
        headers: { ...bearer(owner.token), range },
      });
    const mid = await get('bytes=100-199');
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe(`bytes 100-199/${data.length}`);
    expect(mid.rawPayload.equals(data.subarray(100, 200))).toBe(true);

    const open = await get('bytes=9990-');
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(data.subarray(9990))).toBe(true);

    const suffix = await get('bytes=-4');
    expect(suffix.rawPayload.equals(data.subarray(data.length - 4))).toBe(true);

    const beyond = await get(`bytes=${data.length}-`);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${data.length}`);
  });

  it('is a 404 for another candidate, and for an interview without a recording', async () => {
    const other = await ctx.signUp();
    const res = await ctx.get(`/api/interviews/${interviewId}/recording`, other.token);
    expect(res.statusCode).toBe(404);
    const empty = await newInterview(other.user.id);
    const res2 = await ctx.get(`/api/interviews/${empty}/recording`, other.token);
    expect(res2.statusCode).toBe(404);
    expect(res2.json()).toEqual({ detail: 'No recording for this interview' });
    const anon = await ctx.get(`/api/interviews/${interviewId}/recording`);
    expect(anon.statusCode).toBe(401);
  });
});

describe('parseRange', () => {
  it('follows the bytes= forms', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

describe('upload size limit', () => {
  it('rejects a recording over the limit with 413 and keeps no bytes or row', async () => {
    // The same plugin on a small app with a 64 KB limit (the real one is 1 GB).
    const small = Fastify({ logger: false });
    small.setValidatorCompiler(validatorCompiler);
    small.setSerializerCompiler(serializerCompiler);
    small.decorate('config', ctx.config);
    small.decorate('db', ctx.database.db);
    await small.register(storagePlugin);
    await small.register(errorsPlugin);
    await small.register(authPlugin, { secret: ctx.config.JWT_SECRET!, expiresIn: '1h' });
    await small.register(uploadVideoRoutes, { prefix: '/api', maxBytes: 64 * 1024 });
    await small.ready();
    try {
      const { token, user } = await ctx.signUp();
      const interviewId = await newInterview(user.id);
      const filesBefore = (await ctx.database.db.select().from(files)).length;
      const before = storedFileCount();
      const res = await upload(token, interviewId, fakeWebm(200 * 1024), small);
      expect(res.statusCode).toBe(413);
      expect(res.json().detail).toMatch(/too large/);
      expect(storedFileCount()).toBe(before);
      expect((await ctx.database.db.select().from(files)).length).toBe(filesBefore);

      expect((await upload(token, interviewId, fakeWebm(60 * 1024), small)).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});
