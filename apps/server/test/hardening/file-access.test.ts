/**
 * Issue rows 7 and 10: resumes readable only by their owner and admins (or a short-lived signed
 * link), and a recording upload refused before its body is read, limited per user.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, buildTestApp, type TestContext } from '../helpers/build';
import { files, interviews } from '../../src/db/schema';
import { makePdfResume } from '../fixtures/resumes';

const PORT = 3402;
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function uploadResume(token?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makePdfResume())], { type: 'application/pdf' }), 'cv.pdf');
  const res = await fetch(`http://127.0.0.1:${PORT}/api/files/upload`, {
    method: 'POST',
    body: form,
    headers: token ? bearer(token) : {},
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; url: string };
}

const get = (url: string, token?: string) => t.get(url, token);

describe('resume access', () => {
  it('serves a resume to its owner and admins only', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { url } = await uploadResume(owner.token);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, other.token)).statusCode).toBe(404);
    expect((await get(url, owner.token)).statusCode).toBe(200);
    expect((await get(url, await t.adminToken())).statusCode).toBe(200);
  });

  it('gives the owner and admins a short-lived signed link that works without a token', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { id, url } = await uploadResume(owner.token);
    const link = (token: string) => t.post(`/api/files/${id}/link`, token);
    expect((await link(other.token)).statusCode).toBe(404);
    const signed = await link(owner.token);
    expect(signed.statusCode).toBe(200);
    const signedUrl = signed.json().url as string;
    expect(signedUrl).toMatch(new RegExp(`^${url}\\?expires=\\d+&signature=`));
    expect((await get(signedUrl)).statusCode).toBe(200);
    // Tampered or expired signatures are worth nothing.
    // Change the signature's first character to a different one (never the same by chance).
    const tampered = signedUrl.replace(
      /signature=(.)/,
      (_m, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
    );
    expect(tampered).not.toBe(signedUrl);
    expect((await get(tampered)).statusCode).toBe(401);
    expect((await get(signedUrl.replace(/expires=\d+/, 'expires=1000'))).statusCode).toBe(401);
    expect((await link(await t.adminToken())).statusCode).toBe(200);
  });

  it('lets the candidate who uploaded before signing in claim the resume through the link', async () => {
    const { id, url } = await uploadResume();
    expect((await get(url)).statusCode).toBe(401);
    const candidate = await t.signUp();
    const signed = await t.post(`/api/files/${id}/link`, candidate.token);
    expect(signed.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
    expect(row!.ownerId).toBe(candidate.user.id);
    // Claimed once: nobody else can.
    const other = await t.signUp();
    expect((await t.post(`/api/files/${id}/link`, other.token)).statusCode).toBe(404);
  });
});

/**
 * Sends headers announcing a 200 MB body plus one small chunk, then waits for the reply. Returns
 * the status and how many body bytes had been written when it came.
 */
function earlyUpload(path: string, token: string | null) {
  return new Promise<{ status: number; sent: number }>((resolve, reject) => {
    let sent = 0;
    const req = http.request({
      host: '127.0.0.1',
      port: PORT,
      method: 'POST',
      path,
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(200 * 1024 * 1024),
        ...(token ? bearer(token) : {}),
      },
    });
    req.on('response', (res) => {
      res.resume();
      req.destroy();
      resolve({ status: res.statusCode ?? 0, sent });
    });
    req.on('error', (err) => (sent > 0 ? undefined : reject(err)));
    const chunk = Buffer.alloc(64 * 1024, 1);
    req.write('--x\r\nContent-Disposition: form-data; name="video"; filename="a.webm"\r\n\r\n');
    req.write(chunk);
    sent += chunk.length;
    setTimeout(() => resolve({ status: 0, sent }), 15_000).unref();
  });
}

describe('recording upload', () => {
  it('is refused before the body for no token, another candidate, or an interview not running', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const [running] = await t.database.db
      .insert(interviews)
      .values({ candidateId: owner.user.id, status: 'in_progress' })
      .returning();
    const [fresh] = await t.database.db
      .insert(interviews)
      .values({ candidateId: owner.user.id, status: 'not_started' })
      .returning();
    const path = (id: string) => `/api/interviews/upload/video?interview_id=${id}`;

    const results = {
      anonymous: await earlyUpload(path(running!.id), null),
      otherCandidate: await earlyUpload(path(running!.id), other.token),
      notStarted: await earlyUpload(path(fresh!.id), owner.token),
      noInterviewAtAll: await earlyUpload('/api/interviews/upload/video', other.token),
    };
    expect(results.anonymous.status).toBe(401);
    expect(results.otherCandidate.status).toBe(404);
    expect(results.notStarted.status).toBe(409);
    expect(results.noInterviewAtAll.status).toBe(409);
    // Each reply came after 64 KB of a declared 200 MB body: nothing waited for (or stored) the rest.
    for (const r of Object.values(results)) expect(r.sent).toBe(64 * 1024);
    const stored = await t.database.db.select().from(files).where(eq(files.purpose, 'interview_recording'));
    expect(stored).toHaveLength(0);
  });

  it('refuses a declared size over the limit before the body and limits uploads per user', async () => {
    const owner = await t.signUp();
    await t.database.db.insert(interviews).values({ candidateId: owner.user.id, status: 'completed' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/interviews/upload/video',
      headers: {
        ...bearer(owner.token),
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(2 * 1024 ** 3),
      },
      payload: '--x--',
    });
    expect(huge.statusCode).toBe(413);

    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/interviews/upload/video',
        headers: { ...bearer(owner.token), 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Another user is not affected.
    const second = await t.signUp();
    await t.database.db.insert(interviews).values({ candidateId: second.user.id, status: 'completed' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/interviews/upload/video',
      headers: { ...bearer(second.token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).not.toBe(429);
  });
});
