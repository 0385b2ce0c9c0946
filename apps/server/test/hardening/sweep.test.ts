/**
 * The malformed-input sweep: every route in the OpenAPI document gets wrong types, missing fields,
 * huge strings, NUL, odd unicode, JSON nested thousands of levels deep and odd content types,
 * anonymously and with candidate and admin tokens. No reply may be a 5xx, and the server must still
 * answer afterwards. The interview socket gets the same: NUL in every text field of every message,
 * deep nesting; every frame is answered with an `error`, nothing is created. Every route that takes a
 * raw body (bytes or multipart) gets big and odd bodies (decision 0167).
 */
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { bearer, buildTestApp, type TestContext } from '../helpers/build';
import { interviews } from '../../src/db/schema';
import { insertJob } from '../helpers/work-fixtures';
import { consentTo } from '../helpers/consent';
import { InterviewClient } from '../interview/ws-client';

let t: TestContext;
/** The socket sweep's candidate, signed up before the HTTP sweep uses up the sign-up limit. */
let socketUser: Awaited<ReturnType<TestContext['signUp']>>;
/** The raw-body sweep's candidate, with a live interview to send recording slices to. */
let rawUser: Awaited<ReturnType<TestContext['signUp']>>;
beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_ANON_LIMIT_PER_HOUR: '1000' });
  socketUser = await t.signUp();
  rawUser = await t.signUp();
});
afterAll(() => t.close());

const HUGE = 'x'.repeat(200_000);
const ODD = ['\u0000', 'null\u0000byte', '😀🚀', '\u202e\u200b', 'ʕ•ᴥ•ʔ', '../../etc/passwd', "' OR 1=1 --", HUGE];
/** Values for a path parameter (ids) and for every body field. */
const PARAM_VALUES = [
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  '%00',
  '%F0%9F%98%80',
  '-1',
  'a'.repeat(500),
];
const FIELD_VALUES: unknown[] = [null, 123, -1.5, true, [], {}, [1, 'a', null], ...ODD];
/** JSON text nested `depth` levels deep: arrays, objects, and a field holding them. */
const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const DEEP_BODIES = [deepArrays(10_000), deepObjects(10_000), `{"name":${deepArrays(100)}}`, deepArrays(200_000)];

type Spec = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
};
type Schema = { properties?: Record<string, unknown>; required?: string[] };

function bodiesFor(schema: Schema | undefined): unknown[] {
  const fields = Object.keys(schema?.properties ?? {});
  const bodies: unknown[] = [{}, [], 'text', 42, null];
  for (const value of FIELD_VALUES) bodies.push(Object.fromEntries(fields.map((f) => [f, value])));
  for (const field of fields) {
    // One field wrong at a time, the others left out (missing required fields).
    for (const value of [null, 7, HUGE, '\u0000', { nested: [] }]) bodies.push({ [field]: value });
  }
  return bodies;
}

describe('malformed-input sweep', () => {
  it('never answers 5xx and stays up', async () => {
    const spec = t.app.swagger() as unknown as Spec;
    const candidate = (await t.signUp()).token;
    const admin = await t.adminToken();
    const identities: Record<string, Record<string, string>> = {
      anonymous: {},
      candidate: bearer(candidate),
      admin: bearer(admin),
      forged: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIn0.' },
    };
    let routes = 0;
    let requests = 0;
    const failures: string[] = [];

    const send = async (opts: InjectOptions) => {
      requests++;
      const res = await t.app.inject(opts);
      if (res.statusCode >= 500)
        failures.push(`${opts.method} ${String(opts.url).slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    };

    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        routes++;
        const upper = method.toUpperCase() as InjectOptions['method'];
        const hasParams = /\{[^}]+\}/.test(path);
        // The document's paths carry the /api prefix already (prefixing it again reached no route).
        const full = path.startsWith('/api/') ? path : `/api${path}`;
        const urls = (hasParams ? PARAM_VALUES : ['']).map((v) => full.replace(/\{[^}]+\}/g, v));
        const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
        for (const headers of Object.values(identities)) {
          for (const url of urls) {
            await send({ method: upper, url, headers });
            await send({
              method: upper,
              url: `${url}?q=%00&limit=abc&page=-1&status[]=x&job_id=${'z'.repeat(3000)}`,
              headers,
            });
          }
          if (upper === 'GET' || upper === 'DELETE') continue;
          const url = urls[0]!;
          for (const body of bodiesFor(jsonSchema)) {
            await send({
              method: upper,
              url,
              headers: { ...headers, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
          }
          for (const [type, payload] of [
            ['application/json', ''],
            ['application/json', '{"a": '],
            ['application/json', '{"__proto__": {"admin": true}}'],
            ['text/plain', 'hello'],
            ['application/x-www-form-urlencoded', 'a=1&b=2'],
            ['multipart/form-data', '--x\r\nbroken'],
            [
              'multipart/form-data; boundary=x',
              '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7\r\n--x--\r\n',
            ],
            ['application/xml', '<a/>'],
            ['application/json; charset=latin1', '{}'],
            ...DEEP_BODIES.map((body) => ['application/json', body] as const),
          ] as const) {
            await send({ method: upper, url, headers: { ...headers, 'content-type': type }, payload });
          }
        }
      }
    }
    console.log(`sweep: ${routes} routes, ${requests} requests, ${failures.length} 5xx`);
    if (failures.length) console.log(failures.slice(0, 30).join('\n'));
    expect(routes).toBeGreaterThan(30);
    expect(failures).toEqual([]);
    const health = await t.get('/api/health');
    expect(health.statusCode).toBe(200);
  }, 600_000);

  it('answers every malformed socket frame with an error, creates nothing and stays up', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws/session`;
    const { token, user } = socketUser;
    const job = await insertJob(t.database.db, { status: 'active' });
    await consentTo(t.app, token, job.id);
    const start = {
      event: 'start',
      session_id: crypto.randomUUID(),
      interview_id: crypto.randomUUID(),
      job_id: job.id,
      candidate_id: 'ignored',
      candidate_name: 'Sam Lee',
    };
    const messages: Record<string, unknown>[] = [
      start,
      { ...start, practice: true },
      { event: 'mic_chunk', seq: 1, audio_b64: 'AAAA', timestamp: 0.1 },
      { event: 'ai_chunk_played', seq: 1, timestamp: 0.1 },
      { event: 'barge_in' },
      { event: 'user_turn_end' },
      { event: 'end', reason: 'user_ended' },
    ];
    const frames: string[] = [];
    for (const message of messages) {
      for (const [field, value] of Object.entries(message)) {
        // NUL inside, alone, and in a key; in every field, `event` included.
        const text = typeof value === 'string' ? value : String(value);
        for (const bad of [`${text}\u0000`, '\u0000']) frames.push(JSON.stringify({ ...message, [field]: bad }));
        frames.push(JSON.stringify({ ...message, [`${field}\u0000`]: value }));
      }
      frames.push(JSON.stringify({ ...message, extra: { deep: ['ok', 'x\u0000'] } }));
      frames.push(JSON.stringify(message).replace(/}$/, `,"deep":${deepArrays(5_000)}}`));
    }
    frames.push(deepArrays(100_000), deepObjects(10_000));

    let unanswered = 0;
    for (const protocols of [undefined, ['bearer', token]]) {
      const client = await InterviewClient.connect(protocols ? url : `${url}?token=${token}`, false, protocols);
      for (const frame of frames) {
        const from = client.messages.length;
        client.send(frame);
        const reply = await client.waitFor(() => true, 20_000, from).catch(() => undefined);
        if (reply?.event !== 'error' || /went wrong/i.test((reply as { message: string }).message)) unanswered++;
      }
      expect(client.closed).toBe(false);
      client.close();
    }
    console.log(`socket sweep: ${frames.length * 2} frames, ${unanswered} not refused with an error`);
    expect(unanswered).toBe(0);
    expect(await t.database.db.select().from(interviews).where(eq(interviews.candidateId, user.id))).toEqual([]);
    await vi.waitFor(() => expect(t.app.interviewSessions.size).toBe(0));
    expect((await t.get('/api/health')).statusCode).toBe(200);
  }, 600_000);

  it('sends big and odd raw bodies to every route that takes one: no 5xx, a {detail} for each refusal, stays up', async () => {
    const spec = t.app.swagger() as unknown as Spec;
    const admin = await t.adminToken();
    const [live] = await t.database.db
      .insert(interviews)
      .values({ candidateId: rawUser.user.id, status: 'in_progress', startedAt: new Date(Date.now() - 600_000) })
      .returning();
    const identities = [bearer(rawUser.token), bearer(admin)];
    const query = `?segment=${crypto.randomUUID()}&elapsed_ms=5000&interview_id=${live!.id}&purpose=resume`;
    const routes: { method: InjectOptions['method']; url: string }[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const method of Object.keys(methods)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        const full = (path.startsWith('/api/') ? path : `/api${path}`).replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'seq' ? '0' : live!.id,
        );
        routes.push({ method: method.toUpperCase() as InjectOptions['method'], url: full + query });
      }
    }

    // Which routes take a raw body: those that answer a tiny one with anything but "Unsupported
    // content type" or a refusal of the caller.
    const raw: typeof routes = [];
    for (const route of routes) {
      let takes = false;
      for (const headers of identities) {
        for (const type of ['application/octet-stream', 'video/webm', 'multipart/form-data; boundary=x']) {
          const res = await t.app.inject({ ...route, headers: { ...headers, 'content-type': type }, payload: 'x' });
          if (![401, 403, 415].includes(res.statusCode)) takes = true;
        }
      }
      if (takes) raw.push(route);
    }
    const paths = raw.map((r) => `${r.method} ${r.url.split('?')[0]!.replaceAll(live!.id, '{id}')}`);
    console.log(`raw-body routes: ${paths.join(', ')}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'PUT /api/interviews/{id}/recording/chunks/0',
        'POST /api/files/upload',
        'POST /api/interviews/upload/video',
      ]),
    );

    const MiB = 1024 * 1024;
    const webm = (size: number) => {
      const bytes = Buffer.alloc(size);
      bytes.set([0x1a, 0x45, 0xdf, 0xa3]);
      return bytes;
    };
    const largest = webm(16 * MiB);
    const form = (field: string, body: Buffer, end = true) =>
      Buffer.concat([
        Buffer.from(
          `--b\r\nContent-Disposition: form-data; name="${field}"; filename="a.webm"\r\nContent-Type: video/webm\r\n\r\n`,
        ),
        body,
        Buffer.from(end ? '\r\n--b--\r\n' : ''),
      ]);
    const octet = { 'content-type': 'application/octet-stream' };
    const multipart = { 'content-type': 'multipart/form-data; boundary=b' };
    const bodies: [string, Record<string, string>, () => InjectOptions['payload']][] = [
      ['16 MiB of bytes', octet, () => largest],
      ['16 MiB + 1 as video/webm', { 'content-type': 'video/webm' }, () => webm(16 * MiB + 1)],
      [
        '17 MiB without a length',
        { ...octet, 'transfer-encoding': 'chunked' },
        () => Readable.from([largest, largest.subarray(0, MiB)]),
      ],
      ['an empty body', octet, () => Buffer.alloc(0)],
      ['1 MiB of NUL bytes', octet, () => Buffer.alloc(MiB)],
      ['1 MiB of NUL bytes as JSON', { 'content-type': 'application/json' }, () => Buffer.alloc(MiB)],
      ['16 MiB as text', { 'content-type': 'text/plain' }, () => largest],
      ['multipart cut short in the file', multipart, () => form('file', largest.subarray(0, 2 * MiB), false)],
      ['multipart video cut short', multipart, () => form('video', largest.subarray(0, 2 * MiB), false)],
      ['multipart with a 12 MiB file', multipart, () => form('file', largest.subarray(0, 12 * MiB))],
      ['multipart without a boundary', { 'content-type': 'multipart/form-data' }, () => largest.subarray(0, MiB)],
    ];
    const failures: string[] = [];
    let requests = 0;
    for (const route of raw) {
      for (const headers of identities) {
        for (const [label, type, payload] of bodies) {
          requests++;
          const res = await t.app.inject({ ...route, headers: { ...headers, ...type }, payload: payload() });
          const detail = res.statusCode >= 400 ? (res.json() as { detail?: unknown }).detail : 'ok';
          if (res.statusCode >= 500 || !detail)
            failures.push(`${route.method} ${route.url} ${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    console.log(`raw-body sweep: ${raw.length} routes, ${requests} requests, ${failures.length} failures`);
    expect(failures).toEqual([]);
    // An honest slice still goes through afterwards, and the server answers.
    const slice = await t.app.inject({
      method: 'PUT',
      url: `/api/interviews/${live!.id}/recording/chunks/0?segment=${crypto.randomUUID()}&elapsed_ms=5000`,
      headers: { ...bearer(rawUser.token), ...octet },
      payload: webm(700_000),
    });
    expect(slice.statusCode, slice.body).toBe(201);
    expect((await t.get('/api/health')).statusCode).toBe(200);
  }, 600_000);
});
