/**
 * Issue rows 3, 4 and 11 (the HTTP side): tokens and SQL parameters never reach the log output, and
 * an interview for an archived job cannot be completed (so it is never assessed).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, postJsonText, type TestContext } from '../helpers/build';
import { interviews } from '../../src/db/schema';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestContext;
beforeAll(async () => (t = await buildTestApp({}, { logger: { level: 'info', stream: capture } })));
afterAll(() => t.close());

describe('log output', () => {
  it('holds no token from URLs or headers and no SQL parameters', async () => {
    const { token } = await t.signUp();
    await t.get(`/ws/session?token=${token}&x=1`);
    await t.get(`/api/profile/me?token=${token}`, token);
    await t.get(`/api/files/00000000-0000-4000-8000-000000000000?signature=sig-secret&expires=1`);
    // A failing statement: drizzle's error carries the query and its parameters.
    const failed = await t.database.db
      .execute(sql`select ${'param-secret@example.com'}::int`)
      .catch((err: unknown) => err);
    expect(String((failed as Error).message)).toContain('param-secret'); // the raw error does carry it
    t.app.log.error({ err: failed }, 'request failed');

    const output = lines.join('');
    expect(output).toContain('/ws/session?token=[redacted]&x=1');
    expect(output).toContain('request failed');
    expect(output).not.toContain(token);
    expect(output).not.toContain(token.split('.')[2]!);
    expect(output).not.toContain('sig-secret');
    expect(output).not.toContain('param-secret');
  });
});

describe('interviews for archived jobs', () => {
  it('cannot be completed over HTTP (409), and stay unassessed', async () => {
    const admin = await t.adminToken();
    const job = await t.post('/api/admin/jobs', admin, {
      title: 'Closed role',
      description: 'Gone',
      position_type: 'Freelance',
      pay_per_hour: 30,
      status: 'archived',
    });
    expect(job.statusCode, job.body).toBe(201);
    const { token, user } = await t.signUp();
    const [row] = await t.database.db
      .insert(interviews)
      .values({ candidateId: user.id, jobId: job.json().id, status: 'in_progress' })
      .returning();
    const res = await postJsonText(t.app, `/api/interviews/${row!.id}/complete`, '', token);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/no longer open/);
    const after = await t.get(`/api/interviews/${row!.id}`, token);
    expect(after.json().status).toBe('in_progress');
  });
});
