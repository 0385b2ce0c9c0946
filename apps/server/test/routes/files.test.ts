import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, buildTestApp, type TestContext } from '../helpers/build';
import { files } from '../../src/db/schema';
import { saveFile } from '../../src/storage';
import { makeDocxResume, makePdfResume } from '../fixtures/resumes';

let t: TestContext;
beforeAll(async () => (t = await buildTestApp({ UPLOAD_ANON_LIMIT_PER_HOUR: '4' })));
afterAll(() => t.close());

/** A multipart/form-data body by hand, as a browser's FormData would send it. */
function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = '----test' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let ipCounter = 0;
/** Each upload comes from its own address unless told, so the anonymous limit does not interfere. */
function upload(
  file: { filename: string; type?: string; data: Buffer | string; field?: string },
  opts: { token?: string; query?: string; ip?: string } = {},
) {
  const body = multipart([{ name: file.field ?? 'file', ...file }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/files/upload${opts.query ?? ''}`,
    headers: { ...body.headers, ...(opts.token ? bearer(opts.token) : {}) },
    payload: body.payload,
    remoteAddress: opts.ip ?? `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
  });
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('POST /api/files/upload (resumes)', () => {
  it('stores a PDF resume for a signed-in user and returns its url and prefill', async () => {
    const { token, user } = await t.signUp();
    const pdf = await makePdfResume();
    const res = await upload({ filename: 'Maria CV.pdf', type: 'application/pdf', data: pdf }, { token });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.url).toBe(`/api/files/${body.id}`);
    expect(body).toMatchObject({ content_type: 'application/pdf', size: pdf.length });
    expect(body.prefill).toMatchObject({
      firstName: 'Maria',
      lastName: 'Gonzalez',
      email: 'maria.gonzalez@example.com',
      expertise: expect.arrayContaining(['Figma', 'Cinema 4D']),
    });

    const [row] = await t.database.db.select().from(files).where(eq(files.id, body.id));
    expect(row).toMatchObject({
      ownerId: user.id,
      purpose: 'resume',
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
      originalName: 'Maria CV.pdf',
    });
    // Unguessable storage key, and the bytes are on disk under DATA_DIR/uploads.
    expect(row!.storageKey).toMatch(/^resume\/\d{4}-\d{2}\/[A-Za-z0-9_-]{32}$/);
    const onDisk = fs.readFileSync(path.join(t.config.dataDir, 'uploads', ...row!.storageKey.split('/')));
    expect(onDisk.equals(pdf)).toBe(true);

    // Served back byte for byte to its owner, as a download that is never rendered.
    const served = await t.get(body.url, token);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Maria CV.pdf"; filename*=UTF-8''Maria%20CV.pdf`,
    );
  });

  it('accepts a DOCX anonymously (application wizard) and detects it by content, whatever its name', async () => {
    const docx = await makeDocxResume();
    const res = await upload({ filename: 'resume.bin', type: 'application/octet-stream', data: docx });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.content_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(body.prefill).toMatchObject({ firstName: 'James', country: 'United Kingdom' });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, body.id));
    expect(row!.ownerId).toBeNull();
  });

  it('accepts a DOC (OLE with a WordDocument stream) with an empty prefill', async () => {
    const doc = Buffer.concat([
      Buffer.from('d0cf11e0a1b11ae1', 'hex'),
      Buffer.alloc(600),
      Buffer.from('WordDocument', 'utf16le'),
      Buffer.alloc(100),
    ]);
    const res = await upload({ filename: 'old.doc', type: 'application/msword', data: doc });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ content_type: 'application/msword', prefill: {} });
  });

  it.each([
    ['an HTML page renamed .pdf', 'cv.pdf', 'application/pdf', '<html><script>alert(1)</script></html>'],
    ['a text file renamed .docx', 'cv.docx', 'application/pdf', 'just some text, not a resume'],
    [
      'a ZIP that is not a Word document',
      'cv.docx',
      'application/zip',
      Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.from('xl/workbook.xml'), Buffer.alloc(50)]),
    ],
    ['an image as a resume', 'cv.pdf', 'application/pdf', PNG],
  ])('refuses %s with 415 and keeps nothing', async (_label, filename, type, data) => {
    const before = (await t.database.db.select().from(files)).length;
    const res = await upload({ filename, type, data: Buffer.isBuffer(data) ? data : Buffer.from(data) });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported file type. Please upload a PDF, DOC or DOCX file.' });
    expect((await t.database.db.select().from(files)).length).toBe(before);
  });

  it('refuses an 11 MB file with 413 while streaming and keeps nothing', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const before = (await t.database.db.select().from(files)).length;
    const res = await upload({ filename: 'big.pdf', type: 'application/pdf', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'File is too large. The maximum size is 10 MB.' });
    expect((await t.database.db.select().from(files)).length).toBe(before);
    const leftovers = fs.readdirSync(path.join(t.config.dataDir, 'uploads'), { recursive: true, withFileTypes: true });
    expect(leftovers.filter((e) => e.isFile() && e.name.endsWith('.part'))).toEqual([]);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const exact = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 - 9, 0x20)]);
    const res = await upload({ filename: 'exact.pdf', type: 'application/pdf', data: exact });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ size: 10 * 1024 * 1024, prefill: {} });
  });

  it('answers a request without the file field with 422', async () => {
    const res = await upload({ filename: 'cv.pdf', data: '%PDF-1.7', field: 'document' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([{ loc: ['body', 'file'], msg: 'A file is required', type: 'missing' }]);

    const empty = multipart([{ name: 'note', data: 'hello' }]);
    const res2 = await t.app.inject({ method: 'POST', url: '/api/files/upload', ...empty });
    expect(res2.statusCode).toBe(422);

    const json = await t.post('/api/files/upload', null, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toMatch(/multipart\/form-data/);
  });

  it('answers a truncated multipart body with 400 and keeps nothing of it (decision 0167)', async () => {
    const { token, user } = await t.signUp();
    const pdf = await makePdfResume();
    const whole = multipart([{ name: 'file', filename: 'cv.pdf', type: 'application/pdf', data: pdf }]);
    // Cut inside the file, inside the part's headers, and just before the closing boundary.
    const headerEnd = whole.payload.indexOf('\r\n\r\n') + 4;
    for (const cut of [headerEnd + 200, 30, whole.payload.length - 10]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        headers: { ...whole.headers, ...bearer(token) },
        payload: whole.payload.subarray(0, cut),
      });
      expect(res.statusCode, `cut at ${cut}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ detail: 'The upload ended before the whole file arrived. Please send it again.' });
    }
    expect(await t.database.db.select().from(files).where(eq(files.ownerId, user.id))).toEqual([]);
  });

  it('limits anonymous uploads per address, not signed-in ones', async () => {
    const pdf = await makePdfResume(['Tiny Resume']);
    for (let i = 0; i < 4; i++) {
      expect((await upload({ filename: 'a.pdf', data: pdf }, { ip: '10.77.0.1' })).statusCode).toBe(201);
    }
    const limited = await upload({ filename: 'a.pdf', data: pdf }, { ip: '10.77.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Too many uploads/);
    expect((await upload({ filename: 'a.pdf', data: pdf }, { ip: '10.77.0.2' })).statusCode).toBe(201);
    const { token } = await t.signUp();
    expect((await upload({ filename: 'a.pdf', data: pdf }, { ip: '10.77.0.1', token })).statusCode).toBe(201);
    // Seven uploads, each parsed in its own child process: generous on a loaded machine.
  }, 120_000);
});

describe('POST /api/files/upload?purpose=task_media', () => {
  it('lets an admin upload media, served inline with its detected type', async () => {
    const admin = await t.adminToken();
    const res = await upload(
      { filename: 'pixel.png', type: 'text/html', data: PNG },
      { token: admin, query: '?purpose=task_media' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('prefill');
    const served = await t.get(res.json().url);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(`inline; filename="pixel.png"; filename*=UTF-8''pixel.png`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('detects audio and video containers', async () => {
    const admin = await t.adminToken();
    const samples: [Buffer, string][] = [
      [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(40)]), 'audio/wav'],
      [Buffer.concat([Buffer.from('ID3'), Buffer.alloc(40)]), 'audio/mpeg'],
      [Buffer.concat([Buffer.from('OggS'), Buffer.alloc(40)]), 'audio/ogg'],
      [Buffer.concat([Buffer.from('00000018', 'hex'), Buffer.from('ftypmp42'), Buffer.alloc(40)]), 'video/mp4'],
      [Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.from('....webm'), Buffer.alloc(40)]), 'video/webm'],
      [Buffer.from('%PDF-1.4 brief'), 'application/pdf'],
    ];
    for (const [data, type] of samples) {
      const res = await upload({ filename: 'm', data }, { token: admin, query: '?purpose=task_media' });
      expect(res.statusCode, type).toBe(201);
      expect(res.json().content_type).toBe(type);
    }
    const html = await upload(
      { filename: 'x.png', data: '<svg onload=alert(1)>' },
      { token: admin, query: '?purpose=task_media' },
    );
    expect(html.statusCode).toBe(415);
  });

  it('refuses task media from candidates (403) and anonymous callers (401)', async () => {
    const { token } = await t.signUp();
    expect((await upload({ filename: 'p.png', data: PNG }, { token, query: '?purpose=task_media' })).statusCode).toBe(
      403,
    );
    expect((await upload({ filename: 'p.png', data: PNG }, { query: '?purpose=task_media' })).statusCode).toBe(401);
    expect(
      (await upload({ filename: 'p.png', data: PNG }, { token, query: '?purpose=interview_recording' })).statusCode,
    ).toBe(422);
  });
});

describe('GET /api/files/:id', () => {
  it('serves byte ranges (media seeking)', async () => {
    const admin = await t.adminToken();
    const data = Buffer.concat([Buffer.from('OggS'), Buffer.from('0123456789')]);
    const { url } = (await upload({ filename: 'a.ogg', data }, { token: admin, query: '?purpose=task_media' })).json();
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=4-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('0123');
    expect(part.headers['content-range']).toBe(`bytes 4-7/${data.length}`);
    const bad = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=99-' } });
    expect(bad.statusCode).toBe(416);
  });

  it('never serves interview recordings and answers unknown ids with 404', async () => {
    const { user } = await t.signUp();
    const recording = await saveFile(t.database.db, t.app.storage, {
      ownerId: user.id,
      purpose: 'interview_recording',
      contentType: 'video/webm',
      body: [Buffer.from('1a45dfa3', 'hex')],
      maxBytes: 1000,
    });
    for (const url of [
      `/api/files/${recording.id}`,
      '/api/files/6f1c3c0e-1111-4222-8333-444455556666',
      '/api/files/../../etc/passwd',
      '/api/files/not-a-uuid',
    ]) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
