/**
 * Issue 24 (second hardening pass), rows 1, 2, 6 and 8: a profile names only its owner's résumé and
 * an account deletion removes only the account's files; a reset link never takes its host from the
 * request; one CSV writer quotes every field and neutralises formulas; consents are rate limited and
 * one row each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { readOutbox, resetLink } from '../helpers/outbox';
import { acceptedCandidate, createTasks, insertJob, postJob, sampleTask, workOnTask } from '../helpers/work-fixtures';
import { files, profiles } from '../../src/db/schema';
import { saveFile } from '../../src/storage';
import { NOT_YOUR_RESUME } from '../../src/accounts/uploads';
import { csvLine, toCsv } from '../../src/lib/csv';
import { CONSENT_LIMIT } from '../../src/privacy/routes';

const PORT = 3401;
let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin({ HOST: '127.0.0.1', PORT: String(PORT) })));
afterAll(() => t.close());

const PASSWORD = 'secret123';
const profileWith = (extra: object) => ({ name: 'Sam Doe', bio: 'Illustrator', expertise: ['Illustration'], ...extra });
const saveProfile = (token: string, extra: object) => t.put('/api/profile/complete', token, profileWith(extra));

/** A stored file as an upload leaves it: a row and its bytes. */
const storeFile = (ownerId: string | null, purpose: 'resume' | 'task_media' = 'resume') =>
  saveFile(t.app.db, t.app.storage, {
    ownerId,
    purpose,
    contentType: 'application/pdf',
    body: [Buffer.from(`%PDF-1.4 a file of ${ownerId ?? 'nobody'}`)],
    maxBytes: 1e6,
  });
const fileRow = async (id: string) => (await t.app.db.select().from(files).where(eq(files.id, id)))[0];
const bytesExist = (key: string) => fs.existsSync(path.join(t.config.dataDir, 'uploads', key));

describe('row 1: a profile names only its owner’s files', () => {
  it('refuses another candidate’s résumé, task media and unknown files with a 422, and takes the caller’s own', async () => {
    const victim = await t.signUp();
    const attacker = await t.signUp();
    const victimResume = await storeFile(victim.user.id);
    const media = await storeFile(null, 'task_media');

    for (const resume_url of [
      `/api/files/${victimResume.id}`,
      `http://127.0.0.1:${PORT}/api/files/${victimResume.id}`,
      `/api/files/${media.id}`,
      '/api/files/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await saveProfile(attacker.token, { resume_url });
      expect(res.statusCode, resume_url).toBe(422);
      expect(res.json(), resume_url).toEqual({ detail: NOT_YOUR_RESUME });
    }
    // Nothing was saved: the console does not show the victim's résumé as the attacker's.
    const listed = await t.get(`/api/admin/candidates/${attacker.user.id}`, admin);
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).not.toContain(victimResume.id);
    expect((await fileRow(victimResume.id))!.ownerId).toBe(victim.user.id);

    const own = await storeFile(attacker.user.id);
    const ok = await saveProfile(attacker.token, { resume_url: `/api/files/${own.id}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().resume_url).toBe(`/api/files/${own.id}`);
    // A link elsewhere on the web is no file of ours.
    expect((await saveProfile(attacker.token, { resume_url: 'https://example.com/cv.pdf' })).statusCode).toBe(200);
  });

  it('gives a résumé uploaded before sign-up to the profile that names it, and to no second one', async () => {
    const anonymous = await storeFile(null);
    const first = await t.signUp();
    const second = await t.signUp();
    expect((await saveProfile(first.token, { resume_url: `/api/files/${anonymous.id}` })).statusCode).toBe(200);
    expect((await fileRow(anonymous.id))!.ownerId).toBe(first.user.id);
    expect((await saveProfile(second.token, { resume_url: `/api/files/${anonymous.id}` })).statusCode).toBe(422);
  });

  it('deleting an account deletes only the files it owns, not a file its profile named', async () => {
    const victim = await t.signUp();
    const attacker = await t.signUp();
    const victimResume = await storeFile(victim.user.id);
    const attackerResume = await storeFile(attacker.user.id);
    // A profile saved before this check existed names the victim's résumé.
    await saveProfile(attacker.token, {});
    await t.app.db
      .update(profiles)
      .set({ resumeUrl: `/api/files/${victimResume.id}` })
      .where(eq(profiles.userId, attacker.user.id));

    const deleted = await t.delete('/api/account', attacker.token, { password: PASSWORD });
    expect(deleted.statusCode).toBe(204);
    expect(await fileRow(attackerResume.id)).toBeUndefined();
    expect(bytesExist(attackerResume.storageKey)).toBe(false);
    // The victim's résumé is still theirs, row and bytes, and they can still open it.
    expect((await fileRow(victimResume.id))!.ownerId).toBe(victim.user.id);
    expect(bytesExist(victimResume.storageKey)).toBe(true);
    expect((await t.get(`/api/files/${victimResume.id}`, victim.token)).statusCode).toBe(200);
  });
});

describe('row 2: a password reset link never takes its host from the request', () => {
  it('without PUBLIC_URL links to the address the server is bound to, whatever Host says', async () => {
    await t.signUp('reset-host@example.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { host: 'evil.test', 'x-forwarded-host': 'evil.test' },
      payload: { email: 'reset-host@example.test' },
    });
    expect(res.statusCode).toBe(202);
    await t.app.queue.settle();
    const link = resetLink(t.config.dataDir, 'reset-host@example.test');
    expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/reset-password\\?token=[\\w-]{43}$`));
  });

  it('bound to every interface and without PUBLIC_URL: no mail, the same reply, one warning without the token', async () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const open = await buildTestApp({ HOST: '0.0.0.0' }, { logger: { level: 'info', stream: capture } });
    try {
      await open.signUp('reset-any@example.test');
      const ask = (email: string) =>
        open.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          headers: { host: 'evil.test' },
          payload: { email },
        });
      const known = await ask('reset-any@example.test');
      const unknown = await ask('nobody-here@example.test');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      await open.app.queue.settle();
      expect(readOutbox(open.config.dataDir).filter((m) => m.includes('reset-any@example.test'))).toEqual([]);
      const { rows } = await open.database.query('SELECT count(*)::int AS n FROM password_reset_tokens');
      expect((rows as { n: number }[])[0]!.n).toBe(0);
      const warnings = lines.filter((l) => l.includes('password reset e-mail not sent'));
      expect(warnings).toHaveLength(2); // one line per request
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, msg: expect.stringContaining('set PUBLIC_URL') });
      expect(warnings.join('')).not.toMatch(/reset-any@|token=/);
    } finally {
      await open.close();
    }
  });
});

describe('row 6: one CSV writer, every field quoted, formulas neutralised', () => {
  it('csvLine and toCsv quote every field and neutralise a trigger at the start or after a separator', () => {
    expect(csvLine(['a', 1, null, undefined, true])).toBe('"a","1","","","true"\r\n');
    expect(csvLine(['say "hi"', 'two\r\nlines'])).toBe('"say ""hi""","two\r\nlines"\r\n');
    expect(csvLine(['=1+2', '+1', '-1', '@SUM(A1)', '\t=x', '\r=x'])).toBe(
      `"'=1+2","'+1","'-1","'@SUM(A1)","'\t'=x","'\r'=x"\r\n`,
    );
    expect(csvLine(['Bob;=1+2;@SUM(1+1)', 'a,=b', 'a|+b', 'a\n-b', 'a\t@b', 'a; =b'])).toBe(
      `"Bob;'=1+2;'@SUM(1+1)","a,'=b","a|'+b","a\n'-b","a\t'@b","a; '=b"\r\n`,
    );
    // Numbers are data, never formulas; text without a trigger is left alone.
    expect(csvLine([-5, 'e-mail', 'x=y', 'a-b'])).toBe('"-5","e-mail","x=y","a-b"\r\n');
    expect(
      toCsv(
        ['h1', 'h2'],
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
      ),
    ).toBe('"h1","h2"\r\n"a","b"\r\n"c","d"\r\n');
  });

  it('the payout CSV writes a name like Bob;=1+2;@SUM(1+1) quoted and neutralised', async () => {
    const job = await postJob(t, admin);
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    const named = await t.put('/api/profile/complete', candidate.token, profileWith({ name: 'Bob;=1+2;@SUM(1+1)' }));
    expect(named.statusCode).toBe(200);
    const [task] = await createTasks(t, admin, job.id, [sampleTask({ assignee_id: candidate.user.id })]);
    const done = await workOnTask(t, candidate.token, task!.id, { quality_rating: 4, feedback_notes: 'Fine.' }, 1800);
    expect(done.statusCode).toBe(200);
    expect((await t.post(`/api/admin/tasks/${task!.id}/review`, admin, { approved: true })).statusCode).toBe(200);
    const payout = await t.post('/api/admin/payouts', admin, { user_id: candidate.user.id });
    expect(payout.statusCode).toBe(200);

    const csv = await t.get(`/api/admin/payouts/${payout.json().payout_id}/export.csv`, admin);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^"[^"]*"(,"[^"]*")*$/);
    expect(lines[1]).toContain(`,"Bob;'=1+2;'@SUM(1+1)",`);
    // Nowhere in the file does a trigger follow a separator unneutralised.
    expect(csv.body).not.toMatch(/(^|[;,\t|\n])"?[=+\-@]/);
  });
});

describe('CSV look-alikes: a no-break, ideographic or fullwidth lead-in is neutralised too (decision 0167)', () => {
  it('neutralises a trigger after U+00A0 or U+3000, and the fullwidth ＝ ＋ － ＠', () => {
    expect(csvLine(['\u00a0=1+2', '\u3000=1+2', ' \u00a0 @SUM(A1)', '＝1+2', '＋1', '－1', '＠SUM(A1)'])).toBe(
      `"'\u00a0=1+2","'\u3000=1+2","' \u00a0 @SUM(A1)","'＝1+2","'＋1","'－1","'＠SUM(A1)"\r\n`,
    );
    expect(csvLine(['Bob;\u3000=1+2', 'a,\u00a0+b', 'a|＝b', 'a;\u3000＠b'])).toBe(
      `"Bob;\u3000'=1+2","a,\u00a0'+b","a|'＝b","a;\u3000'＠b"\r\n`,
    );
    // Text without a trigger stays as it was.
    expect(csvLine(['\u00a0Bob', 'Ｂｏｂ', 'a\u3000b'])).toBe('"\u00a0Bob","Ｂｏｂ","a\u3000b"\r\n');
  });

  it('the payout CSV neutralises a name like Bob;\u3000=1+2;＝SUM(1)', async () => {
    const job = await postJob(t, admin);
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    const name = 'Bob;\u3000=1+2;＝SUM(1)';
    expect((await t.put('/api/profile/complete', candidate.token, profileWith({ name }))).statusCode).toBe(200);
    const [task] = await createTasks(t, admin, job.id, [sampleTask({ assignee_id: candidate.user.id })]);
    const done = await workOnTask(t, candidate.token, task!.id, { quality_rating: 4, feedback_notes: 'Fine.' }, 1800);
    expect(done.statusCode).toBe(200);
    expect((await t.post(`/api/admin/tasks/${task!.id}/review`, admin, { approved: true })).statusCode).toBe(200);
    const payout = await t.post('/api/admin/payouts', admin, { user_id: candidate.user.id });
    const csv = await t.get(`/api/admin/payouts/${payout.json().payout_id}/export.csv`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[1]).toContain(`,"Bob;\u3000'=1+2;'＝SUM(1)",`);
  });
});

describe('row 8: POST /api/consents is one row per consent and rate limited', () => {
  const consent = (token: string, jobId: string) =>
    t.post('/api/consents', token, { purpose: 'interview_recording', job_id: jobId });

  it('a repeated identical consent is the same row', async () => {
    const job = await insertJob(t.app.db, { status: 'active' });
    const { token } = await t.signUp();
    const first = await consent(token, job.id);
    const again = await consent(token, job.id);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await t.get('/api/consents', token)).json()).toEqual([first.json()]);
  });

  it(`answers 429 after ${CONSENT_LIMIT.max} consents from one account, and other accounts go on`, async () => {
    const job = await insertJob(t.app.db, { status: 'active' });
    const { token } = await t.signUp();
    for (let i = 0; i < CONSENT_LIMIT.max; i++) expect((await consent(token, job.id)).statusCode).toBe(201);
    const over = await consent(token, job.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toEqual(expect.any(String));
    const other = await t.signUp();
    expect((await consent(other.token, job.id)).statusCode).toBe(201);
  });
});
